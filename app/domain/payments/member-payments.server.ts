import { db } from "~/lib/db.server";
import type { PaymentView } from "./payment-view";

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
} as const;

function view(
  row: Omit<PaymentView, "createdAt" | "paidAt"> & { createdAt: Date; paidAt: Date | null },
): PaymentView {
  return { ...row, createdAt: row.createdAt.toISOString(), paidAt: row.paidAt?.toISOString() ?? null };
}

/** One of the member's own payments (null for anyone else's: the page answers 404). */
export async function memberPayment(userId: number, paymentId: number) {
  const row = await db().payment.findFirst({ where: { id: paymentId, userId }, select });
  return row && { molliePaymentId: row.molliePaymentId, payment: view(row) };
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
