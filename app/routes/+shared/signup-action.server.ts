import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { EMAIL_SUGGESTION_FIELD, suggestEmail } from "~/domain/accounts/email-suggestion";
import { DISPOSABLE_EMAIL_MESSAGE } from "~/domain/accounts/disposable-email.server";
import { signupSchema } from "~/domain/accounts/signup-schema";
import { signUp, type ExistingAccount } from "~/domain/accounts/signup.server";
import { LANDER_VISIT_FIELD } from "~/domain/landers/designs";
import { clientIp } from "~/lib/client-ip.server";
import { isHoneypotFilled } from "~/lib/honeypot.server";
import { readForm } from "~/middleware/request-body.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { linkOrigin } from "~/middleware/link-origin.server";
import { createSession } from "~/middleware/session.server";
import { visitorAccess } from "~/middleware/visitor-access.server";

/** What a refused signup answers (the form shows it; see ui/signup-form's SignupActionData). */
interface SignupReply {
  result: SubmissionResult<string[]>;
  suggestion?: string | null;
  existing?: ExistingAccount | null;
}

export interface SignupActionOptions {
  /** The lander the form was on, stored with the account (null for /signup). */
  lander?: string | null;
  /** Where a new member goes next. */
  next?: string;
}

/**
 * When the visitor pressed the hint's button (no JavaScript), the form continues with the suggested
 * address, as long as it is the suggestion for the typed one.
 */
function applyEmailSuggestionChoice(formData: FormData): void {
  const chosen = formData.get(EMAIL_SUGGESTION_FIELD);
  const typed = formData.get("email");
  formData.delete(EMAIL_SUGGESTION_FIELD);
  if (typeof chosen !== "string" || typeof typed !== "string") return;
  if (suggestEmail(typed) !== chosen) return;
  formData.set("email", chosen);
  formData.set("email_checked", chosen);
}

/**
 * The signup form's POST, for /signup and every lander: checks the entry rules and the form, then
 * signs up (tracking data from the URL or cookie, plus the lander) and logs the new member in.
 * A refusal answers 400/403/429 with the typed values (never the password).
 */
export async function signupAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { lander = null, next = "/signup-matches" }: SignupActionOptions = {},
) {
  const { site, country } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  applyEmailSuggestionChoice(formData);
  const submission = parseWithZod(formData, { schema: signupSchema(t, site) });
  const reply = (formErrors?: string[]) => submission.reply({ formErrors, hideFields: ["password"] });
  const answer = (body: SignupReply, status: number) => data(body, { status });

  const { maySignUp, tracking } = visitorAccess(site, request);
  if (!maySignUp) {
    return answer({ result: reply([t("signup:errors.closed")]) }, 403);
  }
  if (isHoneypotFilled(formData)) return answer({ result: reply([t("signup:errors.honeypot")]) }, 400);
  if (submission.status !== "success") return answer({ result: reply() }, 400);

  const visit = formData.get(LANDER_VISIT_FIELD);
  const outcome = await signUp({
    site,
    values: submission.value,
    language: getLocale(context),
    country,
    ip: clientIp(request),
    tracking,
    lander,
    visit: lander && typeof visit === "string" ? visit : null,
    origin: linkOrigin(request, context.get(requestInfoContext).site),
  });
  switch (outcome.status) {
    case "created":
      return redirect(next, {
        headers: { "Set-Cookie": await createSession(outcome.userId, request) },
      });
    case "exists":
      return answer({ result: reply(), existing: outcome.existing }, 400);
    case "suggestion":
      return answer({ result: reply(), suggestion: outcome.suggestion }, 400);
    case "disposable":
      return answer(
        {
          result: submission.reply({
            fieldErrors: { email: [t(DISPOSABLE_EMAIL_MESSAGE)] },
            hideFields: ["password"],
          }),
        },
        400,
      );
    case "rate_limited":
      return answer({ result: reply([t("signup:errors.rateLimited")]) }, 429);
  }
}
