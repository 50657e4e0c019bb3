// Refunds of unused credits as the member's and the staff pages show them (shared by server and
// browser: no server code here).
import { z } from "zod";

/** The longest explanation a member can give with a refund request. */
export const REFUND_REASON_MAX = 1000;

/** The member's form on /transactions/{id}. */
export const refundRequestSchema = z.object({
  reason: z.string().trim().max(REFUND_REASON_MAX).default(""),
});

/** Why a purchase's unused credits cannot be refunded (each has a translated message). */
export type RefundRefusal =
  "not_paid" | "too_late" | "nothing_unused" | "already_requested" | "already_refunded";

export type RefundRequestStatus = "requested" | "approved" | "rejected" | "refunded" | "failed";

/** What a purchase's page shows about refunding it. */
export interface RefundPanelView {
  /** The latest request for this purchase, if any. */
  request: {
    status: RefundRequestStatus;
    credits: number;
    amountCents: number;
    currency: string;
    createdAt: string;
  } | null;
  /** A refund that can be requested now, or why not (null: nothing to say, e.g. an unpaid payment). */
  offer:
    | { ok: true; credits: number; amountCents: number; currency: string; until: string }
    | { ok: false; refusal: RefundRefusal; refundDays: number }
    | null;
}

/** Requests still waiting for staff or for Mollie: at most one per payment. */
export const OPEN_REFUND_STATUSES: readonly RefundRequestStatus[] = ["requested", "approved"];

/** Payment statuses the staff list filters on. */
export const STAFF_PAYMENT_STATUSES = [
  "open",
  "pending",
  "authorized",
  "paid",
  "failed",
  "canceled",
  "expired",
] as const;
export type StaffPaymentStatus = (typeof STAFF_PAYMENT_STATUSES)[number];

/** A payment on /staff/payments (dates already formatted for the reader). */
export interface StaffPaymentView {
  id: number;
  userId: number;
  email: string;
  molliePaymentId: string | null;
  method: string;
  amountCents: number;
  currency: string;
  credits: number;
  status: StaffPaymentStatus;
  createdAt: string;
  paidAt: string | null;
  refundedCents: number;
  chargedBackCents: number;
  creditsNotRecovered: number;
  directDebitBlockedAt: string | null;
}

/** A refund request on /staff/payments. */
export interface StaffRefundView {
  id: number;
  paymentId: number;
  userId: number;
  email: string;
  credits: number;
  amountCents: number;
  currency: string;
  reason: string;
  status: RefundRequestStatus;
  createdAt: string;
  decidedAt: string | null;
  mollieRefundId: string | null;
  paidAt: string | null;
  /** The member's balance now: below `credits`, an approval refunds only the credits left. */
  balance: number;
}

export interface BlockedMemberView {
  userId: number;
  email: string;
  blockedAt: string;
}

/** What a staff decision on /staff/payments came to. */
export type StaffPaymentsOutcome =
  | { kind: "refunded"; requestId: number; credits: number; amountCents: number; currency: string }
  | { kind: "nothingUnused"; requestId: number }
  | { kind: "rejected"; requestId: number }
  | { kind: "failed"; requestId: number; error: string }
  | { kind: "uncertain"; requestId: number; error: string }
  | { kind: "decided"; requestId: number; status: RefundRequestStatus }
  | { kind: "unblocked" }
  | { kind: "notBlocked" };
