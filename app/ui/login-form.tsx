import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useSearchParams } from "react-router";
import { FormErrors, useClearedOnAnswer } from "./form-fields";
import { LoginFields } from "./login-fields";
import { Trans } from "./trans";
import { useTranslation } from "./use-translation";
import { useValidatedForm } from "./use-validated-form";

/** The notice for the right password of a deleted account, its dates in the member's language. */
export interface DeletedNotice {
  deletedOn: string;
  restorableUntil: string;
  /** Whether a new reactivation link went out now (false: the hour's mails were used up). */
  mailed: boolean;
}

/** The login action's answer to a refused login. */
export type LoginAnswer =
  (SubmissionResult<string[]> & { deleted?: DeletedNotice; banned?: true }) | undefined;

/**
 * The login form (its own module: the login page renders it with `hydrateLater`, so the form
 * library loads after the page is interactive; until then it is the plain form it is without
 * JavaScript).
 */
export function LoginForm({ actionData }: { actionData: LoginAnswer }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const passwordRef = useClearedOnAnswer(actionData);
  const deleted = actionData?.deleted ?? null;
  const [form, fields] = useValidatedForm({
    lastResult: actionData,
    schemas: () => import("~/domain/accounts/login-schemas"),
    schema: (schemas, t) => schemas.loginSchema(t),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors errors={form.errors} id={form.errorId} />
      {deleted && (
        <div className="alert alert-info" role="status" data-testid="login-deleted">
          <p className="mb-1">{t("accounts:login.deleted", { ...deleted })}</p>
          <p className="mb-0">
            {t(deleted.mailed ? "accounts:login.deletedMailed" : "accounts:login.deletedMailedBefore")}
          </p>
        </div>
      )}
      {actionData && "banned" in actionData && (
        <p className="alert alert-warning" data-testid="login-banned">
          <Trans
            i18nKey="accounts:login.bannedHelp"
            components={{ policy: <Link to="/pages/ban" />, complaint: <Link to="/complaints" /> }}
          />{" "}
          <Link to="/login/appeal" className="alert-link" data-testid="ban-appeal-link">
            {t("appeals:ban.link")}
          </Link>
        </p>
      )}
      <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? "/"} />
      <LoginFields email={fields.email} password={fields.password} passwordRef={passwordRef} />
      <button type="submit" className="btn btn-primary w-100">
        {t("accounts:login.submit")}
      </button>
    </Form>
  );
}
