// The staff member page (docs/product.md, Staff): everything the site knows about one member of the
// staff member's site, read in one round of independent statements after the account itself (no
// statement per row). Conversations are counted, never read: staff see messages only where a
// member reported them.
import { DELETION_GRACE_MS } from "~/domain/accounts/delete-account.server";
import { isAdmin } from "~/domain/core/staff-roles";
import type { UserRole } from "~/generated/prisma/enums";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { MEMBER_ACTIONS, type MemberAction } from "~/domain/staff/member-actions";

/** Ledger entries per page on the member page. */
export const LEDGER_PAGE_SIZE = 25;
/** The newest rows shown of each other list (payments, logins, complaints, …). */
const LIST_LIMIT = 50;
const LOGIN_LIMIT = 10;

/** Reads the member of `siteId` with user id `userId`; null when there is none on that site. */
async function readAccount(siteId: number, userId: number) {
  return db().user.findFirst({
    where: { id: userId, siteId },
    select: {
      id: true,
      email: true,
      status: true,
      role: true,
      credits: true,
      paidUser: true,
      language: true,
      invisible: true,
      reportHoldAt: true,
      notificationsDisabled: true,
      emailNotificationsOff: true,
      network: true,
      ref: true,
      sub1: true,
      sub2: true,
      sub3: true,
      lander: true,
      campaignToken: true,
      signupDate: true,
      signupIp: true,
      confirmedAt: true,
      lockedUntil: true,
      lastSeenAt: true,
      deletedAt: true,
      deleteReason: true,
      erasedAt: true,
      directDebitBlockedAt: true,
      mollieCustomerId: true,
      site: { select: { name: true, domain: true, loginMaxAttempts: true, loginBlockMinutes: true } },
      profile: {
        select: {
          id: true,
          name: true,
          gender: true,
          dateOfBirth: true,
          country: true,
          region: true,
          city: true,
          status: true,
          isFictional: true,
          mainPhotoId: true,
          photos: {
            orderBy: { id: "asc" },
            select: {
              id: true,
              status: true,
              visibility: true,
              rejectionReason: true,
              createdAt: true,
              reviewedAt: true,
            },
          },
        },
      },
      _count: {
        select: {
          conversations: true,
          messagesSent: true,
          blocksMade: true,
          blocksReceived: true,
          creditLedger: true,
          payments: true,
        },
      },
    },
  });
}

/**
 * The addresses whose wrong passwords now keep the member out (login.server.ts: the last
 * `maxAttempts` failures from one address within `blockMinutes`), with when each lock ends.
 */
async function addressLocks(userId: number, maxAttempts: number, blockMinutes: number, now: Date) {
  return db().$queryRaw<{ ip: string; until: Date }[]>`
    SELECT ip, max("createdAt") + make_interval(mins => ${blockMinutes}::int) AS until
    FROM (
      SELECT ip, "createdAt", row_number() OVER (PARTITION BY ip ORDER BY "createdAt" DESC) AS n
      FROM "LoginAttempt" WHERE "userId" = ${userId}
    ) recent
    WHERE n <= ${maxAttempts}::int
    GROUP BY ip
    HAVING count(*) >= ${maxAttempts}::int
      AND max("createdAt") - min("createdAt") < make_interval(mins => ${blockMinutes}::int)
      AND max("createdAt") + make_interval(mins => ${blockMinutes}::int) > ${now}
    ORDER BY until DESC`;
}

/** An IBAN as staff see it: the country and the last four characters. */
export function maskIban(iban: string): string {
  return iban.length > 8 ? `${iban.slice(0, 2)}•• •••• ${iban.slice(-4)}` : iban;
}

/** Which action links the member page offers, for this member and this staff role. */
export function memberActions(
  member: {
    status: string;
    confirmedAt?: Date | null;
    deletedAt: Date | null;
    erasedAt: Date | null;
    directDebitBlockedAt: Date | null;
    notificationsDisabled: string[];
    reportHoldAt?: Date | null;
  },
  state: { banned: boolean; loginLocked: boolean },
  staffRole: UserRole,
  now: Date,
): MemberAction[] {
  const offered: Record<MemberAction, boolean> = {
    ban: !state.banned,
    "lift-ban": state.banned,
    credits: isAdmin(staffRole),
    "resend-activation": member.status === "not_confirmed",
    "reactivation-link":
      member.status === "deleted" &&
      member.erasedAt === null &&
      member.deletedAt !== null &&
      now.getTime() - member.deletedAt.getTime() < DELETION_GRACE_MS,
    "confirm-email": member.status === "not_confirmed",
    "end-sessions": true,
    "unlock-login": state.loginLocked,
    "unblock-direct-debit": isAdmin(staffRole) && member.directDebitBlockedAt !== null,
    "mail-on": member.notificationsDisabled.length > 0,
    export: member.status !== "deleted",
    "clear-report-hold": !!member.reportHoldAt,
  };
  return MEMBER_ACTIONS.filter((action) => offered[action]);
}

/**
 * The member page's data for the member `userId` of the staff member's site (null: no such member
 * there), with page `ledgerPage` (from 1) of the credit ledger.
 */
