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
}

/** Still waiting for the payer or the bank: the page refreshes itself. */
export function isPending(status: PaymentView["status"]) {
  return status === "open" || status === "pending" || status === "authorized";
}
