import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/ui/use-translation";
import { Form, Link, useNavigation } from "react-router";
import type { CreditPackageView } from "~/domain/credits/package-view";
import { CODE_ATTEMPTS, CODE_LENGTH, CODE_MINUTES } from "~/domain/payments/direct-debit-code";
import { formatMoney } from "~/domain/credits/money";
import { FormErrors, TextField } from "../form-fields";
import { useValidatedForm } from "../use-validated-form";

/** What /directdebit's action answers when nothing went on: the typed values and the errors. */
export interface DirectDebitActionData {
  step: "details" | "code";
  result: SubmissionResult<string[]>;
  attemptsLeft?: number;
  /** The request's price no longer holds: a new request (same details, today's price) is offered. */
  priceChanged?: boolean;
}

function usePending() {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formAction?.startsWith("/directdebit");
}

/**
 * The details step (docs/product.md, Credits and payments): package, account holder, IBAN, address, mobile
 * number and the consent to one collection. A plain form: without JavaScript the server checks
 * everything and answers with the typed values; with it the same schema checks each field on blur.
 */
export function DirectDebitDetailsForm({
  packages,
  selected,
  country,
  siteName,
  actionData,
}: {
  /** The packages with what this member pays for each (after a discount). */
  packages: (CreditPackageView & { amountCents: number })[];
  selected: number | null;
  /** The member's country: how a national phone number is read. */
  country: string;
  siteName: string;
  actionData?: DirectDebitActionData | null;
}) {
  const { t, language } = useTranslation();
  const pending = usePending();
  const [form, fields] = useValidatedForm({
    id: "directdebit-form",
    lastResult: actionData?.step === "details" ? actionData.result : undefined,
    defaultValue: { package: selected ? String(selected) : "" },
    schemas: () => import("~/domain/payments/direct-debit-schema"),
    schema: (schemas, t) => schemas.directDebitSchema(t, country),
  });
  const field = (
    name: "account_holder" | "iban" | "street" | "house_number" | "zip" | "city" | "phone",
    label: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
    help?: string,
  ) => (
    <TextField
      label={label}
      inputProps={{ ...getInputProps(fields[name], { type: name === "phone" ? "tel" : "text" }), ...extra }}
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      help={help}
    />
  );
  return (
    <Form method="post" {...getFormProps(form)} data-testid="directdebit-form">
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="details" />
      <div className="mb-3">
        <label htmlFor={fields.package.id} className="form-label">
          {t("directDebit:fields.package")}
        </label>
        <select
          {...getSelectProps(fields.package)}
          className={`form-select${fields.package.errors?.length ? " is-invalid" : ""}`}
        >
          {!selected && <option value="">{t("directDebit:validation.package")}</option>}
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {t("directDebit:fields.packageOption", {
                package: t("payments:packages.credits", { count: p.credits }),
                amount: formatMoney(p.amountCents, p.currency, language),
              })}
            </option>
          ))}
        </select>
        {fields.package.errors?.length ? (
          <div id={fields.package.errorId} className="invalid-feedback d-block">
            {fields.package.errors.join(" ")}
          </div>
        ) : null}
      </div>
      {field("account_holder", t("directDebit:fields.accountHolder"), { autoComplete: "name" })}
      {field("iban", t("directDebit:fields.iban"), {
        autoComplete: "off",
        spellCheck: false,
        autoCapitalize: "characters",
      })}
      <div className="row g-2">
        <div className="col-8">
          {field("street", t("directDebit:fields.street"), { autoComplete: "address-line1" })}
        </div>
        <div className="col-4">{field("house_number", t("directDebit:fields.houseNumber"))}</div>
      </div>
      <div className="row g-2">
        <div className="col-4">
          {field("zip", t("directDebit:fields.zip"), { autoComplete: "postal-code" })}
        </div>
        <div className="col-8">
          {field("city", t("directDebit:fields.city"), { autoComplete: "address-level2" })}
        </div>
      </div>
      {field(
        "phone",
        t("directDebit:fields.phone"),
        { autoComplete: "tel" },
        t("directDebit:fields.phoneHelp"),
      )}
      <div className="form-check mb-3">
        <input
          {...getInputProps(fields.consent, { type: "checkbox" })}
          className={`form-check-input${fields.consent.errors?.length ? " is-invalid" : ""}`}
        />
        <label className="form-check-label" htmlFor={fields.consent.id}>
          {t("directDebit:fields.consent", { site: siteName })}
        </label>
        {fields.consent.errors?.length ? (
          <div id={fields.consent.errorId} className="invalid-feedback d-block">
            {fields.consent.errors.join(" ")}
          </div>
        ) : null}
      </div>
      <button
        type="submit"
        className="btn btn-primary btn-lg w-100"
        disabled={pending}
        data-testid="directdebit-submit"
      >
        {t("directDebit:submit")}
      </button>
    </Form>
  );
}

