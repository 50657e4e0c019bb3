import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { FormErrors, PasswordField } from "~/ui/form-fields";
import { NewPasswordFields } from "~/ui/new-password-fields";
import { type FormResult, useValidatedForm } from "~/ui/use-validated-form";

export function PasswordForm({ email, result }: { email: string; result: FormResult }) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    id: "password-form",
    lastResult: result,
    schemas: () => import("~/domain/accounts/settings-schemas"),
    schema: (schemas, t) => schemas.changePasswordSchema(t),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="password" />
      {/* Tells password managers which account the new password belongs to; not submitted. */}
      <input type="text" autoComplete="username" value={email} readOnly hidden />
      <FormErrors errors={form.errors} id={form.errorId} />
      <PasswordField
        label={t("settings:fields.oldPassword")}
        field={fields.currentPassword}
        autoComplete="current-password"
      />
      <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
      <p className="form-text">{t("settings:password.note")}</p>
      <button type="submit" className="btn btn-primary">
        {t("settings:password.submit")}
      </button>
    </Form>
  );
}
