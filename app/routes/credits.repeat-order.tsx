import { linkOrigin } from "~/middleware/link-origin.server";
import { useTranslation } from "~/ui/use-translation";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { accountLabel } from "~/domain/accounts/activation-login.server";
import { requireUser } from "~/middleware/guards.server";
import { loginRefusalMessage } from "~/domain/accounts/login.server";
import { passwordIsFresh, provePassword } from "~/domain/accounts/password-reentry.server";
import { clientIp } from "~/lib/client-ip.server";
import { TextField, useClearedOnAnswer } from "~/ui/form-fields";
import { formatMoney } from "~/domain/credits/money";
import { repeatOrder, repeatOrderView } from "~/domain/payments/repeat-order.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/credits.repeat-order";
import { readFields } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { MAX_ROW_ID, rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["directDebit", "payments"] };

const formSchema = z.object({
  after: z.coerce.number().int().min(0).max(MAX_ROW_ID),
  // Asked for when the session's password is older than PASSWORD_FRESH_MS.
  password: z.string().max(200).default(""),
});

/** Paying members only (the top bar links them here); anyone else chooses a package at /credits. */
function payingMember(context: Route.LoaderArgs["context"], request: Request) {
  const user = requireUser(context, request);
  if (!user.paidUser) throw redirect("/credits");
  const { site, country, sessionId } = context.get(requestInfoContext);
  return { user, site, sessionId: sessionId!, country: user.profile?.country ?? country };
}

/**
 * /credits/repeat-order: the last package again in one click, on the card of the first card payment.
 * The page names the account beside the card, and asks for the password again when this session
 * has not proven it for a while: a browser someone else logged in must not charge the card.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site, sessionId, country } = payingMember(context, request);
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
    account: accountLabel(user),
    passwordNeeded: !(await passwordIsFresh(sessionId)),
    balance: user.credits,
    title: getInstance(context).t("directDebit:repeat.title"),
    siteName: site.name,
  };
}

/** Charges the card mandate; a declined card comes back here with a retry and the checkout. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, site, sessionId, country } = payingMember(context, request);
  const parsed = formSchema.safeParse(await readFields(request));
  if (!parsed.success) throw redirect("/credits/repeat-order");
  const proof = await provePassword({
    site,
    sessionId,
    email: user.email,
    password: parsed.data.password,
    ip: clientIp(request),
  });
  if (!proof.ok) {
    if (proof.error === "locked") {
      const message = loginRefusalMessage(getInstance(context).t, proof.refusal);
      return data({ error: proof.error, message }, { status: 429 });
    }
    return data(
      { error: proof.error === "required" ? ("passwordRequired" as const) : ("wrongPassword" as const) },
      { status: 400 },
    );
  }
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
  if (outcome.error === "providerError" || outcome.error === "providerDown") {
    return data({ error: outcome.error }, { status: 502 });
  }
  if (outcome.error === "rateLimited") return data({ error: outcome.error }, { status: 429 });
  throw redirect("/credits/repeat-order");
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function RepeatOrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const navigation = useNavigation();
  const { offer, mandate, failed, account } = loaderData;
  const passwordRef = useClearedOnAnswer(actionData);
  const error = actionData?.error;
  const passwordError =
    error === "passwordRequired" || error === "wrongPassword" ? t(`directDebit:repeat.${error}`) : null;
  const amount = offer ? formatMoney(offer.amountCents, offer.currency, language) : "";
  const card = mandate
    ? [mandate.label, mandate.lastDigits && `•••• ${mandate.lastDigits}`].filter(Boolean)
    : [];
  return (
    <main className="container py-4" style={{ maxWidth: 640 }} data-testid="repeat-order-page">
      <h1 className="h3">{t("directDebit:repeat.title")}</h1>
      <p data-testid="credit-balance">{t("payments:credits.balance", { count: loaderData.balance })}</p>
      {error && !passwordError && (
        <div className="alert alert-danger" role="alert" data-testid="repeat-order-error">
          {error === "rateLimited"
            ? t("payments:checkout.errors.rateLimited")
            : actionData && "message" in actionData
              ? actionData.message
              : t(`directDebit:repeat.${error}`)}
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
      ) : loaderData.providerDown ? (
        <div className="alert alert-warning" role="status" data-testid="repeat-order-provider-down">
          {t("directDebit:repeat.providerDown")}
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
              <p className="text-body-secondary mb-0" data-testid="repeat-order-account">
                {t("directDebit:repeat.account", { name: account.name, email: account.email })}
              </p>
            </div>
          </div>
          <Form method="post" action="/credits/repeat-order">
            <input type="hidden" name="after" value={loaderData.after} />
            {(loaderData.passwordNeeded || passwordError) && (
              <>
                <p>{t("directDebit:repeat.passwordIntro")}</p>
                <TextField
                  label={t("directDebit:repeat.password")}
                  inputProps={{
                    id: "repeat-order-password",
                    name: "password",
                    type: "password",
                    autoComplete: "current-password",
                    required: true,
                    "aria-describedby": passwordError ? "repeat-order-password-error" : undefined,
                  }}
                  errors={passwordError ? [passwordError] : undefined}
                  errorId="repeat-order-password-error"
                  inputRef={passwordRef}
                />
              </>
            )}
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
