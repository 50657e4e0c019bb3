// Mollie's customers and mandates for our members: the customer behind a member's mandates, and
// a payment charged at once on a mandate (a SEPA direct debit collection, a card repeat order).
import { failPaymentAtProvider } from "./provider-failure.server";
import {
  MollieApiError,
  PaymentMethod,
  SequenceType,
  type Payment as MolliePayment,
} from "@mollie/api-client";
import type { PaymentStatus } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { centsToValue } from "~/domain/credits/money";
import { mollie } from "./mollie.server";
import { mollieLocale } from "./offered-methods.server";
import { syncPayment } from "./sync-payment.server";
import { logger } from "~/lib/logger.server";

/** Mollie cannot reach a webhook on this machine; with a real key a local start goes without one. */
function paymentWebhookUrl(origin: string): string | undefined {
  const local = /^https?:\/\/(localhost|127\.|\[::1\])/.test(origin);
  return local && env().MOLLIE_API_KEY ? undefined : `${origin}/payments/webhook`;
}

/**
 * The member's Mollie customer (User.mollieCustomerId), created at Mollie on first need. Two
 * requests at once may both create one at Mollie; the first stored wins and both use it.
 */
export async function mollieCustomerFor(userId: number): Promise<string> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { mollieCustomerId: true, email: true, profile: { select: { name: true } } },
  });
  if (user.mollieCustomerId) return user.mollieCustomerId;
  const customer = await mollie().customers.create({
    name: user.profile?.name ?? user.email,
    email: user.email,
    metadata: { userId },
  });
  const claimed = await db().user.updateMany({
    where: { id: userId, mollieCustomerId: null },
    data: { mollieCustomerId: customer.id },
  });
  if (claimed.count > 0) return customer.id;
  const stored = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { mollieCustomerId: true },
  });
  return stored.mollieCustomerId!;
}

interface MandateCharge {
  /** Our payment row, created by the caller (method, amount, credits, sequenceType "recurring"). */
  payment: { id: number; amountCents: number; currency: string; credits: number };
  siteName: string;
  customerId: string;
  mandateId: string;
  method: "directdebit" | "creditcard";
  locale: string;
  origin: string;
}

/**
 * Charges our payment on the customer's mandate (Mollie's recurring payment: no payer present),
 * then brings our row in line with Mollie's answer through syncPayment, which books the credits
 * once Mollie reports it paid. Returns the payment's state, or null when Mollie refused it (the
 * payment is then marked failed). Without an answer (a timeout, a network error, Mollie's 5xx)
 * Mollie may still have charged the mandate, so the payment stays open: Mollie's webhook finds it
 * by its metadata (syncPayment) and books it then, or else the reconciliation job finds it among the
 * customer's payments at Mollie, or fails it when Mollie never received it (reconcile.server.ts).
 */
export async function chargeOnMandate(charge: MandateCharge): Promise<PaymentStatus | null> {
  const { payment } = charge;
  let created: MolliePayment;
  try {
    created = await mollie().payments.create({
      amount: { value: centsToValue(payment.amountCents), currency: payment.currency },
      description: `${payment.credits} credits ${charge.siteName} #${payment.id}`,
      sequenceType: SequenceType.recurring,
      customerId: charge.customerId,
      mandateId: charge.mandateId,
      method: charge.method === "directdebit" ? PaymentMethod.directdebit : PaymentMethod.creditcard,
      webhookUrl: paymentWebhookUrl(charge.origin),
      locale: mollieLocale(charge.locale),
      metadata: { paymentId: payment.id },
      idempotencyKey: `payment-${payment.id}`,
    });
  } catch (error) {
    if (refusedByMollie(error)) {
      await failPaymentAtProvider(payment.id, "mollie recurring payment create", error);
      return null;
    }
    logUnsettled(payment.id, "mollie recurring payment create: no answer", error);
    return "open";
  }
  try {
    await db().payment.update({
      where: { id: payment.id },
      data: { molliePaymentId: created.id, mollieMandateId: charge.mandateId },
      select: { id: true },
    });
    const outcome = await syncPayment(created.id, charge.origin);
    return outcome.kind === "synced" ? outcome.status : "open";
  } catch (error) {
    // Charged at Mollie: the webhook or the reconciliation job settles it.
    logUnsettled(payment.id, "mollie recurring payment sync", error);
    return "open";
  }
}

/** Mollie answered and refused the request (4xx): nothing was charged. */
function refusedByMollie(error: unknown) {
  return error instanceof MollieApiError && (error.statusCode ?? 0) >= 400 && (error.statusCode ?? 0) < 500;
}

function logUnsettled(paymentId: number, msg: string, error: unknown) {
  logger.error(msg, { paymentId, error: String(error) });
}

/**
 * What makes a card payment Mollie's "first" payment of the member's customer: paid, it leaves the
 * card mandate a repeat order charges. Null (an ordinary one-off payment) when the customer cannot
 * be had from Mollie just now.
 */
export async function firstPaymentOf(userId: number) {
  try {
    return { customerId: await mollieCustomerFor(userId), sequenceType: SequenceType.first };
  } catch (error) {
    logger.error("mollie customer create", { userId, error: String(error) });
    return null;
  }
}
