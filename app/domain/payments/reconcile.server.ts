import type { Payment as MolliePayment } from "@mollie/api-client";
import { siteOrigin } from "~/domain/sites/site-origin.server";
import { db } from "~/lib/db.server";
import { mollie } from "./mollie.server";
import { syncPayment } from "./sync-payment.server";
import { logger } from "~/lib/logger.server";

/** A payment still open this long is checked with Mollie: a lost webhook must not lose credits. */
const RECONCILE_AFTER_MS = 15 * 60_000;
/**
 * Open payments older than this are not asked about again. It outlasts Mollie's longest expiry of
 * the methods we offer: a bank transfer stays open 12 (+2) days by default (we set no dueDate),
 * business days at that, so about three weeks with weekends and holidays.
 */
const GIVE_UP_AFTER_MS = 28 * 24 * 3600_000;
/**
 * A charge on a mandate without Mollie's id fails an hour after it was asked for, unless Mollie
 * lists it (reconcileUnlinkedCharges): a week is ample.
 */
const UNLINKED_GIVE_UP_AFTER_MS = 7 * 24 * 3600_000;
/**
 * A charge on a mandate that Mollie does not list this long after we asked for it never reached
 * Mollie: it fails, so the member's page stops showing it as open.
 */
const UNLINKED_CHARGE_FAILS_AFTER_MS = 60 * 60_000;
/** Mollie lists a customer's payments newest first; ours is among the most recent. */
const CUSTOMER_PAYMENTS_READ = 50;

/**
 * Re-checks with Mollie every payment that is still open 15 minutes after it was started (index
 * [status, createdAt]) and was not looked at in the last 15 minutes (by the webhook, the return
 * page or an earlier run: a bank transfer open for weeks is asked about every 15 minutes, and the
 * 500 a run takes move on), and looks up the charges on a mandate whose creation Mollie never
 * answered; run every few minutes by the job queue. Returns how many were checked and got credited.
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
      OR: [{ syncedAt: null }, { syncedAt: { lt: new Date(now.getTime() - RECONCILE_AFTER_MS) } }],
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
  const unlinked = await reconcileUnlinkedCharges(now);
  return { checked: payments.length + unlinked.checked, credited: credited + unlinked.credited };
}

/**
 * A charge on a mandate whose creation got no answer from Mollie has no Mollie id (chargeOnMandate):
 * Mollie may have made it, and its webhook then names it. When the webhook did not come either, the
 * customer's payments at Mollie are read, as Mollie advises for requests without an answer: the one
 * whose metadata names ours is synced (which links and books it); none an hour after the request
 * means Mollie never received it, and our payment fails.
 */
async function reconcileUnlinkedCharges(now: Date) {
  const charges = await db().payment.findMany({
    where: {
      status: "open",
      molliePaymentId: null,
      sequenceType: "recurring",
      createdAt: {
        lt: new Date(now.getTime() - RECONCILE_AFTER_MS),
        gt: new Date(now.getTime() - UNLINKED_GIVE_UP_AFTER_MS),
      },
    },
    orderBy: { createdAt: "asc" },
    take: 100,
    select: {
      id: true,
      createdAt: true,
      site: { select: { domain: true } },
      user: { select: { mollieCustomerId: true } },
    },
  });
  let credited = 0;
  for (const charge of charges) {
    const customerId = charge.user.mollieCustomerId;
    let made: MolliePayment | null = null;
    try {
      made = customerId ? await chargeMadeAtMollie(customerId, charge.id) : null;
    } catch (error) {
      // Mollie did not answer now either: the next run asks again.
      logger.error("mollie customer payments", { paymentId: charge.id, error: String(error) });
      continue;
    }
    if (made) {
      const outcome = await syncPayment(made.id, siteOrigin(charge.site));
      if (outcome.kind === "synced" && outcome.credited) credited++;
    } else if (charge.createdAt.getTime() < now.getTime() - UNLINKED_CHARGE_FAILS_AFTER_MS) {
      await db().payment.updateMany({
        where: { id: charge.id, status: "open", molliePaymentId: null, creditedAt: null },
        data: { status: "failed" },
      });
    }
  }
  return { checked: charges.length, credited };
}

/** The customer's payment at Mollie that was made for our payment `paymentId`, if any. */
async function chargeMadeAtMollie(customerId: string, paymentId: number): Promise<MolliePayment | null> {
  const recent = await mollie().customerPayments.page({ customerId, limit: CUSTOMER_PAYMENTS_READ });
  return (
    recent.find((payment) => (payment.metadata as { paymentId?: unknown } | null)?.paymentId === paymentId) ??
    null
  );
}
