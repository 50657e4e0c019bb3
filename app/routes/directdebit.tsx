import { linkOrigin } from "~/middleware/link-origin.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/ui/use-translation";
import { data, Link, redirect } from "react-router";
import { requireUser } from "~/middleware/guards.server";
import { directDebitCodeSchema, directDebitSchema } from "~/domain/payments/direct-debit-schema";
import {
  confirmDirectDebit,
  directDebitOptions,
  pendingDirectDebit,
  renewDirectDebit,
  requestDirectDebit,
  resendDirectDebitCode,
  type RequestError,
} from "~/domain/payments/direct-debit.server";
import { discountBuyer } from "~/domain/payments/purchase-offer.server";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import {
  DirectDebitCodeForm,
  DirectDebitDetailsForm,
  type DirectDebitActionData,
} from "~/ui/payments/direct-debit-form";
import type { Route } from "./+types/directdebit";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["directDebit", "payments", "signup"] };

/** The status of a refused request for a code. */
const REFUSED_STATUS: Record<RequestError, number> = {
  blocked: 400,
  limit: 400,
  notFound: 400,
  foreignPhone: 400,
  unconfirmed: 403,
  rateLimited: 429,
  smsFailed: 502,
  providerError: 502,
  busy: 503,
};

/** The buyer's country (their profile's, else where they are): euros only, and how phone numbers read. */
function buyer(context: Route.LoaderArgs["context"], request: Request) {
  const user = requireUser(context, request);
  const { site, country } = context.get(requestInfoContext);
  return { user, site, country: user.profile?.country ?? country };
}

