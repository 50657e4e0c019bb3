// Refunds of unused credits: a member asks within the site's refund_days after paying, staff
// approve or reject on /staff/payments, and an approval takes back what the member still has of
// the credits (through the ledger) and refunds that share through Mollie, once per request.
import { siteOrigin } from "~/domain/sites/site-origin.server";
import { MollieApiError, type Refund } from "@mollie/api-client";
import { changeCredits } from "~/domain/credits/credits.server";
import { purchasedCredits } from "~/domain/credits/purchased-credits";
import { endPremiumWithoutPayment } from "./premium-status.server";
import { mailDate, sendAccountMail } from "~/domain/notifications/account-mail.server";
import { translatorFor } from "~/lib/translator.server";
import type { Prisma, RefundStatus } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { centsToValue, formatMoney } from "~/domain/credits/money";
import { mollie } from "./mollie.server";
import {
  OPEN_REFUND_STATUSES,
  type RefundPanelView,
  type RefundRefusal,
  type RefundRequestStatus,
} from "./refund-view";
import { logger } from "~/lib/logger.server";

const DAY_MS = 24 * 3600_000;
/**
 * An approval still unfinished this long after it started (the process stopped, or Mollie did not
 * answer) may be approved again: Mollie is asked first whether the refund exists.
 */
const APPROVAL_RETRY_AFTER_MS = 2 * 60_000;

type Tx = Prisma.TransactionClient;

interface PaymentFacts {
  id: number;
  siteId: number;
  status: string;
  paidAt: Date | null;
  creditedAt: Date | null;
  credits: number;
  amountCents: number;
  currency: string;
  chargedBackCents: number;
  refundedCents: number;
}

interface RequestFacts {
  paymentId: number;
  status: RefundStatus;
  credits: number;
}

const paymentFactsSelect = {
  id: true,
  siteId: true,
  status: true,
  paidAt: true,
  creditedAt: true,
  credits: true,
  amountCents: true,
  currency: true,
  chargedBackCents: true,
  refundedCents: true,
} as const;

const isOpen = (status: RefundStatus) => OPEN_REFUND_STATUSES.includes(status);

/** The money for `unused` of a purchase's credits: its share of what was paid, rounded to the cent. */
function refundAmountCents(amountCents: number, credits: number, unused: number): number {
  return credits > 0 ? Math.round((amountCents * unused) / credits) : 0;
}

type Assessment =
  { ok: true; credits: number; amountCents: number; until: Date } | { ok: false; refusal: RefundRefusal };

/**
 * Whether the purchase's unused credits can be refunded now. Unused = the purchase's credits, at
 * most the bought credits left in the balance (`bought`) less what the member's other open requests
 * already claim. `requests` are all of the member's requests.
 */
function assess(
  payment: PaymentFacts,
  requests: RequestFacts[],
  bought: number,
  refundDays: number,
  now: Date,
): Assessment {
  const own = requests.filter((r) => r.paymentId === payment.id);
  if (payment.status !== "paid" || !payment.creditedAt || !payment.paidAt) {
    return { ok: false, refusal: "not_paid" };
  }
  // A chargeback gave the money back through the bank already.
  if (payment.refundedCents > 0 || payment.chargedBackCents > 0 || own.some((r) => r.status === "refunded")) {
    return { ok: false, refusal: "already_refunded" };
  }
  if (own.some((r) => isOpen(r.status))) return { ok: false, refusal: "already_requested" };
  const until = new Date(payment.paidAt.getTime() + refundDays * DAY_MS);
  if (now.getTime() > until.getTime()) return { ok: false, refusal: "too_late" };
  // Approved requests hold their credits already (taken from the balance at approval).
  const claimed = requests
    .filter((r) => r.paymentId !== payment.id && r.status === "requested")
    .reduce((sum, r) => sum + r.credits, 0);
  const credits = Math.max(0, Math.min(payment.credits, bought - claimed));
  const amountCents = refundAmountCents(payment.amountCents, payment.credits, credits);
  if (credits === 0 || amountCents === 0) return { ok: false, refusal: "nothing_unused" };
  return { ok: true, credits, amountCents, until };
}

