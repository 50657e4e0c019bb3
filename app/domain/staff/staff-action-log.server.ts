// The whole staff action log of a site (/staff/actions and its CSV): newest first, filtered by
// staff member, kind of action, target and days (site time), read only for the admin's own site.
import type { Prisma, StaffActionKind, StaffActionTarget } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { readableDetail, type StaffActionLogRow } from "./staff-action-detail";

/** Rows per page of the log. */
export const STAFF_ACTIONS_PER_PAGE = 50;
/** Rows one CSV export holds at most (newest first): more than a year of a busy team's work. */
export const STAFF_ACTIONS_CSV_LIMIT = 20_000;

export interface StaffActionFilter {
  staffId?: number;
  action?: StaffActionKind;
  targetType?: StaffActionTarget;
  targetId?: number;
  /** Days (YYYY-MM-DD) in the site's time zone, both included. */
  from?: string;
  to?: string;
}

async function whereOf(siteId: number, filter: StaffActionFilter, timeZone: string) {
  const where: Prisma.StaffActionWhereInput = {
    siteId,
    ...(filter.staffId ? { staffId: filter.staffId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.targetType ? { targetType: filter.targetType } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
  };
  if (filter.from || filter.to) {
    const [bounds] = await db().$queryRaw<{ since: Date | null; until: Date | null }[]>`
      SELECT (${filter.from ?? null}::date::timestamp AT TIME ZONE ${timeZone}) AS since,
        ((${filter.to ?? null}::date + 1)::timestamp AT TIME ZONE ${timeZone}) AS until`;
    where.createdAt = {
      ...(bounds!.since ? { gte: bounds!.since } : {}),
      ...(bounds!.until ? { lt: bounds!.until } : {}),
    };
  }
  return where;
}

async function readRows(where: Prisma.StaffActionWhereInput, skip: number, take: number) {
  const rows = await db().staffAction.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
    select: {
      id: true,
      createdAt: true,
      action: true,
      targetType: true,
      targetId: true,
      detail: true,
      staff: { select: { id: true, email: true } },
    },
  });
  return rows.map((row): StaffActionLogRow => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    staff: row.staff,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    detail: readableDetail(row.detail),
  }));
}

/** One page of the site's log under the filter. */
export async function staffActionLog(
  siteId: number,
  timeZone: string,
  filter: StaffActionFilter,
  page: number,
): Promise<{ rows: StaffActionLogRow[]; page: number; pages: number; total: number }> {
  const where = await whereOf(siteId, filter, timeZone);
  const total = await db().staffAction.count({ where });
  const pages = Math.max(1, Math.ceil(total / STAFF_ACTIONS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await readRows(where, (current - 1) * STAFF_ACTIONS_PER_PAGE, STAFF_ACTIONS_PER_PAGE);
  return { rows, page: current, pages, total };
}

/** Every row under the filter for the CSV, newest first, up to the export's limit. */
export async function staffActionExport(
  siteId: number,
  timeZone: string,
  filter: StaffActionFilter,
): Promise<StaffActionLogRow[]> {
  return readRows(await whereOf(siteId, filter, timeZone), 0, STAFF_ACTIONS_CSV_LIMIT);
}

/** Who can be chosen in the filter: the site's staff now and everyone who ever logged an action. */
export async function staffOfLog(siteId: number): Promise<{ id: number; email: string }[]> {
  return db().user.findMany({
    where: { siteId, OR: [{ role: { in: ["support", "admin"] } }, { staffActions: { some: { siteId } } }] },
    orderBy: { email: "asc" },
    select: { id: true, email: true },
  });
}
