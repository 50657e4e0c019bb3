import { PAYMENTS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { failPaymentAtProvider } from "./provider-failure.server";
import type { Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import type { DiscountError } from "./discount";
import { holdCodePlace, type CodeGuesser } from "./discounts.server";
import type { CheckoutMethod } from "./methods";
import { centsToValue } from "~/domain/credits/money";
import { mollie } from "./mollie.server";
import { mollieLocale, offeredMethods } from "./offered-methods.server";
import { purchaseOffer } from "./purchase-offer.server";
import { firstPaymentOf } from "./recurring.server";
import { logger } from "~/lib/logger.server";

type StartPaymentResult =
  | { ok: true; paymentId: number; checkoutUrl: string }
  | { ok: false; error: "notFound" | "methodUnavailable" | "providerError" | "rateLimited" }
  | { ok: false; error: "discount"; discountError: DiscountError };

interface StartPaymentInput {
  userId: number;
  site: Pick<Site, "id" | "name">;
  /** The buyer's country (their profile's), which picks the currency and the methods. */
  country: string;
  locale: string;
  packageId: number;
  method: CheckoutMethod;
  issuer: string | null;
  /** This site's address as the buyer reached it: where Mollie sends them back and reports to. */
  origin: string;
  /** What the discount depends on (time bonus, welcome code); without it no discount applies. */
  buyer?: { signupDate: Date | null; paidUser: boolean };
  /** The discount code the buyer entered, if any: a code that does not apply stops the payment. */
  code?: string | null;
  /** Who sent the code: its lookup counts against the limits on codes not found. */
  guesser?: CodeGuesser;
}

/** Mollie cannot reach a webhook on this machine; with a real key a local start goes without one. */
function webhookUrl(origin: string): string | undefined {
  const local = /^https?:\/\/(localhost|127\.|\[::1\])/.test(origin);
  return local && env().MOLLIE_API_KEY ? undefined : `${origin}/payments/webhook`;
}

/**
 * Starts buying a package: our payment row first (its id is the return address), then Mollie's
 * payment with the method (and bank) the buyer chose. The amount is computed here, never taken
 * from the request. Credits follow only once Mollie reports the payment paid (syncPayment). A member
 * starts a limited number of payments per 10 minutes (counted once the payment would be created).
 */
export async function startPayment(input: StartPaymentInput): Promise<StartPaymentResult> {
  const offer = await purchaseOffer(
    input.site.id,
    input.country,
    input.packageId,
    input.buyer && {
      buyer: { userId: input.userId, ...input.buyer },
      method: input.method,
      code: input.code,
      guesser: input.guesser,
    },
  );
  if (!offer) return { ok: false, error: "notFound" };
  if (offer.codeError) return { ok: false, error: "discount", discountError: offer.codeError };
  // Mollie unreachable (nothing created yet, no payment row): the buyer is told to try again.
  const methods = await offeredMethods({
    amountCents: offer.amountCents,
    currency: offer.currency,
    country: input.country,
    locale: input.locale,
  }).catch((error: unknown) => {
    logger.error("mollie methods", { error: String(error) });
    return null;
  });
  if (!methods) return { ok: false, error: "providerError" };
  const method = methods.find((m) => m.id === input.method);
  if (!method) return { ok: false, error: "methodUnavailable" };
  const issuer = method.issuers.some((i) => i.id === input.issuer) ? input.issuer : null;
  // A card payment is the "first" of the member's Mollie customer: it leaves the repeat order's mandate.
  const first = method.id === "creditcard" ? await firstPaymentOf(input.userId) : null;
  if (!(await withinLimit(PAYMENTS_PER_MEMBER, input.userId))) return { ok: false, error: "rateLimited" };

  // A code with a total-uses limit is checked again where the payment is created, under the code's
  // row lock: two checkouts cannot both take its last place.
  const payment = await db().$transaction(async (tx) => {
    if (offer.discountCode && !(await holdCodePlace(tx, input.site.id, offer.discountCode, input.userId))) {
      return null;
    }
    return tx.payment.create({
      data: {
        userId: input.userId,
        siteId: input.site.id,
        packageId: offer.creditPackage.id,
        method: method.id,
        issuer,
        amountCents: offer.amountCents,
        currency: offer.currency,
        credits: offer.creditPackage.credits,
        discountPercent: offer.discountPercent,
        discountCode: offer.discountCode,
        ...(first ? { sequenceType: "first" } : {}),
      },
      select: { id: true },
    });
  });
  if (!payment) return { ok: false, error: "discount", discountError: { reason: "usedUp" } };
  try {
    const created = await mollie().payments.create({
      amount: { value: centsToValue(offer.amountCents), currency: offer.currency },
      description: `${offer.creditPackage.credits} credits ${input.site.name} #${payment.id}`,
      redirectUrl: `${input.origin}/transactions/${payment.id}`,
      webhookUrl: webhookUrl(input.origin),
      method: method.id as never,
      ...(issuer ? { issuer } : {}),
      locale: mollieLocale(input.locale),
      metadata: { paymentId: payment.id },
      ...first,
    });
    const checkoutUrl = created.getCheckoutUrl();
    await db().payment.update({
      where: { id: payment.id },
      data: { molliePaymentId: created.id },
      select: { id: true },
    });
    if (!checkoutUrl) return { ok: false, error: "providerError" };
    return { ok: true, paymentId: payment.id, checkoutUrl };
  } catch (error) {
    await failPaymentAtProvider(payment.id, "mollie payment create", error);
    return { ok: false, error: "providerError" };
  }
}
