import { MollieApiError, type Payment as MolliePayment } from "@mollie/api-client";
import { changeCredits } from "~/domain/credits/credits.server";
import { db } from "~/lib/db.server";
import type { PaymentStatus, Prisma } from "~/generated/prisma/client";
import { recordDiscountRedemption } from "./discounts.server";
import { valueToCents } from "~/domain/credits/money";
import { mollie } from "./mollie.server";
import { endPremiumWithoutPayment } from "./premium-status.server";
import { sendPaymentReceipt } from "./receipt-mail.server";
import { returnHeldCredits } from "./refunds.server";
import { logger } from "~/lib/logger.server";

type Tx = Prisma.TransactionClient;

const paymentSelect = {
  id: true,
  userId: true,
  molliePaymentId: true,
  amountCents: true,
  currency: true,
  credits: true,
  status: true,
  creditedAt: true,
  chargedBackCents: true,
  refundedCents: true,
} as const;
type OurPayment = Prisma.PaymentGetPayload<{ select: typeof paymentSelect }>;

type SyncOutcome =
  | { kind: "unknown" }
  | { kind: "mismatch" }
  | { kind: "synced"; paymentId: number; status: PaymentStatus; credited: boolean };

const STATUSES: readonly string[] = [
  "open",
  "pending",
  "authorized",
  "paid",
  "failed",
  "canceled",
  "expired",
];

