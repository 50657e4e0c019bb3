import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import {
  acceptCurrentTerms,
  currentTermsVersion,
  mustAcceptTerms,
} from "~/domain/accounts/terms-acceptance.server";
import { termsAcceptanceSchema } from "~/domain/accounts/terms-acceptance-schema";
import { clientIp } from "~/lib/client-ip.server";
import type { TranslationHandle } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/redirect.server";
import { requestInfoContext } from "~/middleware/context";
import { requireUser } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { readForm } from "~/middleware/request-body.server";
import { TERMS_ACCEPT_PATH } from "~/middleware/terms-consent.server";
import { FormErrors } from "~/ui/form-fields";
import { titleMeta } from "~/ui/page-title";
import { Trans } from "~/ui/trans";
import { useTranslation } from "~/ui/use-translation";
import { useValidatedForm } from "~/ui/use-validated-form";
import type { Route } from "./+types/terms.accept";

export const handle: TranslationHandle = { i18n: ["consent"] };

/** Where the member goes on: `redirectTo` when it is a path on this site (not this form), else home. */
function afterTerms(redirectTo: string | null | undefined): string {
  const path = safeRedirectPath(redirectTo);
  return path.startsWith(TERMS_ACCEPT_PATH) ? "/" : path;
}

/**
 * The terms form (docs/decisions/0061-recorded-terms-consent.md): members only. A member the rule
 * does not ask (accepted already, or signed up under these terms) goes straight on.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site } = context.get(requestInfoContext);
  const version = currentTermsVersion(site);
  if (!mustAcceptTerms(user, version)) {
    throw redirect(afterTerms(new URL(request.url).searchParams.get("redirectTo")));
  }
  const termsDate = new Intl.DateTimeFormat(getLocale(context), {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(version);
  return { termsDate, title: getInstance(context).t("consent:accept.title"), siteName: site.name };
}

/**
 * Accepting records the current version with the time and the address (once: a second press
 * records nothing) and goes on to `redirectTo`; a form without the box ticked answers 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const submission = parseWithZod(await readForm(request), { schema: termsAcceptanceSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await acceptCurrentTerms(user, site, clientIp(request));
  return redirect(afterTerms(submission.value.redirectTo));
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function TermsAcceptRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [form, fields] = useValidatedForm({
    lastResult: actionData,
    schemas: () => import("~/domain/accounts/terms-acceptance-schema"),
    schema: (schemas, t) => schemas.termsAcceptanceSchema(t),
  });
  const invalid = Boolean(fields.accept_terms.errors?.length);
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-primary">{t("consent:accept.title")}</h1>
      <p>{t("consent:accept.intro", { date: loaderData.termsDate })}</p>
      <Form method="post" {...getFormProps(form)} data-testid="terms-accept-form">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? "/"} />
        <div className="form-check mb-3">
          <input
            {...getInputProps(fields.accept_terms, { type: "checkbox" })}
            className={`form-check-input${invalid ? " is-invalid" : ""}`}
          />
          <label className="form-check-label" htmlFor={fields.accept_terms.id}>
            <Trans
              i18nKey="consent:accept.label"
              components={{ terms: <Link to="/pages/terms" />, privacy: <Link to="/pages/privacy" /> }}
            />
          </label>
          {invalid ? (
            <div id={fields.accept_terms.errorId} className="invalid-feedback d-block">
              {fields.accept_terms.errors!.join(" ")}
            </div>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary w-100">
          {t("consent:accept.submit")}
        </button>
      </Form>
      <p className="mt-4 mb-2">{t("consent:accept.decline")}</p>
      <Form method="post" action="/logout" className="d-flex gap-2 flex-wrap">
        <button type="submit" className="btn btn-outline-secondary">
          {t("consent:accept.logout")}
        </button>
        <Link to="/settings/delete" className="btn btn-link">
          {t("consent:accept.deleteAccount")}
        </Link>
      </Form>
    </main>
  );
}