/**
 * The bought credits left in the member's `balance` (free ones are spent first and never refunded),
 * from the ledger (index [userId, createdAt]); never more than the balance.
 */
async function boughtCredits(tx: Tx, userId: number, balance: number): Promise<number> {
  const entries = await tx.creditLedgerEntry.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { delta: true, reason: true, reference: true },
  });
  return Math.min(purchasedCredits(entries), balance);
}

/** The member's requests (few per member; index [userId, createdAt]), newest first. */
function memberRequests(tx: Tx, userId: number) {
  return tx.refundRequest.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      paymentId: true,
      status: true,
      credits: true,
      amountCents: true,
      createdAt: true,
    },
  });
}

async function refundDaysOf(tx: Tx, siteId: number) {
  const site = await tx.site.findUniqueOrThrow({ where: { id: siteId }, select: { refundDays: true } });
  return site.refundDays;
}

/** What /transactions/{id} shows about refunding the purchase; null for a payment not the member's. */
export async function refundPanel(
  userId: number,
  paymentId: number,
  now = new Date(),
): Promise<RefundPanelView | null> {
  const client = db();
  const payment = await client.payment.findFirst({
    where: { id: paymentId, userId },
    select: paymentFactsSelect,
  });
  if (!payment) return null;
  const [requests, user, refundDays] = await Promise.all([
    memberRequests(client, userId),
    client.user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } }),
    refundDaysOf(client, payment.siteId),
  ]);
  const bought = await boughtCredits(client, userId, user.credits);
  const latest = requests.find((r) => r.paymentId === paymentId) ?? null;
  const assessed = assess(payment, requests, bought, refundDays, now);
  return {
    request: latest && {
      status: latest.status,
      credits: latest.credits,
      amountCents: latest.amountCents,
      currency: payment.currency,
      createdAt: latest.createdAt.toISOString(),
    },
    offer: assessed.ok
      ? {
          ok: true,
          credits: assessed.credits,
          amountCents: assessed.amountCents,
          currency: payment.currency,
          until: assessed.until.toISOString(),
        }
      : assessed.refusal === "not_paid"
        ? null
        : { ok: false, refusal: assessed.refusal, refundDays },
  };
}

type RefundRequestResult =
  { ok: true; requestId: number; credits: number; amountCents: number } | { ok: false; error: RefundRefusal };

/**
 * The member asks for the unused credits of a purchase back. One open request per payment: the
 * member's row is locked while checking and storing, so concurrent requests (also for other
 * purchases, which share the balance) are decided one after the other. Null: not the member's payment.
 */
export async function requestRefund({
  userId,
  paymentId,
  reason,
  now = new Date(),
}: {
  userId: number;
  paymentId: number;
  reason: string;
  now?: Date;
}): Promise<RefundRequestResult | null> {
  return db().$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ credits: number }[]>`
      SELECT credits FROM "User" WHERE id = ${userId} FOR UPDATE`;
    if (!user) return null;
    const payment = await tx.payment.findFirst({
      where: { id: paymentId, userId },
      select: paymentFactsSelect,
    });
    if (!payment) return null;
    const requests = await memberRequests(tx, userId);
    const bought = await boughtCredits(tx, userId, user.credits);
    const assessed = assess(payment, requests, bought, await refundDaysOf(tx, payment.siteId), now);
    if (!assessed.ok) return { ok: false, error: assessed.refusal };
    const created = await tx.refundRequest.create({
      data: { paymentId, userId, credits: assessed.credits, amountCents: assessed.amountCents, reason },
      select: { id: true },
    });
    return { ok: true, requestId: created.id, credits: assessed.credits, amountCents: assessed.amountCents };
  });
}

