import { linkOrigin } from "~/middleware/link-origin.server";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { RESET_ERROR_KEYS, requestPasswordReset } from "~/domain/accounts/password-reset.server";
import { resetRequestSchema } from "~/domain/accounts/login-schemas";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/middleware/context";
import { isHoneypotFilled } from "~/lib/honeypot.server";
import { getInstance } from "~/middleware/i18n.server";
import { FormErrors, TextField } from "~/ui/form-fields";
import { HoneypotField } from "~/ui/honeypot";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["accounts", "settings"] };

// Open to everyone: a logged-in member who forgot the password may ask for a link too.
export function loader({ context }: Route.LoaderArgs) {
  return {
    siteName: context.get(requestInfoContext).site.name,
    title: getInstance(context).t("settings:reset.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getInstance(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: resetRequestSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // A bot filling the hidden field is told the same as a person, but nothing is sent.
  if (isHoneypotFilled(formData)) return redirect("/reset-password?sent=1");
  const result = await requestPasswordReset({
    site: context.get(requestInfoContext).site,
    email: submission.value.email,
    origin: linkOrigin(request, context.get(requestInfoContext).site),
    ip: clientIp(request),
  });
  if (!result.ok) {
    return data(submission.reply({ formErrors: [t(RESET_ERROR_KEYS[result.error])] }), {
      status: result.error === "tooMany" ? 429 : 400,
    });
  }
  return redirect("/reset-password?sent=1");
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function ResetPasswordRoute({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    // After a refused submit, fields revalidate while typing, not on blur: a server message vanishing
    // on blur would move the submit button away from under the click that caused the blur.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema(t) }),
  });
  return (
    <main className="container py-4" style={{ maxWidth: 480 }}>
      <h1 className="h3 text-primary">{t("settings:reset.title")}</h1>
      {searchParams.get("sent") === "1" && !actionData ? (
        <div className="alert alert-success" role="status">
          {t("settings:reset.sent")}
        </div>
      ) : (
        <p>{t("settings:reset.intro")}</p>
      )}
      <Form method="post" action="/reset-password" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <HoneypotField />
        <TextField
          label={t("accounts:fields.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <button type="submit" className="btn btn-primary w-100">
          {t("settings:reset.submit")}
        </button>
      </Form>
      <p className="mt-3 mb-1">
        <Link to="/login">{t("settings:reset.backToLogin")}</Link>
      </p>
    </main>
  );
}
