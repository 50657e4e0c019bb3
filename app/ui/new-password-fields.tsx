import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/ui/use-translation";
import { PASSWORD_HELP_KEY, PASSWORD_LIMITS } from "~/domain/accounts/password-rules";
import { PasswordField } from "./form-fields";

/** A new password and its repetition, with the password rules as help (reset and settings). */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
}: {
  newPassword: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t("settings:fields.newPassword")}
        field={newPassword}
        autoComplete="new-password"
        help={t(PASSWORD_HELP_KEY, PASSWORD_LIMITS)}
      />
      <PasswordField
        label={t("settings:fields.confirmPassword")}
        field={confirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}