type DecisionOutcome =
  | { kind: "unknown" }
  /** Decided before (or being approved right now by someone else): nothing was done. */
  | { kind: "decided"; status: RefundRequestStatus }
  | { kind: "rejected" }
  | { kind: "refunded"; credits: number; amountCents: number; currency: string }
  /** The member has used the credits since asking: the request was rejected, nothing refunded. */
  | { kind: "nothingUnused" }
  /** Mollie refused the refund: the request failed, with Mollie's message. */
  | { kind: "failed"; error: string }
  /** Mollie could not be reached: the request stays approved and may be approved again later. */
  | { kind: "uncertain"; error: string };

/** The staff member deciding: only requests of their own site's members exist for them. */
type Decider = StaffActor;

/** Staff reject an open request (one not being approved). */
export async function rejectRefund(requestId: number, staff: Decider): Promise<DecisionOutcome> {
  const ofSite = { id: requestId, user: { siteId: staff.siteId } };
  const { count } = await db().refundRequest.updateMany({
    where: { ...ofSite, status: "requested" },
    data: { status: "rejected", decidedById: staff.id, decidedAt: new Date() },
  });
  if (count > 0) return { kind: "rejected" };
  const current = await db().refundRequest.findFirst({ where: ofSite, select: { status: true } });
  return current ? { kind: "decided", status: current.status } : { kind: "unknown" };
}

const requestSelect = {
  id: true,
  status: true,
  decidedAt: true,
  paymentId: true,
  userId: true,
  credits: true,
  amountCents: true,
  payment: { select: { molliePaymentId: true, currency: true, credits: true, amountCents: true } },
  user: { select: { language: true } },
} as const;
type RequestRow = Prisma.RefundRequestGetPayload<{ select: typeof requestSelect }>;

function logRefundError(requestId: number, error: unknown) {
  logger.error("mollie refund", {
    requestId,
    statusCode: error instanceof MollieApiError ? error.statusCode : undefined,
    error: error instanceof Error ? error.message : String(error),
  });
}

/** The refund Mollie already made for this request (an earlier approval that did not finish), if any. */
async function earlierMollieRefund(molliePaymentId: string, requestId: number): Promise<Refund | undefined> {
  const refunds = await mollie().paymentRefunds.page({ paymentId: molliePaymentId, limit: 250 });
  return refunds.find((refund) => {
    const metadata = refund.metadata as { refundRequestId?: unknown } | null;
    return metadata?.refundRequestId === requestId;
  });
}

/**
 * Books a refund Mollie accepted, once: the request is refunded and the payment's refunded amount
 * grows (its credits were taken at approval). False when another run booked it.
 */
async function bookRefund(request: RequestRow, mollieRefundId: string) {
  return db().$transaction(async (tx) => {
    const done = await tx.refundRequest.updateMany({
      where: { id: request.id, status: "approved" },
      data: { status: "refunded", mollieRefundId },
    });
    if (done.count === 0) return false;
    await tx.payment.update({
      where: { id: request.paymentId },
      data: { refundedCents: { increment: request.amountCents } },
      select: { id: true },
    });
    await endPremiumWithoutPayment(tx, request.userId);
    return true;
  });
}

type Claim = { kind: "claimed"; credits: number; amountCents: number } | { kind: "nothingUnused" };

/**
 * Claims an open request for approval (requested → approved in one statement, so approving twice
 * or concurrently claims once) and holds its credits: what the member still has of them (they may
 * have spent some since asking) is taken through the ledger at once, under the member's row lock,
 * and the refund shrinks to that share. Nothing left: the request is rejected. Null: claimed before.
 */