async function fetchFromMollie(id: string): Promise<MolliePayment | null> {
  try {
    return await mollie().payments.get(id);
  } catch (error) {
    if (error instanceof MollieApiError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Books a paid payment once: credits through the ledger (reference = Mollie's id) and Premium for life. */
async function bookPaid(payment: OurPayment, paidAt: Date): Promise<boolean> {
  if (!payment.molliePaymentId) throw new Error(`Payment ${payment.id} has no Mollie id to book it by`);
  return db().$transaction(async (tx) => {
    // Only one run claims the booking; a concurrent one waits for this row and then finds it taken.
    const claimed = await tx.payment.updateMany({
      where: { id: payment.id, creditedAt: null },
      data: { status: "paid", paidAt, creditedAt: new Date() },
    });
    if (claimed.count === 0) return false;
    await changeCredits(
      {
        userId: payment.userId,
        delta: payment.credits,
        reason: "purchase",
        reference: `payment:${payment.molliePaymentId}`,
      },
      tx,
    );
    await tx.user.update({ where: { id: payment.userId }, data: { paidUser: true }, select: { id: true } });
    await recordDiscountRedemption(tx, payment.id);
    return true;
  });
}

/**
 * Books our payment `paymentId` as paid at `paidAt`, as the webhook does once Mollie reports it paid:
 * once, in one transaction. The demo seed's purchases are booked through it too, so they leave what
 * a real paid payment leaves. True when this call booked it.
 */
export async function bookPaidPayment(paymentId: number, paidAt: Date): Promise<boolean> {
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId }, select: paymentSelect });
  return bookPaid(payment, paidAt);
}

/**
 * The credits bought with `cents` of the payment, rounded: a share taken back in steps (a chargeback
 * or refund in parts) is the difference of the totals, so the steps' rounding never adds up to more.
 */
function creditsFor(payment: OurPayment, cents: number) {
  return Math.round((payment.credits * Math.min(cents, payment.amountCents)) / payment.amountCents);
}

/**
 * A chargeback takes the credits of the charged-back part back through the ledger, never below zero;
 * what the balance no longer holds is recorded and blocks direct debit for the member.
 */
async function takeBackChargedBack(tx: Tx, payment: OurPayment, chargedBackCents: number) {
  const claimed = await tx.payment.updateMany({
    where: { id: payment.id, chargedBackCents: payment.chargedBackCents },
    data: { chargedBackCents },
  });
  if (claimed.count === 0) return;
  await endPremiumWithoutPayment(tx, payment.userId);
  const owed = creditsFor(payment, chargedBackCents) - creditsFor(payment, payment.chargedBackCents);
  const [user] = await tx.$queryRaw<{ credits: number }[]>`
    SELECT credits FROM "User" WHERE id = ${payment.userId} FOR UPDATE`;
  const taken = Math.min(owed, user!.credits);
  if (taken > 0) {
    await changeCredits(
      {
        userId: payment.userId,
        delta: -taken,
        reason: "chargeback",
        reference: `chargeback:${payment.molliePaymentId}:${chargedBackCents}`,
      },
      tx,
    );
  }
  if (taken < owed) {
    await tx.payment.update({
      where: { id: payment.id },
      data: { creditsNotRecovered: { increment: owed - taken } },
      select: { id: true },
    });
    await tx.user.update({
      where: { id: payment.userId },
      data: { directDebitBlockedAt: new Date() },
      select: { id: true },
    });
  }
}

/** What Mollie refunded of a payment outside our refund requests (e.g. in Mollie's dashboard), in cents. */
async function refundedOutsideSite(molliePaymentId: string): Promise<number> {
  const refunds = await mollie().paymentRefunds.page({ paymentId: molliePaymentId, limit: 250 });
  return refunds
    .filter((refund) => refund.status !== "failed" && refund.status !== "canceled")
    .filter(
      (refund) => (refund.metadata as { refundRequestId?: unknown } | null)?.refundRequestId === undefined,
    )
    .reduce((sum, refund) => sum + (valueToCents(refund.amount.value) ?? 0), 0);
}

/**
 * A refund made outside the site takes the credits of the refunded share back through the ledger,
 * never below zero, once: with the member and the payment locked (the order refund requests lock
 * them in too), what was booked before is the payment's refunded total less its refund requests.
 */
async function takeBackRefundedOutsideSite(payment: OurPayment, outsideCents: number) {
  await db().$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ credits: number }[]>`
      SELECT credits FROM "User" WHERE id = ${payment.userId} FOR UPDATE`;
    const [locked] = await tx.$queryRaw<{ refundedCents: number }[]>`
      SELECT "refundedCents" FROM "Payment" WHERE id = ${payment.id} FOR UPDATE`;
    const requested = await tx.refundRequest.aggregate({
      where: { paymentId: payment.id, status: "refunded" },
      _sum: { amountCents: true },
    });
    const bookedOutside = locked!.refundedCents - (requested._sum.amountCents ?? 0);
    const fresh = outsideCents - bookedOutside;
    if (fresh <= 0) return;
    const owed = creditsFor(payment, outsideCents) - creditsFor(payment, bookedOutside);
    const taken = Math.min(owed, user!.credits);
    if (taken > 0) {
      await changeCredits(
        {
          userId: payment.userId,
          delta: -taken,
          reason: "refund",
          reference: `refund:${payment.molliePaymentId}:${outsideCents}`,
        },
        tx,
      );
    }
    await tx.payment.update({
      where: { id: payment.id },
      data: { refundedCents: { increment: fresh }, creditsNotRecovered: { increment: owed - taken } },
      select: { id: true },
    });
    await endPremiumWithoutPayment(tx, payment.userId);
  });
}

/** How long a payment Mollie did not answer for waits for Mollie's webhook to name it. */
const UNLINKED_DAYS = 7;

/** Whether any recent payment is open without Mollie's id (Mollie did not answer its creation). */
async function anyUnlinkedPayment() {
  const since = new Date(Date.now() - UNLINKED_DAYS * 86_400_000);
  const unlinked = await db().payment.findFirst({
    where: { molliePaymentId: null, status: "open", createdAt: { gte: since } },
    select: { id: true },
  });
  return unlinked !== null;
}

/**
 * A payment Mollie made although its answer to our request was lost (see chargeOnMandate): our row
 * is the one its metadata names, still open without Mollie's id, for the same amount.
 */
async function linkByMetadata(remote: MolliePayment): Promise<OurPayment | null> {
  const paymentId = (remote.metadata as { paymentId?: unknown } | null)?.paymentId;
  const amountCents = valueToCents(remote.amount.value);
  if (typeof paymentId !== "number" || amountCents === null) return null;
  const linked = await db().payment.updateMany({
    where: {
      id: paymentId,
      molliePaymentId: null,
      status: "open",
      amountCents,
      currency: remote.amount.currency,
    },
    data: { molliePaymentId: remote.id },
  });
  if (linked.count === 0) return null;
  return db().payment.findUnique({ where: { id: paymentId }, select: paymentSelect });
}

