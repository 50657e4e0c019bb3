import { Icon } from "~/ui/icons";
import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { useEffect, useState, type ReactNode } from "react";
import { Trans } from "~/ui/trans";
import { useTranslation } from "~/ui/use-translation";
import { Form, Link, useNavigation, type useFetcher } from "react-router";
import { EMAIL_SUGGESTION_FIELD, suggestEmail } from "~/domain/accounts/email-suggestion";
import { PASSWORD_HELP_KEY, PASSWORD_LIMITS } from "~/domain/accounts/password-limits";
import type { SignupFormStep } from "~/domain/accounts/signup-schema";
import { SIGNUP_MESSAGE_MAX_LENGTH } from "~/domain/accounts/signup-limits";
import { LANDER_VISIT_FIELD } from "~/domain/landers/designs";
import { PLACE_TEXT_MAX } from "~/domain/profiles/place-query";
import { FormErrors, PasswordField, TextField } from "./form-fields";
import { HoneypotField } from "./honeypot";
import { LocationFinder } from "./profile-edit/location-finder";
import { useHydrated } from "./profile-edit/use-hydrated";
import { SupportMailLink } from "./signup-notices";
import { SignupProgress } from "./signup-progress";
import { useValidatedForm } from "./use-validated-form";

/** What the /signup loader gives the page and the modal. */
export interface SignupPageData {
  open: boolean;
  minAge: number;
  usesSignupMessage: boolean;
  supportEmail: string;
}

export type ExistingAccountNotice = "active" | "reactivatable" | "customer_service";

/** The step to show and what was typed in the steps so far (see routes/+shared/signup-action.server). */
export interface SignupView {
  step: SignupFormStep;
  values: Partial<Record<string, string>>;
}

/** What a signup step answers when it does not move on (the refused step, its errors, typed values). */
export interface SignupRefusal {
  step: SignupFormStep;
  result: SubmissionResult<string[]>;
  suggestion?: string | null;
  existing?: ExistingAccountNotice | null;
  places?: { id: string; label: string }[];
}

/** What the /signup action answers: a refusal, or (in the modal) the step to show next. */
export type SignupActionData = SignupRefusal | { next: SignupFormStep };

type SignupFetcher = ReturnType<typeof useFetcher<SignupActionData>>;

export const isRefusal = (answer: SignupActionData | null | undefined): answer is SignupRefusal =>
  Boolean(answer && "result" in answer);

const CREATING = ["check", "create", "matches", "mail"] as const;
const CREATING_STEP_MS = 700;

