// Admins' credit packages (/staff/packages): create, change, move up or down, switch off or on. A
// package is never deleted: payments name it. Every change is logged with the fields before and
// after (decision 0023) and tells every app process to drop its cached packages, in the same
// transaction.
import { announceSiteChange } from "~/domain/core/site-changes.server";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import type { PackageInput, StaffPackageView } from "./package-schema";

const packageSelect = {
  id: true,
  currency: true,
  credits: true,
  priceCents: true,
  discountPercent: true,
  variant: true,
  popular: true,
  sortOrder: true,
  active: true,
} satisfies Prisma.CreditPackageSelect;

/** Every package of the site, switched-off ones too, by currency and in the order members see them. */
export function listSitePackages(siteId: number): Promise<StaffPackageView[]> {
  return db().creditPackage.findMany({
    where: { siteId },
    select: packageSelect,
    orderBy: [{ currency: "asc" }, { sortOrder: "asc" }, { credits: "asc" }, { id: "asc" }],
  });
}

export function findSitePackage(siteId: number, id: number): Promise<StaffPackageView | null> {
  return db().creditPackage.findFirst({ where: { id, siteId }, select: packageSelect });
}

export type SavePackageResult =
  { ok: true; id: number; changed: boolean } | { ok: false; error: "notFound" | "creditsTaken" };

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

type PackageFields = Omit<StaffPackageView, "id" | "sortOrder">;

function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const names = Object.keys(after).filter((name) => before[name] !== after[name]);
  return {
    before: Object.fromEntries(names.map((name) => [name, before[name]])),
    after: Object.fromEntries(names.map((name) => [name, after[name]])),
    names,
  };
}

/**
 * Creates a package (last in its currency) or changes one of the staff member's site. One currency
 * cannot hold two packages of the same number of credits.
 */
export async function savePackage(staff: StaffActor, input: PackageInput): Promise<SavePackageResult> {
  const fields: PackageFields = {
    currency: input.currency,
    credits: input.credits,
    priceCents: input.price,
    discountPercent: input.discountPercent,
    variant: input.variant,
    popular: input.popular,
    active: input.active,
  };
  try {
    return await db().$transaction(async (tx): Promise<SavePackageResult> => {
      if (input.id === undefined) {
        const last = await tx.creditPackage.aggregate({
          where: { siteId: staff.siteId, currency: fields.currency },
          _max: { sortOrder: true },
        });
        const created = await tx.creditPackage.create({
          data: { siteId: staff.siteId, ...fields, sortOrder: (last._max.sortOrder ?? -1) + 1 },
          select: { id: true },
        });
        await recordStaffAction(tx, staff, "package_created", created.id, { after: fields });
        await announceSiteChange(tx, staff.siteId);
        return { ok: true, id: created.id, changed: true };
      }
      const current = await tx.creditPackage.findFirst({
        where: { id: input.id, siteId: staff.siteId },
        select: packageSelect,
      });
      if (!current) return { ok: false, error: "notFound" };
      const diff = changedFields(current, fields);
      if (diff.names.length === 0) return { ok: true, id: current.id, changed: false };
      await tx.creditPackage.update({ where: { id: current.id }, data: diff.after, select: { id: true } });
      await recordStaffAction(tx, staff, "package_updated", current.id, {
        before: diff.before,
        after: diff.after,
      } as Prisma.InputJsonObject);
      await announceSiteChange(tx, staff.siteId);
      return { ok: true, id: current.id, changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "creditsTaken" };
    throw error;
  }
}

/** Switches a package of the site off or on; false when the site has no such package. */
export async function setPackageActive(staff: StaffActor, id: number, active: boolean): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const current = await tx.creditPackage.findFirst({
      where: { id, siteId: staff.siteId },
      select: { active: true },
    });
    if (!current) return false;
    if (current.active === active) return true;
    await tx.creditPackage.update({ where: { id }, data: { active }, select: { id: true } });
    await recordStaffAction(tx, staff, "package_updated", id, {
      before: { active: current.active },
      after: { active },
    });
    await announceSiteChange(tx, staff.siteId);
    return true;
  });
}

/**
 * Moves a package one place up or down among its currency's packages (members see them in this
 * order). The currency's packages are numbered afresh, so equal sort numbers cannot stall a move.
 * False when the site has no such package; at the top or bottom nothing changes.
 */
export async function movePackage(staff: StaffActor, id: number, direction: "up" | "down"): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const moved = await tx.creditPackage.findFirst({
      where: { id, siteId: staff.siteId },
      select: { currency: true, sortOrder: true },
    });
    if (!moved) return false;
    // Locks the currency's packages: two moves at once would otherwise number from the same order.
    await tx.$queryRaw`SELECT id FROM "CreditPackage"
      WHERE "siteId" = ${staff.siteId} AND currency = ${moved.currency} FOR UPDATE`;
    const order = await tx.creditPackage.findMany({
      where: { siteId: staff.siteId, currency: moved.currency },
      select: { id: true, sortOrder: true },
      orderBy: [{ sortOrder: "asc" }, { credits: "asc" }, { id: "asc" }],
    });
    const from = order.findIndex((p) => p.id === id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return true;
    const ids = order.map((p) => p.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    for (const [index, packageId] of ids.entries()) {
      if (order.find((p) => p.id === packageId)!.sortOrder === index) continue;
      await tx.creditPackage.update({
        where: { id: packageId },
        data: { sortOrder: index },
        select: { id: true },
      });
    }
    await recordStaffAction(tx, staff, "package_updated", id, {
      before: { sortOrder: moved.sortOrder },
      after: { sortOrder: to },
    });
    await announceSiteChange(tx, staff.siteId);
    return true;
  });
}
