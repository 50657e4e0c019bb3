import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { FormErrors, TextField, PasswordField } from "~/ui/form-fields";
import { type FormResult, useValidatedForm } from "~/ui/use-validated-form";

export function EmailForm({
  email,
  pendingEmail,
  result,
}: {
  email: string;
  /** The new address waiting for confirmation, if any. */
  pendingEmail: string | null;
  /** The action's answer to this form, when it refused it. */
  result: FormResult;
}) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    id: "email-form",
    lastResult: result,
    schemas: () => import("~/domain/accounts/settings-schemas"),
    schema: (schemas, t) => schemas.changeEmailSchema(t),
  });
  return (
    <>
      <p>{t("settings:email.current", { email })}</p>
      {pendingEmail && (
        <p className="alert alert-info" data-testid="pending-email">
          {t("settings:email.pending", { email: pendingEmail })}
        </p>
      )}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="email" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          label={t("settings:fields.newEmail")}
          inputProps={{ ...getInputProps(fields.newEmail, { type: "email" }), autoComplete: "email" }}
          errors={fields.newEmail.errors}
          errorId={fields.newEmail.errorId}
        />
        <PasswordField
          label={t("settings:fields.currentPassword")}
          field={fields.password}
          autoComplete="current-password"
          help={t("settings:email.passwordHelp")}
        />
        <button type="submit" className="btn btn-primary">
          {t("settings:email.submit")}
        </button>
      </Form>
    </>
  );
}
