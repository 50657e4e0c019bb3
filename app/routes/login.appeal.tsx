import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { banAppealSchema } from "~/domain/appeals/appeal-schemas";
import { appealBan } from "~/domain/appeals/member-appeals.server";
import { clientIp } from "~/lib/client-ip.server";
import type { TranslationHandle } from "~/lib/i18n";
import { requestInfoContext } from "~/middleware/context";
import { requireAnonymous } from "~/middleware/guards.server";
import { getInstance } from "~/middleware/i18n.server";
import { readForm } from "~/middleware/request-body.server";
import { AppealTextField } from "~/ui/appeals/appeal-text-field";
import { FormErrors, useClearedOnAnswer } from "~/ui/form-fields";
import { LoginFields } from "~/ui/login-fields";
import { titleMeta } from "~/ui/page-title";
import { useTranslation } from "~/ui/use-translation";
import { useValidatedForm } from "~/ui/use-validated-form";
import type { Route } from "./+types/login.appeal";

export const handle: TranslationHandle = { i18n: ["accounts", "appeals"] };

/** The page after a sent appeal: the same words whatever was sent (docs/product.md, Appeals). */
const SENT = "/login/appeal?sent=1";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return {
    sent: new URL(request.url).searchParams.get("sent") === "1",
    siteName: context.get(requestInfoContext).site.name,
    title: getInstance(context).t("appeals:ban.title"),
  };
}

/**
 * A banned member's appeal, from the login page's ban notice: the address and password again, and
 * the text. A refused form answers 400 (never with the password), too many appeals from this IP or
 * for this address 429; anything else goes to the same neutral confirmation, whether the address
 * has an account, the password was right or the account is banned (only then is it stored).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous(context);
  const { t } = getInstance(context);
  const { site } = context.get(requestInfoContext);
  const submission = parseWithZod(await readForm(request), { schema: banAppealSchema(t) });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const outcome = await appealBan({ siteId: site.id, ip: clientIp(request), ...submission.value });
  if (outcome === "rateLimited") {
    const reply = submission.reply({ formErrors: [t("appeals:ban.rateLimited")], hideFields: ["password"] });
    return data(reply, { status: 429 });
  }
  return redirect(SENT);
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function LoginAppealRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const passwordRef = useClearedOnAnswer(actionData);
  const [form, fields] = useValidatedForm({
    id: "ban-appeal",
    lastResult: actionData,
    schemas: () => import("~/domain/appeals/appeal-schemas"),
    schema: (schemas, t) => schemas.banAppealSchema(t),
  });
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-primary">{t("appeals:ban.title")}</h1>
      {loaderData.sent ? (
        <p className="alert alert-success" role="status" data-testid="ban-appeal-received">
          {t("appeals:ban.received")}
        </p>
      ) : (
        <>
          <p>{t("appeals:ban.intro")}</p>
          <Form method="post" {...getFormProps(form)}>
            <FormErrors errors={form.errors} id={form.errorId} />
            <LoginFields email={fields.email} password={fields.password} passwordRef={passwordRef} />
            <AppealTextField field={fields.text} label={t("appeals:ban.text")} />
            <button type="submit" className="btn btn-primary w-100">
              {t("appeals:ban.submit")}
            </button>
          </Form>
        </>
      )}
      <p className="mt-3 mb-0">
        <Link to="/login">{t("appeals:ban.backToLogin")}</Link>
      </p>
    </main>
  );
}
