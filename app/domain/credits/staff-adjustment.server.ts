import { randomUUID } from "node:crypto";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { db } from "~/lib/db.server";
import { changeCredits } from "./credits.server";

export type CreditAdjustmentOutcome =
  | { ok: true; balance: number }
  | { ok: false; error: "notFound" }
  /** The deduction would take the balance below zero: nothing changed. */
  | { ok: false; error: "insufficient"; balance: number };

/**
 * An admin adds credits to a member's balance or takes them off (a `correction` in the ledger, which
 * counts as free credits, not bought ones). The balance never goes below zero: the change is the
 * ledger's one statement, so concurrent deductions cannot overdraw it either. The staff log's row
 * (reason, the ledger reference, balance before and after) is written in the same transaction.
 */
export async function adjustCredits(
  staff: StaffActor,
  memberId: number,
  { amount, reason }: { amount: number; reason: string },
): Promise<CreditAdjustmentOutcome> {
  return db().$transaction(async (tx) => {
    const member = await tx.user.findFirst({
      where: { id: memberId, siteId: staff.siteId, status: { not: "deleted" } },
      select: { id: true },
    });
    if (!member) return { ok: false, error: "notFound" };
    const reference = `staff:${randomUUID()}`;
    const change = await changeCredits(
      { userId: memberId, delta: amount, reason: "correction", reference },
      tx,
    );
    if (!change.ok) return { ok: false, error: "insufficient", balance: change.balance };
    await recordStaffAction(tx, staff, "credits_adjusted", memberId, {
      reason,
      reference,
      before: { credits: change.balance - amount },
      after: { credits: change.balance },
    });
    return { ok: true, balance: change.balance };
  });
}
