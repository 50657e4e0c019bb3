import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { applyEmailSuggestionChoice } from "~/domain/accounts/email-suggestion";
import { requireAnonymous } from "~/domain/accounts/guards.server";
import { createSession } from "~/domain/accounts/session.server";
import { signupSchema } from "~/domain/accounts/signup-schema";
import { signUp } from "~/domain/accounts/signup.server";
import { signupsOpen } from "~/domain/accounts/signup-visibility";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/lib/context";
import { isHoneypotFilled } from "~/lib/honeypot.server";
import { getInstance, getLocale } from "~/lib/i18n.server";
import { hasTrafficSource, readTracking } from "~/lib/tracking.server";
import { InviteOnlyNotice, SignupForm, type SignupActionData, type SignupPageData } from "~/ui/signup-form";
import type { Route } from "./+types/signup";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const { site } = context.get(requestInfoContext);
  const settings: SignupPageData = {
    open: signupsOpen(site.signups, hasTrafficSource(readTracking(request))),
    minAge: site.minAge,
    usesSignupMessage: site.usesSignupMessage,
    supportEmail: site.supportEmail,
  };
  return { settings, title: getInstance(context).t("signup:title"), siteName: site.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous(context);
  const { site, country } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const formData = await request.formData();
  applyEmailSuggestionChoice(formData);
  const submission = parseWithZod(formData, { schema: signupSchema(t, site) });
  const reply = (formErrors?: string[]) => submission.reply({ formErrors, hideFields: ["password"] });
  const answer = (body: SignupActionData, status: number) => data(body, { status });

  const tracking = readTracking(request);
  if (!signupsOpen(site.signups, hasTrafficSource(tracking))) {
    return answer({ result: reply([t("signup:errors.closed")]) }, 403);
  }
  if (isHoneypotFilled(formData)) return answer({ result: reply([t("signup:errors.honeypot")]) }, 400);
  if (submission.status !== "success") return answer({ result: reply() }, 400);

  const outcome = await signUp({
    site,
    values: submission.value,
    language: getLocale(context),
    country,
    ip: clientIp(request),
    tracking,
    origin: new URL(request.url).origin,
  });
  switch (outcome.status) {
    case "created":
      return redirect("/signup-matches", {
        headers: { "Set-Cookie": await createSession(outcome.userId, request) },
      });
    case "exists":
      return answer({ result: reply(), existing: outcome.existing }, 400);
    case "suggestion":
      return answer({ result: reply(), suggestion: outcome.suggestion }, 400);
    case "rate_limited":
      return answer({ result: reply([t("signup:errors.rateLimited")]) }, 429);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title} | ${data?.siteName}` }];

export default function SignupRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-primary">{t("signup:title")}</h1>
      {loaderData.settings.open ? (
        <>
          <p>{t("signup:intro")}</p>
          <SignupForm settings={loaderData.settings} actionData={actionData} />
        </>
      ) : (
        <InviteOnlyNotice />
      )}
    </main>
  );
}
