// The member as staff see them on an action page, and the account actions staff take on the
// member's behalf (docs/product.md, Back office). Each writes its staff log row in the transaction
// of its change, with the reason and the values before and after; mails go out after the commit.
import type { Site } from "~/domain/sites/site.server";
import { endLiveStreams } from "~/domain/notifications/live-events.server";
import type { StaffMemberFacts } from "~/domain/staff/member-actions";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import type { UserStatus } from "~/generated/prisma/enums";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { confirmAddress } from "./confirm-address.server";
import { sendReactivationMail } from "./delete-account.server";
import { startAccountCountOver } from "./login.server";
import { reactivatable } from "./reactivate-account.server";
import { sendActivationMail } from "./signup.server";
import { createVerification } from "./verification.server";

type LockSite = Pick<Site, "id" | "loginMaxAttempts" | "loginBlockMinutes">;
type MailSite = Pick<Site, "name" | "domain">;

/** Done, or the member is not on the staff's site, or the action does not apply to them now. */
export type StaffMemberOutcome = { ok: true } | { ok: false; error: "notFound" | "notApplicable" };

const notFound = { ok: false, error: "notFound" } as const;
const notApplicable = { ok: false, error: "notApplicable" } as const;

/** Failed logins on the account within the lock's window (a lock of any address shows here). */
function recentFailures(userId: number, site: LockSite, now: Date) {
  return db().loginAttempt.count({
    where: { userId, createdAt: { gt: new Date(now.getTime() - site.loginBlockMinutes * 60_000) } },
  });
}

/** The member of the staff's site, or null (another site's member is not there for them). */
export async function staffMemberFacts(site: LockSite, memberId: number): Promise<StaffMemberFacts | null> {
  const now = new Date();
  const user = await db().user.findFirst({
    where: { id: memberId, siteId: site.id },
    select: {
      id: true,
      email: true,
      status: true,
      role: true,
      credits: true,
      notificationsDisabled: true,
      directDebitBlockedAt: true,
      lockedUntil: true,
      reportHoldAt: true,
      profile: { select: { name: true } },
      bans: {
        where: { liftedAt: null },
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { reason: true, note: true, createdAt: true },
      },
    },
  });
  if (!user) return null;
  const [stillReactivatable, failures] = await Promise.all([
    user.status === "deleted" ? db().user.count({ where: reactivatable(memberId) }) : 0,
    recentFailures(memberId, site, now),
  ]);
  return {
    id: user.id,
    email: user.email,
    profileName: user.profile?.name ?? null,
    status: user.status,
    role: user.role,
    credits: user.credits,
    notificationsDisabled: user.notificationsDisabled,
    directDebitBlockedAt: user.directDebitBlockedAt,
    reactivatable: stillReactivatable > 0,
    loginLocked: (user.lockedUntil !== null && user.lockedUntil > now) || failures >= site.loginMaxAttempts,
    ban: user.status === "banned" ? (user.bans[0] ?? null) : null,
    reportHoldAt: user.reportHoldAt,
  };
}

/**
 * The member of the staff's site, read for update in `tx`: a second decision about them waits until
 * this one commits, then sees its outcome. Null for another site's member.
 */
export async function lockMember(tx: Prisma.TransactionClient, memberId: number, siteId: number) {
  const [row] = await tx.$queryRaw<
    { status: UserStatus; role: string; email: string; language: string; reportHoldAt: Date | null }[]
  >`
    SELECT status, role::text AS role, email, language, "reportHoldAt" FROM "User"
    WHERE id = ${memberId} AND "siteId" = ${siteId} FOR UPDATE`;
  return row ?? null;
}

/** A new activation link to an unconfirmed member's address, as "Stuur de e-mail opnieuw" sends. */
export async function resendActivationForMember(
  staff: StaffActor,
  memberId: number,
  reason: string,
  { site, origin }: { site: MailSite; origin: string },
): Promise<StaffMemberOutcome> {
  const sent = await db().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId, staff.siteId);
    if (!member) return notFound;
    if (member.status !== "not_confirmed") return notApplicable;
    const token = await createVerification(
      { type: "activation", userId: memberId, target: member.email },
      tx,
    );
    await recordStaffAction(tx, staff, "activation_resent", memberId, {
      reason,
      before: { status: member.status },
      after: { status: member.status, mailedTo: member.email },
    });
    return { ok: true, token, member } as const;
  });
  if (!sent.ok) return sent;
  await sendActivationMail({
    userId: memberId,
    to: sent.member.email,
    language: sent.member.language,
    site,
    origin,
    token: sent.token,
  });
  return { ok: true };
}