/** What happens while the account is being made (docs/product.md, Accounts), shown with JavaScript. */
function CreatingAccount() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setCurrent((step) => Math.min(step + 1, CREATING.length - 1)),
      CREATING_STEP_MS,
    );
    return () => clearInterval(timer);
  }, []);
  return (
    <div role="status" aria-live="polite" data-testid="signup-steps">
      <p className="fw-semibold mb-2">{t("signup:steps.title")}</p>
      <ol className="list-unstyled mb-0">
        {CREATING.map((step, index) => (
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

/** Where a step's form posts and how: the page's <Form>, or the modal's fetcher. */
interface StepTarget {
  settings: SignupPageData;
  /** /signup, or a lander's own URL (which stores where the member came from). */
  action: string;
  fetcher?: SignupFetcher;
  /** A lander's signed visit with bounce logging (`?lb`): a signup makes it no bounce. */
  visit?: string | null;
}

interface StepProps extends StepTarget {
  step: SignupFormStep;
  values: SignupView["values"];
  refusal: SignupRefusal | null;
}

function useStepForm(props: StepProps) {
  const { step, settings, values, refusal, fetcher } = props;
  return useValidatedForm({
    id: `signup-step-${step}${fetcher ? "-modal" : ""}`,
    lastResult: refusal?.result,
    defaultValue: values,
    schemas: () => import("~/domain/accounts/signup-schema"),
    schema: (schemas, t) => schemas.signupStepSchema(step, t, settings),
  });
}

/**
 * One step's form: a plain POST that works without JavaScript, with the step, the honeypot, the
 * form's errors, its fields, and the buttons. "Back" (from step 1 on) keeps what was typed and skips
 * the browser checks; the next button comes first, so Enter moves on.
 */
function StepForm({
  target,
  step,
  form,
  pending,
  title,
  intro,
  children,
  submit,
  before,
}: {
  target: StepTarget;
  step: SignupFormStep;
  form: ReturnType<typeof useStepForm>[0];
  pending: boolean;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  submit?: ReactNode;
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const FormComponent = target.fetcher ? target.fetcher.Form : Form;
  return (
    <FormComponent method="post" action={target.action} {...getFormProps(form)} data-testid="signup-form">
      {before}
      <h2 className="h5">{title}</h2>
      {intro && <p className="text-body-secondary">{intro}</p>}
      <input type="hidden" name="step" value={step} />
      {target.fetcher && <input type="hidden" name="in_modal" value="1" />}
      {target.visit && <input type="hidden" name={LANDER_VISIT_FIELD} value={target.visit} />}
      <HoneypotField />
      <FormErrors errors={form.errors} id={form.errorId} />
      {children}
      {pending && step === 3 ? (
        <CreatingAccount />
      ) : (
        <div className="d-flex flex-row-reverse justify-content-between gap-2">
          {submit ?? (
            <button type="submit" className="btn btn-primary btn-lg flex-grow-1" disabled={pending}>
              {t("signup:next")}
            </button>
          )}
          {step > 0 && (
            <button
              type="submit"
              name="intent"
              value="back"
              formNoValidate
              className="btn btn-outline-secondary btn-lg"
              disabled={pending}
            >
              {t("signup:back")}
            </button>
          )}
        </div>
      )}
    </FormComponent>
  );
}

function WhoStep(props: StepProps & { target: StepTarget; pending: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useStepForm(props);
  const genders = ["male", "female"];
  return (
    <StepForm
      target={props.target}
      step={0}
      form={form}
      pending={props.pending}
      title={t("signup:who.title")}
    >
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
    </StepForm>
  );
}

function BirthStep(props: StepProps & { target: StepTarget; pending: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useStepForm(props);
  return (
    <StepForm
      target={props.target}
      step={1}
      form={form}
      pending={props.pending}
      title={t("signup:birth.title")}
    >
      <TextField
        label={t("signup:fields.dateOfBirth")}
        inputProps={{ ...getInputProps(fields.date_of_birth, { type: "date" }), autoComplete: "bday" }}
        errors={fields.date_of_birth.errors}
        errorId={fields.date_of_birth.errorId}
        help={t("signup:birth.help", { min_age: props.settings.minAge })}
      />
    </StepForm>
  );
}

function PlaceStep(props: StepProps & { target: StepTarget; pending: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [form, fields] = useStepForm(props);
  const places = props.refusal?.places ?? [];
  return (
    <StepForm
      target={props.target}
      step={2}
      form={form}
      pending={props.pending}
      title={t("signup:place.title")}
    >
      {hydrated && (
        <LocationFinder
          texts="signup:place"
          regionLabel=""
          onFound={(place) =>
            form.update({
              name: fields.place.name,
              value: [place.city, place.region].filter(Boolean).join(", "),
            })
          }
        />
      )}
      <TextField
        label={t("signup:fields.place")}
        inputProps={{
          ...getInputProps(fields.place, { type: "text" }),
          autoComplete: "address-level2",
          maxLength: PLACE_TEXT_MAX,
        }}
        errors={fields.place.errors}
        errorId={fields.place.errorId}
        help={t("signup:place.help")}
      />
      {places.length > 0 && (
        <fieldset className="mb-3" data-testid="signup-place-choice">
          <legend className="form-label fs-6 mb-1">{t("signup:place.choose")}</legend>
          {places.map((place, index) => (
            <div className="form-check" key={place.id}>
              <input
                type="radio"
                className="form-check-input"
                name="place_id"
                id={`${form.id}-place-${index}`}
                value={place.id}
                defaultChecked={index === 0}
              />
              <label className="form-check-label" htmlFor={`${form.id}-place-${index}`}>
                {place.label}
              </label>
            </div>
          ))}
        </fieldset>
      )}
    </StepForm>
  );
}

function AccountStep(props: StepProps & { target: StepTarget; pending: boolean }) {
  const { t } = useTranslation();
  const { refusal, settings } = props;
  const [form, fields] = useStepForm(props);

  // The server never sends the password back; with JavaScript the field is emptied the same way.
  useEffect(() => {
    if (!refusal) return;
    const password = document.getElementById(fields.password.id);
    if (password instanceof HTMLInputElement) password.value = "";
  }, [refusal, fields.password.id]);

  // "Bedoelde je …?": checked in the browser when the e-mail field is left, and by the server after
  // a submit (also without JavaScript). `email_checked` tells the server the hint was seen.
  const [blurredEmail, setBlurredEmail] = useState<string | null>(null);
  const submittedEmail = refusal?.result.initialValue?.email;
  const hint =
    blurredEmail !== null
      ? ((suggestion) => (suggestion ? { for: blurredEmail.trim().toLowerCase(), suggestion } : null))(
          suggestEmail(blurredEmail),
        )
      : refusal?.suggestion && typeof submittedEmail === "string"
        ? { for: submittedEmail.trim().toLowerCase(), suggestion: refusal.suggestion }
        : null;

  return (
    <StepForm
      target={props.target}
      step={3}
      form={form}
      pending={props.pending}
      title={t("signup:account.title")}
      before={
        hint && (
          // The first submit button is the one Enter presses: keep it the normal submit.
          <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        )
      }
      submit={
        <button type="submit" className="btn btn-primary btn-lg flex-grow-1">
          {t("signup:submit")}
        </button>
      }
    >
      {refusal?.existing && (
        <ExistingAccountAlert existing={refusal.existing} supportEmail={settings.supportEmail} />
      )}
      <input type="hidden" name="email_checked" value={hint?.for ?? ""} />
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
    </StepForm>
  );
}

const STEP_FORMS = [WhoStep, BirthStep, PlaceStep, AccountStep] as const;

/**
 * The signup in steps (docs/product.md, Accounts): the progress, then the current step's form. Used
 * by the /signup page (plain <Form>s), the signup modal (a fetcher) and the landers (step 0 posting
 * to the lander). Works without JavaScript: every step is a POST the server checks, answering with
 * the typed values (never the password); with JavaScript the same schemas check each field on blur.
 * A refused step is shown again, whichever step the page would otherwise show.
 */
export function SignupForm({
  settings,
  view,
  actionData,
  fetcher,
  action = "/signup",
  visit = null,
  loading = false,
}: {
  settings: SignupPageData;
  view: SignupView;
  actionData?: SignupActionData | null;
  fetcher?: SignupFetcher;
  action?: string;
  visit?: string | null;
  /** The modal is loading the next step. */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const refusal = isRefusal(actionData) ? actionData : null;
  const step = refusal?.step ?? view.step;
  const pending =
    loading ||
    (fetcher ? fetcher.state !== "idle" : navigation.state !== "idle" && navigation.formAction === action);
  const StepComponent = STEP_FORMS[step];
  return (
    <>
      <SignupProgress current={step} />
      <p className="visually-hidden" aria-live="polite">
        {t("signup:progress.stepOf", { number: step + 1, total: 5 })}
      </p>
      <StepComponent
        key={step}
        step={step}
        settings={settings}
        values={view.values}
        refusal={refusal}
        fetcher={fetcher}
        action={action}
        visit={visit}
        target={{ settings, action, fetcher, visit }}
        pending={pending}
      />
      <p className="mt-3 mb-0 text-center">
        <Trans i18nKey="signup:haveAccount" components={{ login: <Link to="/login" /> }} />
      </p>
    </>
  );
}
