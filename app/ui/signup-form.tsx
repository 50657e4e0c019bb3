import { Icon } from "~/ui/icons";
import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { useEffect, useState } from "react";
import { Trans } from "~/ui/trans";
import { useTranslation } from "~/ui/use-translation";
import { Form, Link, useNavigation, type useFetcher } from "react-router";
import { EMAIL_SUGGESTION_FIELD, suggestEmail } from "~/domain/accounts/email-suggestion";
import { PASSWORD_HELP_KEY, PASSWORD_LIMITS } from "~/domain/accounts/password-limits";
import { SIGNUP_MESSAGE_MAX_LENGTH } from "~/domain/accounts/signup-limits";
import { LANDER_VISIT_FIELD } from "~/domain/landers/designs";
import { FormErrors, PasswordField, TextField } from "./form-fields";
import { HoneypotField } from "./honeypot";
import { useValidatedForm } from "./use-validated-form";

/** What the /signup loader gives the page and the modal. */
export interface SignupPageData {
  open: boolean;
  minAge: number;
  usesSignupMessage: boolean;
  supportEmail: string;
}

export type ExistingAccountNotice = "active" | "reactivatable" | "customer_service";

/** What the /signup action answers when no account was created. */
export interface SignupActionData {
  result: SubmissionResult<string[]>;
  suggestion?: string | null;
  existing?: ExistingAccountNotice | null;
}

type SignupFetcher = ReturnType<typeof useFetcher<SignupActionData>>;

const STEPS = ["check", "create", "matches", "mail"] as const;
const STEP_MS = 700;

