import { data } from "react-router";
import { z } from "zod";
import { currencyForCountry } from "~/domain/credits/money";
import { discountErrorMessage } from "~/domain/payments/discount";
import { welcomeOfferFor } from "~/domain/payments/discounts.server";
import { checkoutMethodFrom } from "~/domain/payments/methods";
import { discountBuyer, purchaseOffer } from "~/domain/payments/purchase-offer.server";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/api.discountcode";
import { rowIdSchema } from "~/lib/row-id";

const welcomeQuery = z.object({ welcome: z.literal("true") });

const codeQuery = z.object({
  code: z.string().trim().min(1).max(200),
  package: rowIdSchema,
  method: z.string().trim().max(50).optional(),
});

/**
 * GET /api/discountcode.php, members only.
 * - `?code=XYZ&package=ID&method=ideal`: whether the code applies to that package (and method) for
 *   this member: `{valid, code, percentage, amountCents, currency}` with the amount computed here,
 *   or `{valid: false, error}` with the translated reason ("Code niet gevonden", "Code reeds gebruikt");
 *   429 with the "too many tries" reason once the member or the address had too many codes not
 *   found (app/domain/abuse/limits.ts). While the time bonus runs it is the discount that counts,
 *   so that is what is answered.
 * - `?welcome=true`: the active discount without a code (the time bonus, else the welcome code), or null.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site, country } = context.get(requestInfoContext);
  if (!user) return authenticationRequired();
  const buyerCountry = user.profile?.country ?? country;
  const buyer = { ...discountBuyer(user), country: buyerCountry };
  const params = Object.fromEntries(new URL(request.url).searchParams);

  const welcome = welcomeQuery.safeParse(params);
  if (welcome.success) {
    return data(await welcomeOfferFor(site.id, buyer, currencyForCountry(buyerCountry)), {
      headers: noStore,
    });
  }

  const t = getInstance(context).t;
  const query = codeQuery.safeParse(params);
  if (!query.success) {
    return data({ valid: false, error: t("discounts:errors.notFound") }, { status: 400, headers: noStore });
  }
  const method = query.data.method ? (checkoutMethodFrom(query.data.method) ?? query.data.method) : null;
  const offer = await purchaseOffer(site.id, buyerCountry, query.data.package, {
    buyer,
    method,
    code: query.data.code,
    guesser: { userId: user.id, ip: clientIp(request) },
  });
  if (!offer)
    return data({ valid: false, error: t("discounts:errors.notFound") }, { status: 404, headers: noStore });
  if (offer.codeError || !offer.discount) {
    const error = offer.codeError ?? { reason: "notFound" as const };
    return data(
      { valid: false, error: discountErrorMessage(t, error, getLocale(context)) },
      { status: error.reason === "tooManyTries" ? 429 : 200, headers: noStore },
    );
  }
  return data(
    {
      valid: true,
      code: offer.discount.code,
      percentage: offer.discount.percentage,
      amountCents: offer.amountCents,
      currency: offer.currency,
    },
    { headers: noStore },
  );
}
