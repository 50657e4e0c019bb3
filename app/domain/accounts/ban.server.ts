// Bans (docs/product.md, Bans): staff close a member's account for a reason of the ban policy. While
// the ban is open the account's status is `banned`: the profile is gone for everyone (as a deleted
// member's), the member is logged out everywhere at once and told of the ban at the next login.
// Nothing of theirs is deleted, so lifting the ban restores the status it had and shows it all again.
import type { Prisma } from "~/generated/prisma/client";
import type { BanReason, UserStatus } from "~/generated/prisma/enums";
import { endLiveStreams } from "~/domain/notifications/live-events.server";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { db } from "~/lib/db.server";
import { lockMember, type StaffMemberOutcome } from "./staff-member.server";

/**
 * Bans a member, in one transaction: the Ban row (with the status to restore), status `banned`
 * (which takes the profile out of every list, docs/product.md), every session deleted, every open
 * event stream of theirs ended on every app process once this commits, and the staff log's row.
 */
export async function banMember(
  staff: StaffActor,
  memberId: number,
  { banReason, reason }: { banReason: BanReason; reason: string },
): Promise<StaffMemberOutcome> {
  return db().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId, staff.siteId);
    if (!member) return { ok: false, error: "notFound" };
    if (member.status === "banned" || member.status === "deleted" || member.role !== "member") {
      return { ok: false, error: "notApplicable" };
    }
    const ban = await tx.ban.create({
      data: {
        userId: memberId,
        reason: banReason,
        note: reason,
        previousStatus: member.status,
        bannedById: staff.id,
      },
      select: { id: true },
    });
    // A ban is the staff's decision on the reports too: it ends a hold after reports, and reports
    // from before it no longer count once the ban is lifted (docs/product.md, Trust and first contact).
    await tx.user.update({
      where: { id: memberId },
      data: { status: "banned", reportHoldAt: null, reportsDecidedAt: new Date() },
      select: { id: true },
    });
    const sessions = await tx.session.deleteMany({ where: { userId: memberId } });
    await endLiveStreams(tx, [memberId]);
    await recordStaffAction(tx, staff, "member_banned", memberId, {
      reason,
      banId: ban.id,
      before: {
        status: member.status,
        sessions: sessions.count,
        ...(member.reportHoldAt ? { reportHoldAt: member.reportHoldAt.toISOString() } : {}),
      },
      after: { status: "banned", banReason, sessions: 0 },
    });
    return { ok: true };
  });
}

/** Lifts the open ban: the Ban row closed (who, when, why) and the status from before restored. */
export async function liftBan(
  staff: StaffActor,
  memberId: number,
  reason: string,
): Promise<StaffMemberOutcome> {
  return db().$transaction((tx) => liftBanIn(tx, staff, memberId, reason));
}

/** liftBan inside a transaction that decides more with it (a granted appeal, docs/product.md). */
export async function liftBanIn(
  tx: Prisma.TransactionClient,
  staff: StaffActor,
  memberId: number,
  reason: string,
): Promise<StaffMemberOutcome> {
  const member = await lockMember(tx, memberId, staff.siteId);
  if (!member) return { ok: false, error: "notFound" };
  if (member.status !== "banned") return { ok: false, error: "notApplicable" };
  const ban = await tx.ban.findFirst({
    where: { userId: memberId, liftedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, previousStatus: true },
  });
  // Banned without an open ban cannot come from banMember; `confirmed` is the safe way back then.
  const restored: UserStatus = ban?.previousStatus ?? "confirmed";
  if (ban) {
    await tx.ban.update({
      where: { id: ban.id },
      data: { liftedAt: new Date(), liftedById: staff.id, liftNote: reason },
      select: { id: true },
    });
  }
  await tx.user.update({ where: { id: memberId }, data: { status: restored }, select: { id: true } });
  await recordStaffAction(tx, staff, "ban_lifted", memberId, {
    reason,
    ...(ban ? { banId: ban.id } : {}),
    before: { status: "banned" },
    after: { status: restored },
  });
  return { ok: true };
}