async function claimForApproval(request: RequestRow, staffId: number, now: Date): Promise<Claim | null> {
  return db().$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ credits: number }[]>`
      SELECT credits FROM "User" WHERE id = ${request.userId} FOR UPDATE`;
    const credits = Math.min(request.credits, await boughtCredits(tx, request.userId, user!.credits));
    const amountCents = refundAmountCents(request.payment.amountCents, request.payment.credits, credits);
    const nothingUnused = credits === 0 || amountCents === 0;
    const claimed = await tx.refundRequest.updateMany({
      where: { id: request.id, status: "requested" },
      data: nothingUnused
        ? { status: "rejected", decidedById: staffId, decidedAt: now }
        : { status: "approved", decidedById: staffId, decidedAt: now, credits, amountCents },
    });
    if (claimed.count === 0) return null;
    if (nothingUnused) return { kind: "nothingUnused" };
    await changeCredits(
      { userId: request.userId, delta: -credits, reason: "refund", reference: `refund:${request.id}` },
      tx,
    );
    return { kind: "claimed", credits, amountCents };
  });
}

/**
 * A refund that did not happen (Mollie refused it, or a refund it had accepted failed later): the
 * member gets back, once, the credits the approval took (the ledger's `refund:{id}` row).
 */
export async function returnHeldCredits(tx: Tx, requestId: number, userId: number) {
  const held = await tx.creditLedgerEntry.findUnique({
    where: { reference: `refund:${requestId}` },
    select: { delta: true },
  });
  if (!held || held.delta >= 0) return;
  await changeCredits(
    { userId, delta: -held.delta, reason: "correction", reference: `refund-failed:${requestId}` },
    tx,
  );
}

/** An approved request whose refund will not happen fails, and the member gets the held credits back (once). */
async function failApproved(requestId: number, userId: number) {
  await db().$transaction(async (tx) => {
    const failed = await tx.refundRequest.updateMany({
      where: { id: requestId, status: "approved" },
      data: { status: "failed" },
    });
    if (failed.count > 0) await returnHeldCredits(tx, requestId, userId);
  });
}

/** Why an approval went no further: the request's status now. */
async function alreadyDecided(requestId: number): Promise<DecisionOutcome> {
  const current = await db().refundRequest.findUniqueOrThrow({
    where: { id: requestId },
    select: { status: true },
  });
  return { kind: "decided", status: current.status };
}

/**
 * Staff approve a request: it is claimed and its credits held (see claimForApproval), then Mollie
 * refunds the amount (with an idempotency key), the refund is booked and the member gets a
 * confirmation mail. A refusal by Mollie fails the request, gives the credits back and keeps
 * Mollie's message (logged and returned). An approval left unfinished may be approved again after
 * APPROVAL_RETRY_AFTER_MS: Mollie is asked first whether it refunded already.
 */
