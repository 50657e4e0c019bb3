import { db } from "~/lib/db.server";
import { carriedCode } from "./discount";
import { isPending, type PaymentView } from "./payment-view";
import { syncPayment } from "./sync-payment.server";
import { logger } from "~/lib/logger.server";

const select = {
  id: true,
  packageId: true,
  molliePaymentId: true,
  method: true,
  amountCents: true,
  currency: true,
  credits: true,
  status: true,
  createdAt: true,
  paidAt: true,
  discountCode: true,
} as const;

function view({
  discountCode,
  ...row
}: Omit<PaymentView, "createdAt" | "paidAt" | "retryCode"> & {
  createdAt: Date;
  paidAt: Date | null;
  discountCode: string | null;
}): PaymentView {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    retryCode: carriedCode(discountCode),
  };
}

/** One of the member's own payments (null for anyone else's: the page answers 404). */
async function memberPayment(userId: number, paymentId: number) {
  const row = await db().payment.findFirst({ where: { id: paymentId, userId }, select });
  return row && { molliePaymentId: row.molliePaymentId, payment: view(row) };
}

/** How long after the last look at Mollie (the webhook's, reconciliation's, this page's) it is asked again. */
const RESYNC_AFTER_MS = 30_000;

/**
 * One of the member's payments for its return page (null for anyone else's). A payment still open
 * is brought in line with Mollie first, so a buyer back before the webhook sees the real state (and
 * gets the credits), but at most once per RESYNC_AFTER_MS for a payment: the page refreshes itself
 * every few seconds, and the webhook keeps the stored state current meanwhile. Mollie failing
 * (timeout, 5xx) is logged and the stored state is shown.
 */
export async function memberPaymentSynced(userId: number, paymentId: number, origin: string) {
  const found = await memberPayment(userId, paymentId);
  if (!found?.molliePaymentId || !isPending(found.payment.status)) return found;
  const now = new Date();
  // One request per interval claims the look at Mollie, also when many arrive at once.
  const claimed = await db().payment.updateMany({
    where: {
      id: paymentId,
      OR: [{ syncedAt: null }, { syncedAt: { lt: new Date(now.getTime() - RESYNC_AFTER_MS) } }],
    },
    data: { syncedAt: now },
  });
  if (claimed.count === 0) return found;
  try {
    await syncPayment(found.molliePaymentId, origin);
  } catch (error) {
    logger.error("mollie payment sync", { paymentId, error: String(error) });
    return found;
  }
  return memberPayment(userId, paymentId);
}

/** The member's payments, newest first (index [userId, createdAt]). */
export async function memberPayments(userId: number, take = 100): Promise<PaymentView[]> {
  const rows = await db().payment.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select,
  });
  return rows.map(view);
}
