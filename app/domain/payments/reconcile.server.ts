import { siteOrigin } from "~/domain/sites/site-origin.server";
import { db } from "~/lib/db.server";
import { syncPayment } from "./sync-payment.server";

/** A payment still open this long is checked with Mollie: a lost webhook must not lose credits. */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** Mollie expires unpaid payments within days; older open ones are not asked about again. */
const GIVE_UP_AFTER_MS = 7 * 24 * 3600_000;

/**
 * Re-checks with Mollie every payment that is still open 15 minutes after it was started (index
 * [status, createdAt]); run every few minutes by the job queue. Returns how many got credited.
 */
export async function reconcileOpenPayments(
  now = new Date(),
): Promise<{ checked: number; credited: number }> {
  const payments = await db().payment.findMany({
    where: {
      status: { in: ["open", "pending", "authorized"] },
      molliePaymentId: { not: null },
      createdAt: {
        lt: new Date(now.getTime() - RECONCILE_AFTER_MS),
        gt: new Date(now.getTime() - GIVE_UP_AFTER_MS),
      },
    },
    orderBy: { createdAt: "asc" },
    take: 500,
    select: { molliePaymentId: true, site: { select: { domain: true } } },
  });
  let credited = 0;
  for (const payment of payments) {
    const origin = siteOrigin(payment.site);
    const outcome = await syncPayment(payment.molliePaymentId!, origin);
    if (outcome.kind === "synced" && outcome.credited) credited++;
  }
  return { checked: payments.length, credited };
}
