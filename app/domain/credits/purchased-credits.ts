import type { CreditReason } from "~/generated/prisma/enums";

/** A ledger row, as far as the split into bought and free credits needs it. */
interface LedgerEntry {
  delta: number;
  reason: CreditReason;
  reference: string;
}

/** Credits a failed refund gave back (refunds.server.ts returnHeldCredits) were bought ones. */
const RETURNED_REFUND = "refund-failed:";

/**
 * How many of a balance's credits were bought, from its ledger in order. Free credits (the signup
 * bonus, staff corrections) are spent first; refunds and chargebacks take bought credits back first.
 * Only bought credits can be refunded (docs/decisions/0021-free-credits-spent-first.md), so free
 * credits are never paid out.
 */
export function purchasedCredits(entries: readonly LedgerEntry[]): number {
  let bought = 0;
  let free = 0;
  const take = (amount: number, first: "bought" | "free") => {
    const fromFirst = Math.min(amount, first === "bought" ? bought : free);
    const rest = amount - fromFirst;
    if (first === "bought") [bought, free] = [bought - fromFirst, free - Math.min(rest, free)];
    else [free, bought] = [free - fromFirst, bought - Math.min(rest, bought)];
  };
  for (const { delta, reason, reference } of entries) {
    if (delta > 0) {
      if (reason === "purchase" || reference.startsWith(RETURNED_REFUND)) bought += delta;
      else free += delta;
    } else if (delta < 0) {
      take(-delta, reason === "refund" || reason === "chargeback" ? "bought" : "free");
    }
  }
  return bought;
}
