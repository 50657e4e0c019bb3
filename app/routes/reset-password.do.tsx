import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import {
  RESET_ERROR_KEYS,
  completePasswordReset,
  isResetLinkValid,
} from "~/domain/accounts/password-reset.server";
import { passwordProblemMessage } from "~/domain/accounts/password-rules";
import { createSession } from "~/middleware/session.server";
import { resetPasswordSchema } from "~/domain/accounts/settings-schemas";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { FormErrors } from "~/ui/form-fields";
import { NewPasswordFields } from "~/ui/new-password-fields";
import { useValidatedForm } from "~/ui/use-validated-form";
import type { Route } from "./+types/reset-password.do";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["accounts", "settings"] };

// Open to everyone: the link in the mail is the proof, whoever is logged in on this browser.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return {
    token,
    valid: await isResetLinkValid(token),
    siteName: context.get(requestInfoContext).site.name,
    title: getInstance(context).t("settings:reset.doTitle"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getInstance(context);
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema(t) });
  const hideFields = ["newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    return data({ linkInvalid: false, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const result = await completePasswordReset({
    token: submission.value.token,
    password: submission.value.newPassword,
  });
  if (!result.ok) {
    if (result.error === "invalidLink") {
      return data(
        {
          linkInvalid: true,
          result: submission.reply({ formErrors: [t(RESET_ERROR_KEYS.invalidLink)], hideFields }),
        },
        { status: 400 },
      );
    }
    const message = passwordProblemMessage(t, result.error);
    return data(
      {
        linkInvalid: false,
        result: submission.reply({ fieldErrors: { newPassword: [message] }, hideFields }),
      },
      { status: 400 },
    );
  }
  const cookie = await createSession(result.userId, request);
  return redirect("/settings?saved=reset", { headers: { "Set-Cookie": cookie } });
}

export const meta: Route.MetaFunction = ({ data }) =>
  titleMeta(
    data,
    // The token is in the address: never pass it on to another site ("no-referrer" would also blank
    // the Origin header of our own form posts, which the cross-site check then refuses).
    { name: "referrer", content: "same-origin" },
  );

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <>
      <div className="alert alert-danger" role="alert">
        {t("settings:reset.invalidLink")}
      </div>
      <Link to="/reset-password" className="btn btn-primary">
        {t("settings:reset.requestNew")}
      </Link>
    </>
  );
}

export default function ResetPasswordDoRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    lastResult: actionData?.result,
    schemas: () => import("~/domain/accounts/settings-schemas"),
    schema: (schemas, t) => schemas.resetPasswordSchema(t),
  });
  const invalid = !loaderData.valid || actionData?.linkInvalid;
  return (
    <main className="container py-4" style={{ maxWidth: 480 }}>
      <h1 className="h3 text-primary">{t("settings:reset.doTitle")}</h1>
      {invalid ? (
        <InvalidLink />
      ) : (
        <>
          <p>{t("settings:reset.doIntro")}</p>
          <Form method="post" {...getFormProps(form)}>
            <FormErrors errors={form.errors} id={form.errorId} />
            <input type="hidden" name="token" value={loaderData.token} />
            <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
            <button type="submit" className="btn btn-primary w-100">
              {t("settings:reset.doSubmit")}
            </button>
          </Form>
        </>
      )}
    </main>
  );
}