/**
 * Mollie refunded less than we booked: a refund it had accepted failed or was canceled (the
 * balance did not cover it). Its request fails, the member gets the credits the approval took back
 * (once), and the payment's refunded total goes down again.
 */
async function undoFailedRefunds(payment: OurPayment, molliePaymentId: string) {
  const requests = await db().refundRequest.findMany({
    where: { paymentId: payment.id, status: "refunded", mollieRefundId: { not: null } },
    select: { id: true, amountCents: true, mollieRefundId: true },
  });
  if (requests.length === 0) return;
  const refunds = await mollie().paymentRefunds.page({ paymentId: molliePaymentId, limit: 250 });
  const failed = new Set(
    refunds.filter((refund) => refund.status === "failed" || refund.status === "canceled").map((r) => r.id),
  );
  for (const request of requests.filter((r) => failed.has(r.mollieRefundId!))) {
    await db().$transaction(async (tx) => {
      const claimed = await tx.refundRequest.updateMany({
        where: { id: request.id, status: "refunded" },
        data: { status: "failed" },
      });
      if (claimed.count === 0) return;
      await returnHeldCredits(tx, request.id, payment.userId);
      await tx.payment.update({
        where: { id: payment.id },
        data: { refundedCents: { decrement: request.amountCents } },
        select: { id: true },
      });
    });
  }
}

/**
 * Brings our payment in line with Mollie: called by the webhook (which carries only an id), the
 * return page and the reconciliation job. Nothing from the request is trusted: the payment is
 * fetched from Mollie and must match what we asked for. Safe to run any number of times, also
 * concurrently: credits are booked once. `origin` is the site's address for the receipt's link.
 */
export async function syncPayment(molliePaymentId: string, origin: string): Promise<SyncOutcome> {
  const known = await db().payment.findUnique({ where: { molliePaymentId }, select: paymentSelect });
  if (!known && !(await anyUnlinkedPayment())) return { kind: "unknown" };
  const remote = await fetchFromMollie(molliePaymentId);
  if (!remote) return { kind: "unknown" };
  const payment = known ?? (await linkByMetadata(remote));
  if (!payment) return { kind: "unknown" };
  if (
    remote.amount.currency !== payment.currency ||
    valueToCents(remote.amount.value) !== payment.amountCents
  ) {
    logger.error("mollie amount mismatch", { paymentId: payment.id });
    return { kind: "mismatch" };
  }
  const status = (STATUSES.includes(remote.status) ? remote.status : payment.status) as PaymentStatus;
  let credited = false;
  if (status === "paid") {
    credited = await bookPaid(payment, remote.paidAt ? new Date(remote.paidAt) : new Date());
    if (credited) await sendPaymentReceipt(payment.id, origin);
  } else {
    await db().payment.updateMany({
      where: { id: payment.id, creditedAt: null },
      data: { status, syncedAt: new Date() },
    });
  }
  const chargedBackCents = valueToCents(remote.amountChargedBack?.value ?? "0.00") ?? 0;
  if (chargedBackCents > payment.chargedBackCents && (payment.creditedAt || credited)) {
    await db().$transaction((tx) => takeBackChargedBack(tx, payment, chargedBackCents));
  }
  const refundedCents = valueToCents(remote.amountRefunded?.value ?? "0.00") ?? 0;
  if (refundedCents > payment.refundedCents && (payment.creditedAt || credited)) {
    const outsideCents = await refundedOutsideSite(molliePaymentId);
    if (outsideCents > 0) await takeBackRefundedOutsideSite(payment, outsideCents);
  }
  if (refundedCents < payment.refundedCents) await undoFailedRefunds(payment, molliePaymentId);
  return { kind: "synced", paymentId: payment.id, status, credited };
}
