// Admins' discount codes (/staff/discount-codes): create, list with their use and revenue, switch on
// and off, each change in the staff log with its before and after. Always within the admin's own
// site; a code of another site does not exist here. Codes are never deleted: a redeemed code is
// part of its payments' history, so a code that should stop is switched off.
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { MAX_ROW_ID } from "~/lib/row-id";
import type { CodeRevenue, DiscountCodeInput, DiscountCodeView } from "./discount-code-schema";

/** Codes per page of the list. */
export const DISCOUNT_CODES_PER_PAGE = 25;

type CreateResult =
  { ok: true; id: number; code: string } | { ok: false; error: "codeTaken" | "memberNotFound" };

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** The member a code is for, typed as an id or an address, on the site; null when there is none. */
async function findMember(siteId: number, typed: string): Promise<number | null> {
  const byId = /^\d+$/.test(typed);
  if (byId && Number(typed) > MAX_ROW_ID) return null;
  const user = await db().user.findFirst({
    where: byId ? { id: Number(typed), siteId } : { email: typed.toLowerCase(), siteId },
    select: { id: true },
  });
  return user?.id ?? null;
}

/** The first instant after `day` (YYYY-MM-DD) in the site's time zone: a code is valid through that day. */
async function endOfDay(day: string, timeZone: string): Promise<Date> {
  const [row] = await db().$queryRaw<{ until: Date }[]>`
    SELECT ((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone}) AS until`;
  return row!.until;
}

/** Creates a code for the admin's site, logged with its rules in the same transaction. */
export async function createDiscountCode(
  staff: StaffActor,
  input: DiscountCodeInput,
  timeZone: string,
): Promise<CreateResult> {
  const userId = input.member ? await findMember(staff.siteId, input.member) : null;
  if (input.member && userId === null) return { ok: false, error: "memberNotFound" };
  const fields = {
    code: input.code,
    percentage: input.percentage,
    minimumOrderCents: input.minimumOrder,
    country: input.country ?? null,
    currency: input.currency ?? null,
    userId,
    expiresAt: input.expiresOn ? await endOfDay(input.expiresOn, timeZone) : null,
    paymentMethods: input.paymentMethods,
    validity: input.validity,
    maxUses: input.maxUses ?? null,
    welcome: input.welcome,
    active: true,
  };
  try {
    return await db().$transaction(async (tx) => {
      const created = await tx.discountCode.create({
        data: { siteId: staff.siteId, ...fields },
        select: { id: true },
      });
      await recordStaffAction(tx, staff, "discount_code_created", created.id, {
        before: {},
        after: { ...fields, expiresAt: fields.expiresAt?.toISOString() ?? null },
      });
      return { ok: true as const, id: created.id, code: fields.code };
    });
  } catch (error) {
    // Codes are unique per site: the same code typed in any case, or taken meanwhile.
    if (isUniqueViolation(error)) return { ok: false, error: "codeTaken" };
    throw error;
  }
}

/**
 * Switches a code of the site on or off, logged in the same transaction; null when the site has no
 * such code. A code already so changes nothing and logs nothing.
 */
export async function setDiscountCodeActive(
  staff: StaffActor,
  id: number,
  active: boolean,
): Promise<{ code: string } | null> {
  return db().$transaction(async (tx) => {
    const row = await tx.discountCode.findFirst({
      where: { id, siteId: staff.siteId },
      select: { code: true, active: true },
    });
    if (!row) return null;
    if (row.active === active) return { code: row.code };
    const { count } = await tx.discountCode.updateMany({
      where: { id, active: row.active },
      data: { active },
    });
    if (count === 1) {
      await recordStaffAction(tx, staff, "discount_code_updated", id, {
        code: row.code,
        before: { active: row.active },
        after: { active },
      });
    }
    return { code: row.code };
  });
}

/** Uses (paid redemptions) and revenue per currency of the given codes. */
async function usesOf(ids: number[]): Promise<Map<number, { uses: number; revenue: CodeRevenue[] }>> {
  const out = new Map<number, { uses: number; revenue: CodeRevenue[] }>();
  if (ids.length === 0) return out;
  const rows = await db().$queryRaw<{ codeId: number; currency: string; uses: bigint; cents: bigint }[]>`
    SELECT r."discountCodeId" AS "codeId", p.currency, count(*) AS uses, sum(p."amountCents") AS cents
    FROM "DiscountRedemption" r JOIN "Payment" p ON p.id = r."paymentId"
    WHERE r."discountCodeId" IN (${Prisma.join(ids)}) AND p.status = 'paid'
    GROUP BY 1, 2 ORDER BY 2`;
  for (const row of rows) {
    const entry = out.get(row.codeId) ?? { uses: 0, revenue: [] };
    entry.uses += Number(row.uses);
    entry.revenue.push({ currency: row.currency, cents: Number(row.cents) });
    out.set(row.codeId, entry);
  }
  return out;
}

/** One page of the site's codes, newest first, each with its uses and revenue. */
export async function listDiscountCodes(
  siteId: number,
  page: number,
): Promise<{ codes: DiscountCodeView[]; page: number; pages: number }> {
  const total = await db().discountCode.count({ where: { siteId } });
  const pages = Math.max(1, Math.ceil(total / DISCOUNT_CODES_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db().discountCode.findMany({
    where: { siteId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (current - 1) * DISCOUNT_CODES_PER_PAGE,
    take: DISCOUNT_CODES_PER_PAGE,
    select: {
      id: true,
      code: true,
      percentage: true,
      minimumOrderCents: true,
      country: true,
      currency: true,
      userId: true,
      expiresAt: true,
      paymentMethods: true,
      validity: true,
      maxUses: true,
      welcome: true,
      active: true,
      createdAt: true,
    },
  });
  const memberIds = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const [uses, members] = await Promise.all([
    usesOf(rows.map((r) => r.id)),
    memberIds.length > 0
      ? db().user.findMany({ where: { id: { in: memberIds } }, select: { id: true, email: true } })
      : [],
  ]);
  const emails = new Map(members.map((m) => [m.id, m.email]));
  const codes = rows.map(({ userId, expiresAt, createdAt, ...row }) => ({
    ...row,
    member: userId === null ? null : { id: userId, email: emails.get(userId) ?? `#${userId}` },
    expiresAt: expiresAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    uses: uses.get(row.id)?.uses ?? 0,
    revenue: uses.get(row.id)?.revenue ?? [],
  }));
  return { codes, page: current, pages };
}
