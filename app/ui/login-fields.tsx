import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { PasswordField, TextField } from "./form-fields";
import { useTranslation } from "./use-translation";

/**
 * An existing account's e-mail address and password, as the login and the ban appeal ask for them
 * (the `accounts` namespace: its own module, so that the other forms' pages need not load it).
 */
export function LoginFields({
  email,
  password,
  passwordRef,
}: {
  email: FieldMetadata<string>;
  password: FieldMetadata<string>;
  /** Cleared after a refused answer (useClearedOnAnswer). */
  passwordRef: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("accounts:fields.email")}
        inputProps={{ ...getInputProps(email, { type: "email" }), autoComplete: "email" }}
        errors={email.errors}
        errorId={email.errorId}
      />
      <PasswordField
        label={t("accounts:fields.password")}
        field={password}
        autoComplete="current-password"
        inputRef={passwordRef}
      />
    </>
  );
}