/** A direct debit waiting for its SMS code, as the code step shows it. */
interface PendingDirectDebitView {
  id: number;
  packageId: number;
  credits: number;
  iban: string;
  phone: string;
  amountCents: number;
  currency: string;
  attemptsLeft: number;
  expired: boolean;
  /** The amount no longer holds (price, discount or package changed): only a new request can pay. */
  priceChanged: boolean;
}

/** The code step: the code from the SMS confirms the collection; a new code can be sent. */
export function DirectDebitCodeForm({
  pending: request,
  resent,
  actionData,
}: {
  pending: PendingDirectDebitView;
  resent: boolean;
  actionData?: DirectDebitActionData | null;
}) {
  const { t, language } = useTranslation();
  const submitting = usePending();
  const [form, fields] = useValidatedForm({
    id: "directdebit-code-form",
    lastResult: actionData?.step === "code" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    schemas: () => import("~/domain/payments/direct-debit-schema"),
    schema: (schemas, t) => schemas.directDebitCodeSchema(t),
  });
  const attemptsLeft = actionData?.attemptsLeft ?? request.attemptsLeft;
  const priceChanged = actionData?.priceChanged === true || request.priceChanged;
  const canTry = attemptsLeft > 0 && !request.expired && !priceChanged;
  return (
    <div data-testid="directdebit-code-step">
      <h2 className="h5">{t("directDebit:code.title")}</h2>
      {resent && !actionData && !priceChanged && (
        <div className="alert alert-info" role="status">
          {t("directDebit:code.resent")}
        </div>
      )}
      <p>
        {t("directDebit:code.sent", { length: CODE_LENGTH, phone: request.phone, minutes: CODE_MINUTES })}
      </p>
      <p className="fw-semibold" data-testid="directdebit-summary">
        {t("directDebit:code.summary", {
          package: t("payments:packages.credits", { count: request.credits }),
          amount: formatMoney(request.amountCents, request.currency, language),
          iban: request.iban,
        })}
      </p>
      <Form method="post" {...getFormProps(form)} data-testid="directdebit-code-form">
        <FormErrors errors={form.errors} id={form.errorId} />
        {!canTry && !form.errors?.length && (
          <div className="alert alert-danger" role="alert">
            {t(
              priceChanged
                ? "directDebit:errors.priceChanged"
                : request.expired
                  ? "directDebit:errors.expired"
                  : "directDebit:errors.tooManyAttempts",
            )}
          </div>
        )}
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="request" value={request.id} />
        <TextField
          label={t("directDebit:code.label")}
          inputProps={{
            ...getInputProps(fields.otp, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "one-time-code",
            maxLength: CODE_LENGTH,
            pattern: "[0-9]*",
            disabled: !canTry,
          }}
          errors={fields.otp.errors}
          errorId={fields.otp.errorId}
          help={
            canTry && attemptsLeft < CODE_ATTEMPTS
              ? t("directDebit:code.attemptsLeft", { count: attemptsLeft })
              : undefined
          }
        />
        <button
          type="submit"
          className="btn btn-primary btn-lg w-100"
          disabled={!canTry || submitting}
          data-testid="directdebit-confirm"
        >
          {t("directDebit:code.submit")}
        </button>
      </Form>
      <div className="d-flex flex-wrap gap-3 align-items-center mt-3">
        {priceChanged ? (
          <Form method="post">
            <input type="hidden" name="intent" value="renew" />
            <input type="hidden" name="request" value={request.id} />
            <button type="submit" className="btn btn-primary" data-testid="directdebit-renew">
              {t("directDebit:code.renew")}
            </button>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="request" value={request.id} />
            <button type="submit" className="btn btn-link p-0" data-testid="directdebit-resend">
              {t("directDebit:code.resend")}
            </button>
          </Form>
        )}
        <Link to={`/directdebit?package=${request.packageId}`}>{t("directDebit:code.restart")}</Link>
      </div>
    </div>
  );
}
