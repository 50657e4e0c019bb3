import type { TFunction } from "i18next";
import { data } from "react-router";
import { z } from "zod";
import { currencyForCountry } from "~/domain/credits/money";
import { discountErrorMessage, type DiscountError } from "~/domain/payments/discount";
import {
  lookUpDiscountCode,
  methodRefusal,
  statusError,
  welcomeOfferFor,
  type DiscountCodeFacts,
  type DiscountCodeStatus,
} from "~/domain/payments/discounts.server";
import { checkoutMethodFrom } from "~/domain/payments/methods";
import { discountBuyer, purchaseOffer } from "~/domain/payments/purchase-offer.server";
import type { DiscountValidity } from "~/generated/prisma/enums";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { clientIp } from "~/lib/client-ip.server";
import { rowIdSchema } from "~/lib/row-id";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/api.discountcode";

const welcomeQuery = z.object({ welcome: z.literal("true") });

const codeQuery = z.object({
  code: z.string().trim().min(1).max(200),
  package: rowIdSchema.optional(),
  method: z.string().trim().max(50).optional(),
});

/** The statuses and validities as the calls name them (docs/product.md, JSON calls). */
const STATUS: Record<DiscountCodeStatus, string> = {
  active: "active",
  inactive: "inactive",
  expired: "expired",
  alreadyUsed: "used",
  usedUp: "used-up",
  notFound: "not-found",
};
const VALIDITY: Record<DiscountValidity, string> = {
  once_per_member: "once-per-user",
  unlimited: "unlimited",
};

/**
 * A code's fields: null for a code not found, of which nothing is told. Amounts in the buyer's
 * currency (`currency`), the minimum order as a decimal amount like the percentage.
 */
function codeFields(facts: DiscountCodeFacts, currency: string) {
  const terms = facts.terms;
  return {
    code: facts.code,
    status: STATUS[facts.status],
    value_percentage: terms?.percentage ?? null,
    validity: terms ? VALIDITY[terms.validity] : null,
    expires: terms ? (terms.expiresAt?.toISOString() ?? null) : null,
    expired: terms?.expired ?? null,
    minimum_order_value: terms ? terms.minimumOrderCents / 100 : null,
    currency,
    country: terms?.country ?? null,
    user_id: terms?.userId ?? null,
    paymentmethods: terms?.methods ?? null,
  };
}

/** The field a malformed query is told about, in the member's language. */
function queryError(t: TFunction, field: PropertyKey | undefined): string {
  if (field === "package") return t("payments:checkout.errors.unknownPackage");
  if (field === "method") return t("payments:checkout.errors.methodUnavailable");
  return t("discounts:errors.notFound");
}

/**
 * GET /api/discountcode.php, members only (docs/product.md, JSON calls).
 * - `?code=XYZ[&package=ID][&method=ideal]`: the code as it stands for this member: `status`
 *   (active, inactive, expired, used, used-up, not-found), `value_percentage`, `validity`
 *   (once-per-user, unlimited), `expires`, `expired`, `minimum_order_value`, `currency`, `country`,
 *   `user_id`, `paymentmethods`, and `valid`: whether it applies (with the package: to that package,
 *   with `percentage` and `amountCents` computed here; with the method: when paying so), else
 *   `error` with the translated reason ("Code niet gevonden", "Code reeds gebruikt"…). While the
 *   time bonus runs it is the discount that counts, so that is what is answered. 429 with the "too
 *   many tries" reason once the member or the address had too many codes not found
 *   (app/domain/abuse/limits.ts); a malformed query 400, an unknown package 404, each with the
 *   reason in `error`.
 * - `?welcome=true`: the active discount without a code (the time bonus, else the welcome code), with
 *   the same fields plus `percentage`, `timeBonus` and `expiresAt`; null when there is none.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site, country } = context.get(requestInfoContext);
  if (!user) return authenticationRequired();
  const buyerCountry = user.profile?.country ?? country;
  const buyer = { ...discountBuyer(user), country: buyerCountry };
  const currency = currencyForCountry(buyerCountry);
  const params = Object.fromEntries(new URL(request.url).searchParams);

  if (welcomeQuery.safeParse(params).success) {
    const offer = await welcomeOfferFor(site.id, buyer, currency);
    const answer = offer && {
      ...codeFields(offer, currency),
      percentage: offer.terms!.percentage,
      timeBonus: offer.terms!.timeBonus,
      expiresAt: offer.terms!.expiresAt?.toISOString() ?? null,
    };
    return data(answer, { headers: noStore });
  }

  const { t } = getInstance(context);
  const locale = getLocale(context);
  const refused = (status: number, error: string) =>
    data({ valid: false, error }, { status, headers: noStore });
  const query = codeQuery.safeParse(params);
  if (!query.success) return refused(400, queryError(t, query.error.issues[0]?.path[0]));
  const packageId = query.data.package;
  // An unknown package is refused before the code is looked up (and counted).
  if (packageId !== undefined && !(await purchaseOffer(site.id, buyerCountry, packageId))) {
    return refused(404, t("payments:checkout.errors.unknownPackage"));
  }
  const method = query.data.method ? (checkoutMethodFrom(query.data.method) ?? query.data.method) : null;
  const facts = await lookUpDiscountCode({
    siteId: site.id,
    buyer,
    currency,
    code: query.data.code,
    guesser: { userId: user.id, ip: clientIp(request) },
  });
  if (facts === "tooManyTries") {
    return refused(429, discountErrorMessage(t, { reason: "tooManyTries" }, locale));
  }
  const fields = codeFields(facts, currency);
  const answer = (error: DiscountError | null, priced: { amountCents: number } | null = null) =>
    data(
      error
        ? { valid: false, ...fields, error: discountErrorMessage(t, error, locale) }
        : { valid: true, ...fields, percentage: facts.terms!.percentage, ...priced },
      { headers: noStore },
    );
  if (facts.status !== "active") return answer(statusError(facts.status));
  if (packageId === undefined) return answer(methodRefusal(facts.terms!.methods, method));

  // The code was counted above: the offer looks it up again without counting.
  const offer = await purchaseOffer(site.id, buyerCountry, packageId, {
    buyer,
    method,
    code: query.data.code,
  });
  if (!offer?.discount || offer.codeError) return answer(offer?.codeError ?? { reason: "notFound" });
  return answer(null, { amountCents: offer.amountCents });
}
