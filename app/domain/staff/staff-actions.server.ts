// The staff audit log: one append-only row per staff decision (a complaint handled or opened again, a
// photo approved or rejected, a direct-debit block lifted, a campaign link created, changed or
// switched, a mailing sent), written by the deciding domain module inside the transaction that
// makes the decision, so a decision never stands without its row. Nothing here changes or removes
// a row (as with the credit ledger).
import type { Prisma, StaffActionKind, StaffActionTarget } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import type { StaffActionRow } from "./staff-action-view";

/** The staff member deciding, for their own site (decision 0020). */
export interface StaffActor {
  id: number;
  siteId: number;
}

/** What each action is about: its `targetId` is a row of this table. */
const STAFF_ACTION_TARGETS = {
  complaint_handled: "complaint",
  complaint_reopened: "complaint",
  photo_approved: "photo",
  photo_rejected: "photo",
  direct_debit_unblocked: "user",
  campaign_link_created: "campaign_link",
  campaign_link_updated: "campaign_link",
  campaign_link_activated: "campaign_link",
  campaign_link_deactivated: "campaign_link",
  mailing_started: "mailing",
  member_banned: "user",
  ban_lifted: "user",
  credits_adjusted: "user",
  activation_resent: "user",
  reactivation_sent: "user",
  email_confirmed: "user",
  sessions_ended: "user",
  login_unlocked: "user",
  mail_reenabled: "user",
  settings_changed: "site",
  package_created: "credit_package",
  package_updated: "credit_package",
  gift_created: "gift",
  gift_updated: "gift",
  discount_code_created: "discount_code",
  discount_code_updated: "discount_code",
  staff_invited: "user",
  staff_role_changed: "user",
  staff_revoked: "user",
  data_export_started: "user",
  report_hold_cleared: "user",
  appeal_granted: "appeal",
  appeal_refused: "appeal",
} as const satisfies Record<StaffActionKind, StaffActionTarget>;

/** Actions shown per staff page. */
const RECENT_STAFF_ACTIONS = 10;

/** Appends the row of a decision, in the transaction `tx` that makes it. */
export async function recordStaffAction(
  tx: Prisma.TransactionClient,
  staff: StaffActor,
  action: StaffActionKind,
  targetId: number,
  detail?: Prisma.InputJsonObject,
): Promise<void> {
  await tx.staffAction.create({
    data: {
      siteId: staff.siteId,
      staffId: staff.id,
      action,
      targetType: STAFF_ACTION_TARGETS[action],
      targetId,
      ...(detail ? { detail } : {}),
    },
    select: { id: true },
  });
}

/**
 * The site's latest decisions about one kind of row (a staff page's own: complaints, photos, …),
 * newest first, with the staff member's address; a member concerned is named by address too.
 */
export async function recentStaffActions(
  siteId: number,
  targetType: StaffActionTarget,
  take = RECENT_STAFF_ACTIONS,
): Promise<StaffActionRow[]> {
  const rows = await db().staffAction.findMany({
    where: { siteId, targetType },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      action: true,
      targetId: true,
      detail: true,
      createdAt: true,
      staff: { select: { email: true } },
    },
  });
  const members =
    targetType === "user" && rows.length > 0
      ? await db().user.findMany({
          where: { id: { in: [...new Set(rows.map((r) => r.targetId))] }, siteId },
          select: { id: true, email: true },
        })
      : [];
  const emails = new Map(members.map((m) => [m.id, m.email]));
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    targetId: row.targetId,
    detail: detailOf(row.detail),
    createdAt: row.createdAt,
    staff: row.staff.email,
    member: emails.get(row.targetId) ?? null,
  }));
}

/** The detail's text and number fields (the rest is for reading the table, not for the page). */
function detailOf(detail: Prisma.JsonValue): Record<string, string> {
  if (!detail || typeof detail !== "object" || Array.isArray(detail)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (typeof value === "string" || typeof value === "number") out[key] = String(value);
  }
  return out;
}
