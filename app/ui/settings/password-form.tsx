import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { changePasswordSchema } from "~/domain/accounts/settings-schemas";
import { FormErrors, PasswordField } from "~/ui/form-fields";
import { NewPasswordFields } from "~/ui/new-password-fields";
import { type SettingsActionData, useSettingsForm } from "./use-settings-form";

export function PasswordForm({ email, actionData }: { email: string; actionData: SettingsActionData }) {
  const { t } = useTranslation();
  const [form, fields] = useSettingsForm("password", actionData, changePasswordSchema);
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