export async function memberFile(
  staff: { siteId: number; role: UserRole },
  userId: number,
  ledgerPage: number,
  now = new Date(),
) {
  const account = await readAccount(staff.siteId, userId);
  if (!account) return null;
  const { site, profile, _count: counts, ...user } = account;
  const aboutRefs = [`user ${user.id}`, ...(profile ? [String(profile.id)] : [])];
  const [
    sessions,
    failedLogins,
    locks,
    ledger,
    payments,
    refundRequests,
    directDebitRequests,
    pushDevices,
    complaints,
    blocksMade,
    blocksReceived,
    bans,
    staffActions,
  ] = await Promise.all([
    db().session.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      take: LOGIN_LIMIT,
      select: { createdAt: true, lastUsedAt: true, expiresAt: true, ip: true, userAgent: true },
    }),
    db().loginAttempt.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      take: LOGIN_LIMIT,
      select: { createdAt: true, ip: true },
    }),
    addressLocks(userId, site.loginMaxAttempts, site.loginBlockMinutes, now),
    db().creditLedgerEntry.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (ledgerPage - 1) * LEDGER_PAGE_SIZE,
      take: LEDGER_PAGE_SIZE,
      select: { id: true, delta: true, balanceAfter: true, reason: true, reference: true, createdAt: true },
    }),
    db().payment.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      take: LIST_LIMIT,
      select: {
        id: true,
        molliePaymentId: true,
        method: true,
        amountCents: true,
        currency: true,
        credits: true,
        status: true,
        sequenceType: true,
        createdAt: true,
        paidAt: true,
        refundedCents: true,
        chargedBackCents: true,
        discountCode: true,
      },
    }),
    db().refundRequest.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      take: LIST_LIMIT,
      select: {
        id: true,
        paymentId: true,
        credits: true,
        amountCents: true,
        reason: true,
        status: true,
        createdAt: true,
        decidedAt: true,
        payment: { select: { currency: true } },
      },
    }),
    db().directDebitRequest.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      take: LIST_LIMIT,
      select: {
        id: true,
        accountHolder: true,
        iban: true,
        phone: true,
        amountCents: true,
        currency: true,
        verifiedAt: true,
        createdAt: true,
        payment: { select: { status: true, molliePaymentId: true } },
      },
    }),
    db().pushSubscription.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      select: { id: true, userAgent: true, createdAt: true, lastSuccessAt: true },
    }),
    db().complaint.findMany({
      where: {
        siteId: staff.siteId,
        OR: [{ email: user.email }, { memberRef: { in: aboutRefs } }],
      },
      orderBy: { createdAt: "desc" },
      take: LIST_LIMIT,
      select: {
        id: true,
        email: true,
        memberRef: true,
        messageRef: true,
        category: true,
        description: true,
        status: true,
        isMessageReport: true,
        createdAt: true,
      },
    }),
    db().block.findMany({
      where: { blockerId: userId },
      orderBy: { createdAt: "desc" },
      take: LIST_LIMIT,
      select: { createdAt: true, blocked: { select: { id: true, email: true } } },
    }),
    db().block.findMany({
      where: { blockedId: userId },
      orderBy: { createdAt: "desc" },
      take: LIST_LIMIT,
      select: { createdAt: true, blocker: { select: { id: true, email: true } } },
    }),
    db().ban.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      select: {
        id: true,
        reason: true,
        note: true,
        previousStatus: true,
        createdAt: true,
        liftedAt: true,
        liftNote: true,
        bannedBy: { select: { email: true } },
        liftedBy: { select: { email: true } },
      },
    }),
    db().staffAction.findMany({
      where: { targetType: "user", targetId: userId, siteId: staff.siteId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: LIST_LIMIT,
      select: { id: true, action: true, detail: true, createdAt: true, staff: { select: { email: true } } },
    }),
  ]);
  const currentBan = bans.find((ban) => ban.liftedAt === null) ?? null;
  const banned = currentBan !== null || user.status === "banned";
  const loginLocked = (user.lockedUntil !== null && user.lockedUntil > now) || locks.length > 0;
  const byMember = (c: { email: string }) => c.email === user.email;
  return {
    user,
    site: { name: site.name, domain: site.domain },
    profile,
    counts,
    sessions,
    failedLogins,
    addressLocks: locks,
    accountLockedUntil: user.lockedUntil !== null && user.lockedUntil > now ? user.lockedUntil : null,
    ledger: {
      entries: ledger,
      page: ledgerPage,
      pages: Math.max(1, Math.ceil(counts.creditLedger / LEDGER_PAGE_SIZE)),
    },
    payments,
    refundRequests,
    directDebitRequests: directDebitRequests.map(({ iban, ...request }) => ({
      ...request,
      iban: maskIban(iban),
    })),
    pushDevices,
    complaintsBy: complaints.filter((c) => !c.isMessageReport && byMember(c)),
    complaintsAbout: complaints.filter((c) => !c.isMessageReport && !byMember(c)),
    reportsBy: complaints.filter((c) => c.isMessageReport && byMember(c)),
    reportsAbout: complaints.filter((c) => c.isMessageReport && !byMember(c)),
    blocksMade,
    blocksReceived,
    bans,
    currentBan,
    staffActions: staffActions.map((action) => ({
      ...action,
      detail: detailText(action.detail),
      staff: action.staff.email,
    })),
    actions: memberActions(user, { banned, loginLocked }, staff.role, now),
  };
}

export type MemberFile = NonNullable<Awaited<ReturnType<typeof memberFile>>>;

/** A staff action's detail (reason, before and after) as one line for the page. */
function detailText(detail: Prisma.JsonValue): string {
  if (detail === null || detail === undefined) return "";
  return typeof detail === "string" ? detail : JSON.stringify(detail);
}
