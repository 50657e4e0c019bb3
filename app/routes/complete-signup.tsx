import { linkOrigin } from "~/middleware/link-origin.server";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Trans } from "~/ui/trans";
import { useTranslation } from "~/ui/use-translation";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { suggestEmail } from "~/domain/accounts/email-suggestion";
import { changeSignupEmailSchema } from "~/domain/accounts/change-signup-email-schema";
import { requireUser } from "~/middleware/guards.server";
import { EMAIL_CHANGE_ERROR_KEYS } from "~/domain/accounts/email-change.server";
import { DISPOSABLE_EMAIL_MESSAGE } from "~/domain/accounts/disposable-email.server";
import {
  changeUnconfirmedEmail,
  resendActivation,
  type ActivationMailResult,
} from "~/domain/accounts/signup.server";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { FormErrors, PasswordField, TextField, useClearedOnAnswer } from "~/ui/form-fields";
import { type FormResult, useValidatedForm } from "~/ui/use-validated-form";
import type { Route } from "./+types/complete-signup";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["signup", "settings"] };

type Done = "resent" | "changed";

function requireUnconfirmedUser(context: Route.LoaderArgs["context"], request: Request) {
  const user = requireUser(context, request);
  if (user.status !== "not_confirmed") throw redirect("/");
  return user;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUnconfirmedUser(context, request);
  const query = new URL(request.url).searchParams;
  const done = query.get("done");
  const suggestion = suggestEmail(user.email);
  return {
    email: user.email,
    suggestion,
    // "Bedoelde je …?" fills in the new address; only the suggestion, no address a link makes up.
    newEmail: query.get("suggestion") === "1" ? suggestion : null,
    done: done === "resent" || done === "changed" ? (done as Done) : null,
    title: getInstance(context).t("signup:complete.title"),
    siteName: context.get(requestInfoContext).site.name,
  };
}

type ActionData =
  { intent: "resend"; error: string } | { intent: "change_email"; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUnconfirmedUser(context, request);
  const { site } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const origin = linkOrigin(request, context.get(requestInfoContext).site);
  const formData = await readForm(request);
  const errorText = (result: Extract<ActivationMailResult, { ok: false }>) =>
    result.error === "rate_limited"
      ? t("signup:complete.tooManyMails")
      : result.error === "duplicate"
        ? t("signup:complete.duplicate")
        : result.error === "wrong_password"
          ? t(EMAIL_CHANGE_ERROR_KEYS.wrongPassword)
          : result.error === "disposable"
            ? t(DISPOSABLE_EMAIL_MESSAGE)
            : t("signup:complete.same");

  if (formData.get("intent") === "resend") {
    const result = await resendActivation(user.id, site, origin, clientIp(request));
    if (result.ok) return redirect("/complete-signup?done=resent");
    if (result.error === "confirmed") return redirect("/");
    return data<ActionData>({ intent: "resend", error: errorText(result) }, { status: 429 });
  }

  const submission = parseWithZod(formData, { schema: changeSignupEmailSchema(t) });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return data<ActionData>(
      { intent: "change_email", result: submission.reply({ hideFields }) },
      { status: 400 },
    );
  }
  const result = await changeUnconfirmedEmail(
    user.id,
    submission.value.new_email,
    submission.value.password,
    site,
    origin,
    clientIp(request),
  );
  if (result.ok) return redirect("/complete-signup?done=changed");
  if (result.error === "confirmed") return redirect("/");
  const field = result.error === "wrong_password" ? "password" : "new_email";
  return data<ActionData>(
    {
      intent: "change_email",
      result: submission.reply({ fieldErrors: { [field]: [errorText(result)] }, hideFields }),
    },
    { status: result.error === "rate_limited" ? 429 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function CompleteSignupRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { email, suggestion, newEmail, done } = loaderData;
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-primary">{t("signup:complete.title")}</h1>
      {done && (
        <div className="alert alert-success" role="status">
          {t(`signup:complete.${done}`, { email })}
        </div>
      )}
      <p data-testid="complete-signup-email">
        <Trans i18nKey="signup:complete.sentTo" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      {suggestion && (
        <p className="mb-3" data-testid="email-suggestion">
          <Link to="?suggestion=1#change-email" replace preventScrollReset>
            {t("signup:suggestion", { email: suggestion })}
          </Link>
        </p>
      )}
      <p className="text-body-secondary">{t("signup:complete.spamHint")}</p>
      <Form method="post" className="mb-4">
        {actionData?.intent === "resend" && <FormErrors errors={[actionData.error]} id="resend-error" />}
        <button type="submit" name="intent" value="resend" className="btn btn-primary" disabled={busy}>
          {t("signup:complete.resend")}
        </button>
      </Form>
      <h2 className="h5">{t("signup:complete.changeTitle")}</h2>
      {/* A new key when the suggestion is chosen: the form starts again with it filled in. */}
      <ChangeEmailForm
        key={newEmail ?? ""}
        newEmail={newEmail}
        lastResult={actionData?.intent === "change_email" ? actionData.result : undefined}
        busy={busy}
      />
    </main>
  );
}

/** "Verkeerd e-mailadres?": the new address and, as on the settings page, the current password. */
function ChangeEmailForm({
  newEmail,
  lastResult,
  busy,
}: {
  newEmail: string | null;
  lastResult: FormResult;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    id: "change-email",
    lastResult,
    defaultValue: newEmail ? { new_email: newEmail } : undefined,
    schemas: () => import("~/domain/accounts/change-signup-email-schema"),
    schema: (schemas, t) => schemas.changeSignupEmailSchema(t),
  });
  const passwordRef = useClearedOnAnswer(lastResult);
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="change_email" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField
        label={t("signup:complete.newEmail")}
        inputProps={{ ...getInputProps(fields.new_email, { type: "email" }), autoComplete: "email" }}
        errors={fields.new_email.errors}
        errorId={fields.new_email.errorId}
      />
      <PasswordField
        label={t("settings:fields.currentPassword")}
        field={fields.password}
        autoComplete="current-password"
        help={t("settings:email.passwordHelp")}
        inputRef={passwordRef}
      />
      <button type="submit" className="btn btn-outline-primary" disabled={busy}>
        {t("signup:complete.change")}
      </button>
    </Form>
  );
}
