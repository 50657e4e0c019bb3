// What staff may do to one member from the member page (docs/product.md, Back office): each
// action has a confirmation page at /staff/members/:id/:action, a required reason, and applies only
// in the member's state named here; otherwise the page says so and nothing changes.
import type { BanReason, UserRole, UserStatus } from "~/generated/prisma/enums";

export const MEMBER_ACTIONS = [
  "ban",
  "lift-ban",
  "credits",
  "resend-activation",
  "reactivation-link",
  "confirm-email",
  "end-sessions",
  "unlock-login",
  "unblock-direct-debit",
  "mail-on",
  "export",
  "clear-report-hold",
] as const;

export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/** Money and payments are the admin's (docs/product.md, Members and roles); support gets 404. */
const ADMIN_ONLY: ReadonlySet<MemberAction> = new Set(["credits", "unblock-direct-debit"]);

export function adminOnly(action: MemberAction): boolean {
  return ADMIN_ONLY.has(action);
}

export function isMemberAction(slug: string): slug is MemberAction {
  return (MEMBER_ACTIONS as readonly string[]).includes(slug);
}

/** The ban reasons, in the order of the ban policy page (/pages/ban). */
export const BAN_REASONS = [
  "minor",
  "fraud",
  "spam",
  "harassment",
  "fake_profile",
  "other",
] as const satisfies readonly BanReason[];

/** The staff's reason for any action: required, at most this long. */
export const ACTION_REASON_MAX = 500;

/** A credit adjustment is a whole number, not zero, at most this much either way. */
export const CREDIT_ADJUSTMENT_MAX = 100_000;

/** The member as the action pages show them and decide what applies. */
export interface StaffMemberFacts {
  id: number;
  email: string;
  profileName: string | null;
  status: UserStatus;
  role: UserRole;
  credits: number;
  notificationsDisabled: string[];
  directDebitBlockedAt: Date | null;
  /** Deleted, not erased and within the grace period: a reactivation link would work. */
  reactivatable: boolean;
  /** The whole account is locked, or an address reached its limit on it (docs/decisions/0032-login-lockout.md). */
  loginLocked: boolean;
  /** The open ban, while banned. */
  ban: { reason: BanReason; note: string; createdAt: Date } | null;
  /** Held out of member lists after reports from 3 members (docs/product.md, Trust and first contact). */
  reportHoldAt: Date | null;
}

/** Why an action does not apply to the member now (a translation key's last part), or null. */
export function notApplicable(action: MemberAction, member: StaffMemberFacts): string | null {
  switch (action) {
    case "ban":
      if (member.status === "banned") return "alreadyBanned";
      if (member.status === "deleted") return "deleted";
      // Staff accounts are changed on the staff accounts page, not banned from a member page.
      return member.role === "member" ? null : "staffAccount";
    case "lift-ban":
      return member.status === "banned" ? null : "notBanned";
    case "credits":
      return member.status === "deleted" ? "deleted" : null;
    case "resend-activation":
    case "confirm-email":
      return member.status === "not_confirmed" ? null : "notUnconfirmed";
    case "reactivation-link":
      return member.reactivatable ? null : "notReactivatable";
    case "end-sessions":
      return null;
    case "unlock-login":
      return member.loginLocked ? null : "notLocked";
    case "unblock-direct-debit":
      return member.directDebitBlockedAt ? null : "notBlocked";
    case "mail-on":
      return member.notificationsDisabled.length > 0 ? null : "mailOn";
    case "export":
      // A deleted account cannot log in to download it (the daily limit is checked where it is made).
      return member.status === "deleted" ? "deleted" : null;
    case "clear-report-hold":
      return member.reportHoldAt ? null : "notHeld";
  }
}
