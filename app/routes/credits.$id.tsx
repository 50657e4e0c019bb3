import { linkOrigin } from "~/middleware/link-origin.server";
import { useTranslation } from "~/ui/use-translation";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/middleware/guards.server";
import { enteredCodeSchema as codeSchema } from "~/domain/payments/discount";
import { checkoutMethodFrom, isCheckoutMethod, isDirectDebitFrom } from "~/domain/payments/methods";
import { offeredMethods } from "~/domain/payments/offered-methods.server";
import { discountBuyer, purchaseOffer } from "~/domain/payments/purchase-offer.server";
import { startPayment } from "~/domain/payments/start-payment.server";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { MethodChoice } from "~/ui/payments/method-choice";
import { DiscountCodeForm, DiscountedSummary } from "~/ui/payments/discount-code";
import type { Route } from "./+types/credits.$id";
import { readFields } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["directDebit", "discounts", "payments"] };

const formSchema = z.object({
  method: z.string().refine(isCheckoutMethod),
  issuer: z.string().max(100).optional(),
  code: codeSchema,
});

function packageIdFrom(params: { id?: string }) {
  const parsed = rowIdSchema.safeParse(params.id);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/**
 * /credits/{id}/{paymentmethod?}: the package, and how to pay for it (Mollie's methods for this
 * purchase). Direct debit ("sdd") is its own form: the package's link there leads to it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  if (isDirectDebitFrom(params.paymentmethod)) {
    throw redirect(`/directdebit?package=${packageIdFrom(params)}`);
  }
  const { site, country } = context.get(requestInfoContext);
  const buyerCountry = user.profile?.country ?? country;
  const searchParams = new URL(request.url).searchParams;
  const code = codeSchema.parse(searchParams.get("code") ?? undefined) || null;
  const chosen = checkoutMethodFrom(params.paymentmethod);
  const offer = await purchaseOffer(site.id, buyerCountry, packageIdFrom(params), {
    buyer: discountBuyer(user),
    method: chosen,
    code,
    guesser: { userId: user.id, ip: clientIp(request) },
  });
  if (!offer) throw data(null, { status: 404 });
  // Mollie unreachable: the page says so instead of failing; the next view asks again.
  const methods = await offeredMethods({
    amountCents: offer.amountCents,
    currency: offer.currency,
    country: buyerCountry,
    locale: getLocale(context),
  }).catch(() => null);
  const failed = searchParams.get("failed");
  // Too many codes not found: the page with the code field's message, and the status saying so.
  const status = offer.codeError?.reason === "tooManyTries" ? 429 : 200;
  return data(
    {
      offer,
      methods: methods ?? [],
      providerDown: methods === null,
      code: code ?? "",
      chosen,
      retryAfter: failed && isCheckoutMethod(failed) ? failed : null,
      title: getInstance(context).t("payments:checkout.title"),
      siteName: site.name,
    },
    { status },
  );
}

/** Starts the payment and sends the buyer to Mollie's checkout (or the simulator's). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site, country } = context.get(requestInfoContext);
  const parsed = formSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: "chooseMethod" as const }, { status: 400 });
  const result = await startPayment({
    userId: user.id,
    site,
    country: user.profile?.country ?? country,
    locale: getLocale(context),
    packageId: packageIdFrom(params),
    method: parsed.data.method as never,
    issuer: parsed.data.issuer || null,
    origin: linkOrigin(request, context.get(requestInfoContext).site),
    buyer: discountBuyer(user),
    code: parsed.data.code || null,
    guesser: { userId: user.id, ip: clientIp(request) },
  });
  if (result.ok) throw redirect(result.checkoutUrl);
  if (result.error === "notFound") throw data(null, { status: 404 });
  // The chosen method and bank come back with the message, so the form shows them again.
  const chosen = { method: parsed.data.method, issuer: parsed.data.issuer ?? null };
  if (result.error === "discount") {
    const status = result.discountError.reason === "tooManyTries" ? 429 : 400;
    return data({ error: result.error, discountError: result.discountError, ...chosen }, { status });
  }
  const status = { methodUnavailable: 400, rateLimited: 429, providerError: 502 }[result.error];
  return data({ error: result.error, ...chosen }, { status });
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { offer, methods } = loaderData;
  const discountError = actionData?.error === "discount" ? actionData.discountError : offer.codeError;
  const chosenAgain = actionData && "method" in actionData ? checkoutMethodFrom(actionData.method) : null;
  return (
    <main className="container py-4" style={{ maxWidth: 640 }} data-testid="checkout-page">
      <h1 className="h3">{t("payments:checkout.title")}</h1>
      <DiscountedSummary offer={offer} />
      <DiscountCodeForm code={loaderData.code} error={discountError} codeIgnored={offer.codeIgnored} />
      {loaderData.retryAfter && (
        <div className="alert alert-warning" role="alert" data-testid="payment-retry">
          {t("payments:checkout.retry")}
        </div>
      )}
      {actionData?.error && actionData.error !== "discount" && (
        <div className="alert alert-danger" role="alert" data-testid="checkout-error">
          {t(`payments:checkout.errors.${actionData.error}`)}
        </div>
      )}
      {loaderData.providerDown ? (
        <div className="alert alert-warning" role="alert" data-testid="provider-down">
          {t("payments:checkout.providerDown")}
        </div>
      ) : methods.length === 0 ? (
        <p data-testid="no-methods">{t("payments:checkout.noMethods")}</p>
      ) : (
        <Form method="post" data-testid="checkout-form">
          {offer.discount?.source === "code" && (
            <input type="hidden" name="code" value={offer.discount.code} />
          )}
          <MethodChoice
            methods={methods}
            chosen={chosenAgain ?? loaderData.chosen}
            issuer={actionData && "issuer" in actionData ? actionData.issuer : null}
            avoid={loaderData.retryAfter}
          />
          <button type="submit" className="btn btn-primary btn-lg w-100 mt-3" data-testid="pay-button">
            {t("payments:checkout.pay")}
          </button>
        </Form>
      )}
      {/* SEPA direct debit collects euros only. */}
      {offer.currency === "EUR" && (
        <p className="mt-3 text-center">
          <Link to={`/directdebit?package=${offer.creditPackage.id}`} data-testid="directdebit-link">
            {t("directDebit:payByDirectDebit")}
          </Link>
        </p>
      )}
    </main>
  );
}
