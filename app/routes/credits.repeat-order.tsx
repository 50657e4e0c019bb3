import { linkOrigin } from "~/domain/sites/site-origin.server";
import { useTranslation } from "~/ui/use-translation";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { requireUser } from "~/domain/accounts/guards.server";
import { formatMoney } from "~/domain/payments/money";
import { repeatOrder, repeatOrderView } from "~/domain/payments/repeat-order.server";
import { requestInfoContext } from "~/lib/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/credits.repeat-order";
import { readFields } from "~/lib/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { MAX_ROW_ID, rowIdSchema } from "~/lib/row-id";

export const handle: TranslationHandle = { i18n: ["directDebit", "payments"] };

const formSchema = z.object({ after: z.coerce.number().int().min(0).max(MAX_ROW_ID) });

/** Paying members only (the top bar links them here); anyone else chooses a package at /credits. */
function payingMember(context: Route.LoaderArgs["context"], request: Request) {
  const user = requireUser(context, request);
  if (!user.paidUser) throw redirect("/credits");
  const { site, country } = context.get(requestInfoContext);
  return { user, site, country: user.profile?.country ?? country };
}

/** /credits/repeat-order: the last package again in one click, on the card of the first card payment. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site, country } = payingMember(context, request);
  const failed = rowIdSchema.safeParse(new URL(request.url).searchParams.get("failed"));
  const view = await repeatOrderView({
    userId: user.id,
    buyer: { signupDate: user.signupDate, paidUser: user.paidUser },
    siteId: site.id,
    country,
    failedPaymentId: failed.success ? failed.data : null,
  });
  return {
    ...view,
    balance: user.credits,
    title: getInstance(context).t("directDebit:repeat.title"),
    siteName: site.name,
  };
}

/** Charges the card mandate; a declined card comes back here with a retry and the checkout. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, site, country } = payingMember(context, request);
  const parsed = formSchema.safeParse(await readFields(request));
  if (!parsed.success) throw redirect("/credits/repeat-order");
  const outcome = await repeatOrder({
    userId: user.id,
    buyer: { signupDate: user.signupDate, paidUser: user.paidUser },
    site,
    country,
    locale: getLocale(context),
    origin: linkOrigin(request, context.get(requestInfoContext).site),
    after: parsed.data.after,
  });
  if (outcome.ok) throw redirect(`/transactions/${outcome.paymentId}`);
  if (outcome.error === "failed") throw redirect(`/credits/repeat-order?failed=${outcome.paymentId}`);
  if (outcome.error === "providerError") return data({ error: outcome.error }, { status: 502 });
  if (outcome.error === "rateLimited") return data({ error: outcome.error }, { status: 429 });
  throw redirect("/credits/repeat-order");
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title} | ${data?.siteName}` },
  { name: "robots", content: "noindex" },
];

export default function RepeatOrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const navigation = useNavigation();
  const { offer, mandate, failed } = loaderData;
  const amount = offer ? formatMoney(offer.amountCents, offer.currency, language) : "";
  const card = mandate
    ? [mandate.label, mandate.lastDigits && `•••• ${mandate.lastDigits}`].filter(Boolean)
    : [];
  return (
    <main className="container py-4" style={{ maxWidth: 640 }} data-testid="repeat-order-page">
      <h1 className="h3">{t("directDebit:repeat.title")}</h1>
      <p data-testid="credit-balance">{t("payments:credits.balance", { count: loaderData.balance })}</p>
      {actionData?.error && (
        <div className="alert alert-danger" role="alert" data-testid="repeat-order-error">
          {t(
            actionData.error === "rateLimited"
              ? "payments:checkout.errors.rateLimited"
              : "directDebit:repeat.providerError",
          )}
        </div>
      )}
      {failed && (
        <div className="alert alert-danger" role="alert" data-testid="repeat-order-failed">
          <h2 className="h5">{t("directDebit:repeat.failedTitle")}</h2>
          <p className="mb-2">{t("directDebit:repeat.failed")}</p>
          <Link
            to={`/credits/${failed.packageId}`}
            className="alert-link"
            data-testid="repeat-order-provider"
          >
            {t("directDebit:repeat.payOnProvider")}
          </Link>
        </div>
      )}
      {!offer ? (
        <div data-testid="repeat-order-no-package">
          <p>{t("directDebit:repeat.noPackage")}</p>
          <Link to="/credits" className="btn btn-primary">
            {t("directDebit:repeat.toPackages")}
          </Link>
        </div>
      ) : !mandate ? (
        <div data-testid="repeat-order-no-mandate">
          <p>{t("directDebit:repeat.noMandate")}</p>
          <Link to="/credits" className="btn btn-primary">
            {t("directDebit:repeat.toPackages")}
          </Link>
        </div>
      ) : (
        <>
          <p>{t("directDebit:repeat.intro")}</p>
          <div className="card mb-3">
            <div className="card-body">
              <p className="fw-semibold mb-1" data-testid="repeat-order-offer">
                {t("directDebit:repeat.offer", {
                  package: t("payments:packages.credits", { count: offer.creditPackage.credits }),
                  amount,
                })}
              </p>
              {card.length > 0 && (
                <p className="text-body-secondary mb-0" data-testid="repeat-order-card">
                  {t("directDebit:repeat.card", { card: card.join(" ") })}
                </p>
              )}
            </div>
          </div>
          <Form method="post" action="/credits/repeat-order">
            <input type="hidden" name="after" value={loaderData.after} />
            <button
              type="submit"
              className="btn btn-primary btn-lg w-100"
              disabled={navigation.state === "submitting"}
              data-testid="repeat-order-buy"
            >
              {failed ? t("directDebit:repeat.retry") : t("directDebit:repeat.buy", { amount })}
            </button>
          </Form>
          <p className="mt-3 text-center">
            <Link to="/credits">{t("directDebit:repeat.otherPackage")}</Link>
          </p>
        </>
      )}
    </main>
  );
}