/**
 * /directdebit: the SEPA direct debit form (?package=ID preselects a package), then with
 * ?request=ID the step that asks for the SMS code. Nothing is collected before the code matches.
 * A member who has not confirmed the e-mail address is asked to, and gets no form (codes are paid
 * texts: throw-away accounts must not have them sent).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site, country } = buyer(context, request);
  const url = new URL(request.url);
  const common = { title: getInstance(context).t("directDebit:title"), siteName: site.name };
  if (user.status !== "confirmed") return { step: "unconfirmed" as const, ...common };
  if (url.searchParams.has("request")) {
    const id = rowIdSchema.safeParse(url.searchParams.get("request"));
    const pending = id.success ? await pendingDirectDebit(user.id, id.data, country) : null;
    if (pending?.paymentId) throw redirect(`/transactions/${pending.paymentId}`);
    if (!pending || pending.verified) throw redirect("/directdebit");
    return { step: "code" as const, pending, resent: url.searchParams.has("resent"), ...common };
  }
  const options = await directDebitOptions(discountBuyer(user), site.id, country);
  const wanted = rowIdSchema.safeParse(url.searchParams.get("package"));
  const selected =
    (wanted.success && options.packages.find((p) => p.id === wanted.data)?.id) ||
    options.packages.find((p) => p.popular)?.id ||
    options.packages[0]?.id ||
    null;
  return { step: "details" as const, ...options, selected, country, ...common };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, site, country } = buyer(context, request);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  const answer = (body: DirectDebitActionData, status = 400) => data(body, { status });
  if (user.status !== "confirmed") {
    return answer(
      { step: "details", result: { status: "error", error: { "": [t("directDebit:errors.unconfirmed")] } } },
      REFUSED_STATUS.unconfirmed,
    );
  }
  const ip = clientIp(request);

  switch (formData.get("intent")) {
    case "confirm": {
      const submission = parseWithZod(formData, { schema: directDebitCodeSchema(t) });
      if (submission.status !== "success") {
        return answer({ step: "code", result: submission.reply({ hideFields: ["otp"] }) });
      }
      const outcome = await confirmDirectDebit({
        userId: user.id,
        requestId: submission.value.request,
        country,
        code: submission.value.otp,
        site,
        locale: getLocale(context),
        origin: linkOrigin(request, context.get(requestInfoContext).site),
      });
      if (outcome.ok) throw redirect(`/transactions/${outcome.paymentId}`);
      if (outcome.error === "notFound") throw redirect("/directdebit");
      return answer(
        {
          step: "code",
          result: submission.reply({
            formErrors: [t(`directDebit:errors.${outcome.error}`)],
            hideFields: ["otp"],
          }),
          attemptsLeft: outcome.attemptsLeft,
          priceChanged: outcome.error === "priceChanged",
        },
        outcome.error === "providerError" ? 502 : outcome.error === "priceChanged" ? 409 : 400,
      );
    }
    case "resend": {
      const id = rowIdSchema.safeParse(formData.get("request"));
      if (!id.success) throw redirect("/directdebit");
      const outcome = await resendDirectDebitCode({
        userId: user.id,
        requestId: id.data,
        country,
        site,
        language: getLocale(context),
        ip,
      });
      if (outcome.ok) throw redirect(`/directdebit?request=${id.data}&resent=1`);
      if (outcome.error === "notFound") throw redirect("/directdebit");
      return answer(
        {
          step: "code",
          result: { status: "error", error: { "": [t(`directDebit:errors.${outcome.error}`)] } },
          priceChanged: outcome.error === "priceChanged",
        },
        outcome.error === "priceChanged" ? 409 : REFUSED_STATUS[outcome.error],
      );
    }
    case "renew": {
      const id = rowIdSchema.safeParse(formData.get("request"));
      if (!id.success) throw redirect("/directdebit");
      const outcome = await renewDirectDebit({
        userId: user.id,
        requestId: id.data,
        buyer: discountBuyer(user),
        site,
        country,
        language: getLocale(context),
        ip,
      });
      if (outcome.ok) throw redirect(`/directdebit?request=${outcome.requestId}`);
      return answer(
        {
          step: "code",
          result: { status: "error", error: { "": [t(`directDebit:errors.${outcome.error}`)] } },
        },
        REFUSED_STATUS[outcome.error],
      );
    }
    default: {
      const submission = parseWithZod(formData, { schema: directDebitSchema(t, country) });
      if (submission.status !== "success") return answer({ step: "details", result: submission.reply() });
      const outcome = await requestDirectDebit({
        userId: user.id,
        buyer: discountBuyer(user),
        site,
        country,
        language: getLocale(context),
        ip,
        values: submission.value,
      });
      if (outcome.ok) throw redirect(`/directdebit?request=${outcome.requestId}`);
      return answer(
        {
          step: "details",
          result: submission.reply({ formErrors: [t(`directDebit:errors.${outcome.error}`)] }),
        },
        REFUSED_STATUS[outcome.error],
      );
    }
  }
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function DirectDebitRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 640 }} data-testid="directdebit-page">
      <h1 className="h3">{t("directDebit:title")}</h1>
      {loaderData.step === "unconfirmed" ? (
        <div className="alert alert-warning" role="status" data-testid="directdebit-unconfirmed">
          <p>{t("directDebit:errors.unconfirmed")}</p>
          <Link to="/complete-signup" className="alert-link">
            {t("signup:reminder.link")}
          </Link>
        </div>
      ) : loaderData.step === "code" ? (
        <DirectDebitCodeForm
          pending={loaderData.pending}
          resent={loaderData.resent}
          actionData={actionData}
        />
      ) : !loaderData.available ? (
        <div className="alert alert-info" data-testid="directdebit-unavailable">
          <p>{t("directDebit:notAvailable")}</p>
          <Link to="/credits">{t("directDebit:otherMethods")}</Link>
        </div>
      ) : loaderData.blocked ? (
        <div className="alert alert-danger" role="alert" data-testid="directdebit-blocked">
          <p>{t("directDebit:errors.blocked")}</p>
          <Link to="/credits">{t("directDebit:otherMethods")}</Link>
        </div>
      ) : (
        <>
          <p>{t("directDebit:intro")}</p>
          <DirectDebitDetailsForm
            packages={loaderData.packages}
            selected={loaderData.selected}
            country={loaderData.country}
            siteName={loaderData.siteName}
            actionData={actionData}
          />
          <p className="mt-3 text-center">
            <Link to={loaderData.selected ? `/credits/${loaderData.selected}` : "/credits"}>
              {t("directDebit:otherMethods")}
            </Link>
          </p>
        </>
      )}
    </main>
  );
}
