import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

/**
 * Mollie refused or did not answer while a payment was being made: logged, and our payment failed,
 * unless something settled it meanwhile (a payment Mollie reported, or one already credited).
 */
export async function failPaymentAtProvider(paymentId: number, step: string, error: unknown) {
  logger.error(step, { paymentId, error: String(error) });
  await db().payment.updateMany({
    where: { id: paymentId, status: "open", creditedAt: null },
    data: { status: "failed" },
  });
}