/** A new reactivation link to a deleted account that may still come back (not erased, within 14 days). */
export async function sendReactivationLinkForMember(
  staff: StaffActor,
  memberId: number,
  reason: string,
  { site, origin }: { site: MailSite; origin: string },
): Promise<StaffMemberOutcome> {
  const sent = await db().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId, staff.siteId);
    if (!member) return notFound;
    if ((await tx.user.count({ where: reactivatable(memberId) })) === 0) return notApplicable;
    const token = await createVerification(
      { type: "reactivation", userId: memberId, target: member.email },
      tx,
    );
    await recordStaffAction(tx, staff, "reactivation_sent", memberId, {
      reason,
      before: { status: member.status },
      after: { status: member.status, mailedTo: member.email },
    });
    const profile = await tx.profile.findUnique({ where: { userId: memberId }, select: { name: true } });
    return { ok: true, token, member, name: profile?.name ?? member.email } as const;
  });
  if (!sent.ok) return sent;
  await sendReactivationMail({
    userId: memberId,
    to: sent.member.email,
    language: sent.member.language,
    name: sent.name,
    site,
    origin,
    token: sent.token,
  });
  return { ok: true };
}

/**
 * Confirms an unconfirmed member's address as their activation link would (confirmAddress: the
 * profile enabled, the signup credits granted once, docs/decisions/0031-signup-credits-on-confirmation.md).
 */
export async function confirmEmailForMember(
  staff: StaffActor,
  memberId: number,
  reason: string,
): Promise<StaffMemberOutcome> {
  return db().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId, staff.siteId);
    if (!member) return notFound;
    if (member.status !== "not_confirmed") return notApplicable;
    const { credits: creditsBefore } = await tx.user.findUniqueOrThrow({
      where: { id: memberId },
      select: { credits: true },
    });
    await confirmAddress(tx, memberId);
    const after = await tx.user.findUniqueOrThrow({
      where: { id: memberId },
      select: { status: true, credits: true },
    });
    await recordStaffAction(tx, staff, "email_confirmed", memberId, {
      reason,
      before: { status: member.status, credits: creditsBefore },
      after: { status: after.status, credits: after.credits },
    });
    return { ok: true };
  });
}

/** Logs the member out everywhere: every session deleted, every open event stream ended at once. */
export async function endSessionsForMember(
  staff: StaffActor,
  memberId: number,
  reason: string,
): Promise<StaffMemberOutcome> {
  return db().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId, staff.siteId);
    if (!member) return notFound;
    const { count } = await tx.session.deleteMany({ where: { userId: memberId } });
    await endLiveStreams(tx, [memberId]);
    await recordStaffAction(tx, staff, "sessions_ended", memberId, {
      reason,
      before: { sessions: count },
      after: { sessions: 0 },
    });
    return { ok: true };
  });
}

/**
 * Lifts the login lock (docs/decisions/0032-login-lockout.md): the account's lock ends and its
 * failures count from zero, as after a password reset; they stay as their addresses' failures.
 */
export async function unlockLoginForMember(
  staff: StaffActor,
  site: LockSite,
  memberId: number,
  reason: string,
): Promise<StaffMemberOutcome> {
  const facts = await staffMemberFacts(site, memberId);
  if (!facts) return notFound;
  if (!facts.loginLocked) return notApplicable;
  return db().$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({
      where: { id: memberId },
      select: { lockedUntil: true },
    });
    const failures = await tx.loginAttempt.count({ where: { userId: memberId } });
    await tx.user.update({ where: { id: memberId }, data: { lockedUntil: null }, select: { id: true } });
    await startAccountCountOver(memberId, tx);
    await recordStaffAction(tx, staff, "login_unlocked", memberId, {
      reason,
      before: { lockedUntil: before.lockedUntil?.toISOString() ?? null, failedLogins: failures },
      after: { lockedUntil: null, failedLogins: 0 },
    });
    return { ok: true };
  });
}

/**
 * Mail on again after a bounce, a spam report or an unsubscribe: the member told staff the address
 * works and wants mail, so every reason goes (the member's own switch keeps a bounce, settings.server.ts).
 */
export async function enableMailForMember(
  staff: StaffActor,
  memberId: number,
  reason: string,
): Promise<StaffMemberOutcome> {
  return db().$transaction(async (tx) => {
    const member = await lockMember(tx, memberId, staff.siteId);
    if (!member) return notFound;
    const { notificationsDisabled } = await tx.user.findUniqueOrThrow({
      where: { id: memberId },
      select: { notificationsDisabled: true },
    });
    if (notificationsDisabled.length === 0) return notApplicable;
    await tx.user.update({
      where: { id: memberId },
      data: { notificationsDisabled: [] },
      select: { id: true },
    });
    await recordStaffAction(tx, staff, "mail_reenabled", memberId, {
      reason,
      before: { notificationsDisabled },
      after: { notificationsDisabled: [] },
    });
    return { ok: true };
  });
}