/** The signup steps (docs/product.md, Accounts), shown while the account is being made (with JavaScript). */
function SignupSteps() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setCurrent((step) => Math.min(step + 1, STEPS.length - 1)), STEP_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div role="status" aria-live="polite" data-testid="signup-steps">
      <p className="fw-semibold mb-2">{t("signup:steps.title")}</p>
      <ol className="list-unstyled mb-0">
        {STEPS.map((step, index) => (
          <li key={step} className={index <= current ? "text-body" : "text-body-secondary"}>
            {index < current ? (
              <Icon name="check" className="text-success me-2" />
            ) : index === current ? (
              <span className="spinner-border spinner-border-sm text-primary me-2" aria-hidden="true" />
            ) : (
              <span aria-hidden="true" className="me-2">
                ○
              </span>
            )}
            {t(`signup:steps.${step}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function SupportMailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

function ExistingAccountAlert({
  existing,
  supportEmail,
}: {
  existing: ExistingAccountNotice;
  supportEmail: string;
}) {
  const key =
    existing === "active" ? "active" : existing === "reactivatable" ? "reactivatable" : "customerService";
  return (
    <div className="alert alert-warning" role="alert" data-testid="signup-existing">
      <Trans
        i18nKey={`signup:existing.${key}`}
        values={{ supportEmail }}
        components={{ login: <Link to="/login" />, mail: <SupportMailLink email={supportEmail} /> }}
      />
    </div>
  );
}

export function InviteOnlyNotice() {
  const { t } = useTranslation();
  return (
    <div className="alert alert-info" data-testid="signup-invite-only">
      <h2 className="h5">{t("signup:inviteOnly.title")}</h2>
      <p className="mb-0">{t("signup:inviteOnly.text")}</p>
    </div>
  );
}

function GenderChoice({
  legend,
  inputs,
  errors,
  errorId,
}: {
  legend: string;
  inputs: ReturnType<typeof getCollectionProps>;
  errors?: string[];
  errorId: string;
}) {
  const { t } = useTranslation();
  const invalid = Boolean(errors?.length);
  return (
    <fieldset className="mb-3" aria-describedby={invalid ? errorId : undefined}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {inputs.map(({ key, ...props }) => (
        <div className="form-check form-check-inline" key={key}>
          <input {...props} className={`form-check-input${invalid ? " is-invalid" : ""}`} />
          <label className="form-check-label" htmlFor={props.id}>
            {t(`signup:fields.${props.value as "male" | "female"}`)}
          </label>
        </div>
      ))}
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {errors!.join(" ")}
        </div>
      )}
    </fieldset>
  );
}

/**
 * The signup form, used by the /signup page (a plain <Form>) and by the signup modal (a fetcher).
 * Works without JavaScript: the server checks everything and answers with the typed values (never
 * the password); with JavaScript the same schema checks each field on blur.
 */
export function SignupForm({
  settings,
  actionData,
  fetcher,
  action = "/signup",
  visit = null,
}: {
  settings: SignupPageData;
  actionData?: SignupActionData | null;
  fetcher?: SignupFetcher;
  /** Where the form posts: /signup, or a lander's own URL (which stores where the member came from). */
  action?: string;
  /** A lander's signed visit with bounce logging (`?lb`): a signup makes it no bounce. */
  visit?: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = fetcher
    ? fetcher.state !== "idle"
    : navigation.state !== "idle" && navigation.formAction === action;
  const [form, fields] = useValidatedForm({
    id: fetcher ? "signup-modal-form" : "signup-form",
    lastResult: actionData?.result,
    schemas: () => import("~/domain/accounts/signup-schema"),
    schema: (schemas, t) => schemas.signupSchema(t, settings),
  });

  // The server never sends the password back; with JavaScript the field is emptied the same way.
  useEffect(() => {
    if (!actionData) return;
    const password = document.getElementById(fields.password.id);
    if (password instanceof HTMLInputElement) password.value = "";
  }, [actionData, fields.password.id]);

  // "Bedoelde je …?": checked in the browser when the e-mail field is left, and by the server after
  // a submit (also without JavaScript). `email_checked` tells the server the hint was seen.
  const [blurredEmail, setBlurredEmail] = useState<string | null>(null);
  const submittedEmail = actionData?.result.initialValue?.email;
  const hint =
    blurredEmail !== null
      ? ((suggestion) => (suggestion ? { for: blurredEmail.trim().toLowerCase(), suggestion } : null))(
          suggestEmail(blurredEmail),
        )
      : actionData?.suggestion && typeof submittedEmail === "string"
        ? { for: submittedEmail.trim().toLowerCase(), suggestion: actionData.suggestion }
        : null;

  const FormComponent = fetcher ? fetcher.Form : Form;
  const genders = ["male", "female"];
  return (
    <FormComponent method="post" action={action} {...getFormProps(form)} data-testid="signup-form">
      {hint && (
        // The first submit button is the one Enter presses: keep it the normal submit.
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      )}
      <FormErrors errors={form.errors} id={form.errorId} />
      {actionData?.existing && (
        <ExistingAccountAlert existing={actionData.existing} supportEmail={settings.supportEmail} />
      )}
      <HoneypotField />
      <input type="hidden" name="email_checked" value={hint?.for ?? ""} />
      {visit && <input type="hidden" name={LANDER_VISIT_FIELD} value={visit} />}
      <TextField
        label={t("signup:fields.email")}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          onBlur: (event) => setBlurredEmail(event.currentTarget.value),
        }}
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        help={
          hint && (
            <span className="d-block" data-testid="email-suggestion">
              <button
                type="submit"
                name={EMAIL_SUGGESTION_FIELD}
                value={hint.suggestion}
                className="btn btn-link p-0 align-baseline text-start"
                onClick={(event) => {
                  event.preventDefault();
                  form.update({ name: fields.email.name, value: hint.suggestion });
                  setBlurredEmail(hint.suggestion);
                }}
              >
                {t("signup:suggestion", { email: hint.suggestion })}
              </button>
              {blurredEmail === null && <span className="d-block">{t("signup:suggestionKeep")}</span>}
            </span>
          )
        }
      />
      <TextField
        label={t("signup:fields.name")}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "nickname" }}
        errors={fields.name.errors}
        errorId={fields.name.errorId}
        help={t("signup:fields.nameHelp")}
      />
      <PasswordField
        label={t("signup:fields.password")}
        field={fields.password}
        autoComplete="new-password"
        help={t(PASSWORD_HELP_KEY, PASSWORD_LIMITS)}
      />
      <TextField
        label={t("signup:fields.dateOfBirth")}
        inputProps={{ ...getInputProps(fields.date_of_birth, { type: "date" }), autoComplete: "bday" }}
        errors={fields.date_of_birth.errors}
        errorId={fields.date_of_birth.errorId}
      />
      <GenderChoice
        legend={t("signup:fields.gender")}
        inputs={getCollectionProps(fields.gender, { type: "radio", options: genders })}
        errors={fields.gender.errors}
        errorId={fields.gender.errorId}
      />
      <GenderChoice
        legend={t("signup:fields.seekingGender")}
        inputs={getCollectionProps(fields.seeking_gender, { type: "radio", options: genders })}
        errors={fields.seeking_gender.errors}
        errorId={fields.seeking_gender.errorId}
      />
      {settings.usesSignupMessage && (
        <div className="mb-3">
          <label htmlFor={fields.signup_message.id} className="form-label">
            {t("signup:fields.signupMessage")}
          </label>
          <textarea
            {...getTextareaProps(fields.signup_message)}
            rows={3}
            maxLength={SIGNUP_MESSAGE_MAX_LENGTH}
            className={`form-control${fields.signup_message.errors?.length ? " is-invalid" : ""}`}
          />
          {fields.signup_message.errors?.length ? (
            <div id={fields.signup_message.errorId} className="invalid-feedback d-block">
              {fields.signup_message.errors.join(" ")}
            </div>
          ) : null}
        </div>
      )}
      <div className="form-check mb-3">
        <input
          {...getInputProps(fields.accept_terms, { type: "checkbox" })}
          className={`form-check-input${fields.accept_terms.errors?.length ? " is-invalid" : ""}`}
        />
        <label className="form-check-label" htmlFor={fields.accept_terms.id}>
          <Trans
            i18nKey="signup:fields.acceptTerms"
            components={{
              terms: <Link to="/pages/terms" target="_blank" />,
              privacy: <Link to="/pages/privacy" target="_blank" />,
            }}
          />
        </label>
        {fields.accept_terms.errors?.length ? (
          <div id={fields.accept_terms.errorId} className="invalid-feedback d-block">
            {fields.accept_terms.errors.join(" ")}
          </div>
        ) : null}
      </div>
      {pending ? (
        <SignupSteps />
      ) : (
        <button type="submit" className="btn btn-primary btn-lg w-100">
          {t("signup:submit")}
        </button>
      )}
      <p className="mt-3 mb-0 text-center">
        <Trans i18nKey="signup:haveAccount" components={{ login: <Link to="/login" /> }} />
      </p>
    </FormComponent>
  );
}