export async function approveRefund(
  requestId: number,
  staff: Decider,
  now = new Date(),
): Promise<DecisionOutcome> {
  let request = await db().refundRequest.findFirst({
    where: { id: requestId, user: { siteId: staff.siteId } },
    select: requestSelect,
  });
  if (!request) return { kind: "unknown" };
  const retry =
    request.status === "approved" &&
    request.decidedAt !== null &&
    now.getTime() - request.decidedAt.getTime() >= APPROVAL_RETRY_AFTER_MS;
  if (retry) {
    const reclaimed = await db().refundRequest.updateMany({
      where: { id: requestId, status: "approved", decidedAt: request.decidedAt },
      data: { decidedById: staff.id, decidedAt: now },
    });
    if (reclaimed.count === 0) return alreadyDecided(requestId);
  } else {
    if (request.status !== "requested") return { kind: "decided", status: request.status };
    const claim = await claimForApproval(request, staff.id, now);
    if (!claim) return alreadyDecided(requestId);
    if (claim.kind === "nothingUnused") return claim;
    request = { ...request, credits: claim.credits, amountCents: claim.amountCents };
  }

  const { molliePaymentId, currency } = request.payment;
  let refund: Refund | undefined;
  try {
    if (!molliePaymentId) throw new Error("The payment has no Mollie payment");
    if (retry) refund = await earlierMollieRefund(molliePaymentId, requestId);
    if (refund && (refund.status === "failed" || refund.status === "canceled")) {
      // Mollie took the earlier approval's refund but did not carry it out: nothing was paid back.
      await failApproved(requestId, request.userId);
      return { kind: "failed", error: `Mollie refund ${refund.id}: ${refund.status}` };
    }
    refund ??= await mollie().paymentRefunds.create({
      paymentId: molliePaymentId,
      amount: { currency, value: centsToValue(request.amountCents) },
      // Mollie may show the description to the member.
      description: translatorFor(request.user.language)("refunds:mollieDescription", {
        order: request.paymentId,
      }),
      metadata: { refundRequestId: requestId },
      idempotencyKey: `refund-request-${requestId}`,
    });
  } catch (error) {
    logRefundError(requestId, error);
    const message = error instanceof Error ? error.message : String(error);
    const statusCode = error instanceof MollieApiError ? error.statusCode : undefined;
    const refused = !molliePaymentId || (statusCode !== undefined && statusCode >= 400 && statusCode < 500);
    if (!refused) return { kind: "uncertain", error: message };
    await failApproved(requestId, request.userId);
    return { kind: "failed", error: message };
  }

  if (!(await bookRefund(request, refund.id))) return alreadyDecided(requestId);
  try {
    await sendRefundMail(requestId);
  } catch (error) {
    logger.error("refund mail", { requestId, error: String(error) });
  }
  return { kind: "refunded", credits: request.credits, amountCents: request.amountCents, currency };
}

/** The member's confirmation of a refund, in their language, through the mail queue. */
async function sendRefundMail(requestId: number) {
  const request = await db().refundRequest.findUniqueOrThrow({
    where: { id: requestId },
    select: {
      credits: true,
      amountCents: true,
      paymentId: true,
      payment: { select: { currency: true, paidAt: true } },
      user: {
        select: {
          id: true,
          email: true,
          language: true,
          profile: { select: { name: true } },
          site: { select: { name: true, domain: true, timeZone: true } },
        },
      },
    },
  });
  const { user } = request;
  const origin = siteOrigin(user.site);
  await sendAccountMail({
    kind: "refund",
    to: user.email,
    userId: user.id,
    language: user.language,
    site: user.site,
    name: user.profile?.name ?? user.email,
    link: `${origin}/transactions/${request.paymentId}`,
    values: {
      count: request.credits,
      credits: request.credits,
      amount: formatMoney(request.amountCents, request.payment.currency, user.language),
      order: String(request.paymentId),
      date: mailDate(request.payment.paidAt ?? new Date(), user.language, user.site.timeZone),
    },
  });
}

/**
 * Staff lift the direct-debit block of a member of their site, with a row in the staff log (keeping
 * when the block was set, and the staff's reason when the member page's action gave one) in the same
 * transaction. False when the member was not blocked.
 */
export async function unblockDirectDebit(userId: number, staff: Decider, reason?: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const member = await tx.user.findFirst({
      where: { id: userId, siteId: staff.siteId, directDebitBlockedAt: { not: null } },
      select: { directDebitBlockedAt: true },
    });
    if (!member?.directDebitBlockedAt) return false;
    const { count } = await tx.user.updateMany({
      // Only the block read: a concurrent lift (or a new block) is not logged as this one.
      where: { id: userId, directDebitBlockedAt: member.directDebitBlockedAt },
      data: { directDebitBlockedAt: null },
    });
    if (count === 0) return false;
    const blockedAt = member.directDebitBlockedAt.toISOString();
    await recordStaffAction(tx, staff, "direct_debit_unblocked", userId, {
      blockedAt,
      ...(reason
        ? { reason, before: { directDebitBlockedAt: blockedAt }, after: { directDebitBlockedAt: null } }
        : {}),
    });
    return true;
  });
}
