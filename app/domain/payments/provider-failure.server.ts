import { db } from "~/lib/db.server";

/** Mollie refused or did not answer while a payment was being made: logged, and our payment failed. */
export async function failPaymentAtProvider(paymentId: number, step: string, error: unknown) {
  console.error(JSON.stringify({ level: "error", msg: step, paymentId, error: String(error) }));
  await db().payment.update({ where: { id: paymentId }, data: { status: "failed" }, select: { id: true } });
}
