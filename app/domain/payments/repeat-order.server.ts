// /credits/repeat-order: a paying member buys the last package again in one click, charged at once
// on the card mandate their first card payment left at Mollie (a recurring payment, no checkout).
import { MandateMethod, MandateStatus } from "@mollie/api-client";
import { PAYMENTS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { db } from "~/lib/db.server";
import type { PaymentStatus } from "~/generated/prisma/client";
import { mollie } from "./mollie.server";
import { purchaseOffer, type PurchaseOffer } from "./purchase-offer.server";
import { chargeOnMandate } from "./recurring.server";
import { logger } from "~/lib/logger.server";

interface CardMandate {
  id: string;
  customerId: string;
  /** "Mastercard", "Visa", … (null when Mollie does not know). */
  label: string | null;
  /** The card's last four digits. */
  lastDigits: string | null;
}

/** The newest valid card mandate of the member's Mollie customer; null without one. Throws when Mollie does not answer. */
async function cardMandateFor(userId: number): Promise<CardMandate | null> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { mollieCustomerId: true } });
  const customerId = user?.mollieCustomerId;
  if (!customerId) return null;
  const mandates = await mollie().customerMandates.page({ customerId });
  const mandate = mandates.find(
    (m) => m.status === MandateStatus.valid && m.method === MandateMethod.creditcard,
  );
  if (!mandate) return null;
  const card = mandate.details as { cardLabel?: string | null; cardNumber?: string | null };
  return { id: mandate.id, customerId, label: card.cardLabel ?? null, lastDigits: card.cardNumber ?? null };
}

/** The package of the member's last paid purchase; null before any. */
async function lastPackageId(userId: number): Promise<number | null> {
  const last = await db().payment.findFirst({
    where: { userId, status: "paid", packageId: { not: null } },
    orderBy: [{ paidAt: "desc" }, { id: "desc" }],
    select: { packageId: true },
  });
  return last?.packageId ?? null;
}

/** The member's newest payment id: a repeat order is refused once a newer one exists (double clicks). */
async function newestPaymentId(userId: number): Promise<number> {
  const newest = await db().payment.findFirst({
    where: { userId },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  return newest?.id ?? 0;
}

/** The card mandate, or "down" when Mollie does not answer (logged). */
async function mandateOrDown(userId: number): Promise<CardMandate | null | "down"> {
  try {
    return await cardMandateFor(userId);
  } catch (error) {
    logger.error("mollie mandates", { userId, error: String(error) });
    return "down";
  }
}

interface RepeatOrderView {
  /** The last package at today's price; null when there is none (or it is no longer sold). */
  offer: PurchaseOffer | null;
  mandate: CardMandate | null;
  /** Mollie did not answer the mandate lookup: whether there is a card is unknown (mandate null). */
  providerDown: boolean;
  /** The newest payment when the page was shown: the form sends it back (one order per click). */
  after: number;
  /** A repeat order that just failed (?failed=ID): retry, or pay for its package at the checkout. */
  failed: { paymentId: number; packageId: number } | null;
}

export async function repeatOrderView(input: {
  userId: number;
  buyer: { signupDate: Date | null; paidUser: boolean };
  siteId: number;
  country: string;
  failedPaymentId?: number | null;
}): Promise<RepeatOrderView> {
  const packageId = await lastPackageId(input.userId);
  const [offer, mandate, after, failed] = await Promise.all([
    packageId
      ? purchaseOffer(input.siteId, input.country, packageId, {
          buyer: { userId: input.userId, ...input.buyer },
          method: "creditcard",
        })
      : null,
    mandateOrDown(input.userId),
    newestPaymentId(input.userId),
    input.failedPaymentId
      ? db().payment.findFirst({
          where: {
            id: input.failedPaymentId,
            userId: input.userId,
            sequenceType: "recurring",
            status: { in: ["failed", "canceled", "expired"] },
            packageId: { not: null },
          },
          select: { id: true, packageId: true },
        })
      : null,
  ]);
  return {
    offer,
    mandate: mandate === "down" ? null : mandate,
    providerDown: mandate === "down",
    after,
    failed: failed ? { paymentId: failed.id, packageId: failed.packageId! } : null,
  };
}

interface RepeatOrderInput {
  userId: number;
  /** What a discount depends on (as at the checkout). */
  buyer: { signupDate: Date | null; paidUser: boolean };
  site: { id: number; name: string };
  country: string;
  locale: string;
  origin: string;
  /** The newest payment id the page showed. */
  after: number;
}

type RepeatOrderResult =
  | { ok: true; paymentId: number; status: PaymentStatus }
  | { ok: false; error: "noPackage" | "noMandate" | "providerError" | "providerDown" | "rateLimited" }
  | { ok: false; error: "failed"; paymentId: number; packageId: number };

/**
 * Buys the last package again on the card mandate. A second submit of the same page (a double
 * click) finds the order of the first and answers with it instead of charging again.
 */
export async function repeatOrder(input: RepeatOrderInput): Promise<RepeatOrderResult> {
  const packageId = await lastPackageId(input.userId);
  const offer = packageId
    ? await purchaseOffer(input.site.id, input.country, packageId, {
        buyer: { userId: input.userId, ...input.buyer },
        method: "creditcard",
      })
    : null;
  if (!offer) return { ok: false, error: "noPackage" };
  // Mollie down: nothing is reserved or charged, and the member is told so (not "no card").
  const mandate = await mandateOrDown(input.userId);
  if (mandate === "down") return { ok: false, error: "providerDown" };
  if (!mandate) return { ok: false, error: "noMandate" };
  // Counted with the checkout's payments (domain/abuse/limits.ts).
  if (!(await withinLimit(PAYMENTS_PER_MEMBER, input.userId))) return { ok: false, error: "rateLimited" };
  const reserved = await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${input.userId} FOR UPDATE`;
    const newer = await tx.payment.findFirst({
      where: {
        userId: input.userId,
        id: { gt: input.after },
        status: { notIn: ["failed", "canceled", "expired"] },
      },
      orderBy: { id: "desc" },
      select: { id: true, status: true },
    });
    if (newer) return { duplicate: newer, payment: null };
    const payment = await tx.payment.create({
      data: {
        userId: input.userId,
        siteId: input.site.id,
        packageId: offer.creditPackage.id,
        method: "creditcard",
        amountCents: offer.amountCents,
        currency: offer.currency,
        credits: offer.creditPackage.credits,
        discountPercent: offer.discountPercent,
        discountCode: offer.discountCode,
        sequenceType: "recurring",
        mollieMandateId: mandate.id,
      },
      select: { id: true, amountCents: true, currency: true, credits: true },
    });
    return { duplicate: null, payment };
  });
  if (reserved.duplicate)
    return { ok: true, paymentId: reserved.duplicate.id, status: reserved.duplicate.status };
  const { payment } = reserved;
  const status = await chargeOnMandate({
    payment,
    siteName: input.site.name,
    customerId: mandate.customerId,
    mandateId: mandate.id,
    method: "creditcard",
    locale: input.locale,
    origin: input.origin,
  });
  if (status === null) return { ok: false, error: "providerError" };
  if (status === "failed" || status === "canceled" || status === "expired") {
    return { ok: false, error: "failed", paymentId: payment.id, packageId: offer.creditPackage.id };
  }
  return { ok: true, paymentId: payment.id, status };
}
