/** A payment as the member's pages show it (shared by server and browser). */
export interface PaymentView {
  id: number;
  packageId: number | null;
  method: string;
  amountCents: number;
  currency: string;
  credits: number;
  status: "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";
  createdAt: string;
  paidAt: string | null;
  /** The discount code it was bought with, for another try to carry (null: none, or the time bonus). */
  retryCode: string | null;
}

/** Still waiting for the payer or the bank: the page refreshes itself. */
export function isPending(status: PaymentView["status"]) {
  return status === "open" || status === "pending" || status === "authorized";
}

/**
 * Methods whose payments stay open for days: a bank transfer waits for the buyer's transfer, a
 * direct debit for the bank. Nothing the buyer does at a checkout changes them.
 */
export function isSlowMethod(method: string) {
  return method === "banktransfer" || method === "directdebit";
}

/**
 * Seconds between the return page's checks of a payment still open: a few while the buyer is
 * expected back from a checkout, a minute for a slow method.
 */
export function refreshSeconds(method: string) {
  return isSlowMethod(method) ? 60 : 3;
}

/**
 * Where another try at a payment starts: its package's payment page with its method marked as the
 * one that did not work (and its discount code), else the packages.
 */
export function retryPath(payment: Pick<PaymentView, "packageId" | "method" | "retryCode">) {
  const query = new URLSearchParams();
  if (payment.packageId) query.set("failed", payment.method);
  if (payment.retryCode) query.set("code", payment.retryCode);
  const search = query.size > 0 ? `?${query}` : "";
  return payment.packageId ? `/credits/${payment.packageId}${search}` : `/credits${search}`;
}
