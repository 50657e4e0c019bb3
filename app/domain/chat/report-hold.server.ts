// The hold after reports (docs/product.md, Trust and first contact): a member whose messages 3
// different members reported within 7 days leaves every member list (search, likes, newest members,
// swipe game, landers) until staff decide, through Profile.listedSiteId as a banned member does
// (migration trust_first_contact). Conversations go on: the reporters may block, and staff read the
// reports first. Staff clear the hold here, or ban (accounts/ban.server.ts), which ends it too.
import { lockMember, type StaffMemberOutcome } from "~/domain/accounts/staff-member.server";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";

/** Different members whose reports within REPORT_HOLD_DAYS put a member on hold. */
export const REPORT_HOLD_REPORTERS = 3;
export const REPORT_HOLD_DAYS = 7;

/**
 * SQL: the different members (by the reporter's address, unique per site) who reported the messages
 * of the member aliased `user` (with their profile aliased `profile`) since `since`, and after staff
 * last decided on their reports. Also the trust level's fact (send-message.server.ts).
 */
export function reportersSql(since: Date, user = "u", profile = "p"): Prisma.Sql {
  const [u, p] = [Prisma.raw(`"${user}"`), Prisma.raw(`"${profile}"`)];
  return Prisma.sql`(SELECT count(DISTINCT c.email)::int FROM "Complaint" c
    WHERE c."siteId" = ${u}."siteId" AND c."memberRef" = ${p}.id::text AND c."isMessageReport"
      AND c."createdAt" >= ${since} AND c."createdAt" > coalesce(${u}."reportsDecidedAt", '-infinity'::timestamp))`;
}

/**
 * After a report of `userId`'s message: puts them on hold once REPORT_HOLD_REPORTERS different
 * members reported them within REPORT_HOLD_DAYS. One statement, so two reports at once cannot both
 * miss the third. True when this report started the hold.
 */
export async function holdAfterReports(userId: number, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - REPORT_HOLD_DAYS * 86_400_000);
  const held = await db().$executeRaw`
    UPDATE "User" u SET "reportHoldAt" = ${now}
    FROM "Profile" p
    WHERE u.id = ${userId} AND p."userId" = u.id AND u."reportHoldAt" IS NULL
      AND ${reportersSql(since)} >= ${REPORT_HOLD_REPORTERS}`;
  return held > 0;
}

/**
 * Staff decided the reports do not warrant a ban: the member is listed again, and the reports so far
 * no longer count (towards the hold or the trust level); later reports count afresh. Logged with
 * the reason and when the hold began.
 */
export async function clearReportHold(
  staff: StaffActor,
  memberId: number,
  reason: string,
  now = new Date(),
): Promise<StaffMemberOutcome> {
  return db().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId, staff.siteId);
    if (!member) return { ok: false, error: "notFound" };
    const { reportHoldAt } = member;
    if (!reportHoldAt) return { ok: false, error: "notApplicable" };
    await tx.user.update({
      where: { id: memberId },
      data: { reportHoldAt: null, reportsDecidedAt: now },
      select: { id: true },
    });
    await recordStaffAction(tx, staff, "report_hold_cleared", memberId, {
      reason,
      before: { reportHoldAt: reportHoldAt.toISOString() },
      after: { reportHoldAt: null },
    });
    return { ok: true };
  });
}

/** The members of a site on hold now, by profile id (as complaints name them), with their user id. */
export async function heldMembers(siteId: number): Promise<Map<string, number>> {
  const rows = await db().user.findMany({
    where: { siteId, reportHoldAt: { not: null }, profile: { isNot: null } },
    select: { id: true, profile: { select: { id: true } } },
  });
  return new Map(rows.map((row) => [String(row.profile!.id), row.id]));
}
