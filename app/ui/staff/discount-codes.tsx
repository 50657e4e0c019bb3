import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { PROFILE_COUNTRIES } from "~/domain/core/countries";
import { CURRENCIES, formatMoney } from "~/domain/credits/money";
import type { DiscountCodeView } from "~/domain/payments/discount-code-schema";
import { MAX_CODE_LENGTH } from "~/domain/payments/discount";
import { DISCOUNT_METHODS } from "~/domain/payments/methods";
import { dateTimeFormat } from "~/lib/intl-formats";
import { FormErrors, TextField } from "~/ui/form-fields";
import { Pager } from "~/ui/staff/pager";
import { useTranslation } from "~/ui/use-translation";
import { useValidatedForm } from "~/ui/use-validated-form";

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {errors.join(" ")}
    </div>
  );
}

function CodeForm({ lastResult }: { lastResult?: SubmissionResult }) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    lastResult,
    defaultValue: { validity: "once_per_member" },
    schemas: () => import("~/domain/payments/discount-code-schema"),
    schema: (schemas, t) => schemas.discountCodeSchema(t),
  });
  const chosenMethods = [fields.paymentMethods.initialValue ?? []].flat();
  const select = (
    field: typeof fields.country | typeof fields.currency | typeof fields.validity,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => {
    const invalid = Boolean(field.errors?.length);
    return (
      <div className="mb-3">
        <label htmlFor={field.id} className="form-label">
          {label}
        </label>
        <select
          {...getSelectProps(field)}
          className={`form-select${invalid ? " is-invalid" : ""}`}
          aria-invalid={invalid || undefined}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  };
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card card-body mb-4"
      data-testid="discount-code-form"
    >
      <h2 className="h5">{t("staffAdmin:codes.newTitle")}</h2>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="create" />
      <div className="row g-3">
        <div className="col-sm-6 col-lg-4">
          <TextField
            label={t("staffAdmin:codes.fields.code")}
            inputProps={{
              ...getInputProps(fields.code, { type: "text" }),
              autoComplete: "off",
              maxLength: MAX_CODE_LENGTH,
            }}
            errors={fields.code.errors}
            errorId={fields.code.errorId}
            help={t("staffAdmin:codes.help.code")}
          />
        </div>
        <div className="col-sm-6 col-lg-4">
          <TextField
            label={t("staffAdmin:codes.fields.percentage")}
            inputProps={{ ...getInputProps(fields.percentage, { type: "number" }), min: 1, max: 99 }}
            errors={fields.percentage.errors}
            errorId={fields.percentage.errorId}
          />
        </div>
        <div className="col-sm-6 col-lg-4">
          <TextField
            label={t("staffAdmin:codes.fields.minimumOrder")}
            inputProps={{ ...getInputProps(fields.minimumOrder, { type: "text" }), inputMode: "decimal" }}
            errors={fields.minimumOrder.errors}
            errorId={fields.minimumOrder.errorId}
            help={t("staffAdmin:codes.help.minimumOrder")}
          />
        </div>
        <div className="col-sm-6 col-lg-4">
          {select(fields.currency, t("staffAdmin:codes.fields.currency"), [
            { value: "", label: t("staffAdmin:codes.any") },
            ...CURRENCIES.map((c) => ({ value: c, label: c })),
          ])}
        </div>
        <div className="col-sm-6 col-lg-4">
          {select(fields.country, t("staffAdmin:codes.fields.country"), [
            { value: "", label: t("staffAdmin:codes.any") },
            ...PROFILE_COUNTRIES.map((c) => ({ value: c, label: t(`profile:countries.${c}`) })),
          ])}
        </div>
        <div className="col-sm-6 col-lg-4">
          <TextField
            label={t("staffAdmin:codes.fields.member")}
            inputProps={{ ...getInputProps(fields.member, { type: "text" }), autoComplete: "off" }}
            errors={fields.member.errors}
            errorId={fields.member.errorId}
            help={t("staffAdmin:codes.help.member")}
          />
        </div>
        <div className="col-sm-6 col-lg-4">
          <TextField
            label={t("staffAdmin:codes.fields.expiresOn")}
            inputProps={getInputProps(fields.expiresOn, { type: "date" })}
            errors={fields.expiresOn.errors}
            errorId={fields.expiresOn.errorId}
            help={t("staffAdmin:codes.help.expiresOn")}
          />
        </div>
        <div className="col-sm-6 col-lg-4">
          {select(fields.validity, t("staffAdmin:codes.fields.validity"), [
            { value: "once_per_member", label: t("staffAdmin:codes.validity.once_per_member") },
            { value: "unlimited", label: t("staffAdmin:codes.validity.unlimited") },
          ])}
        </div>
        <div className="col-sm-6 col-lg-4">
          <TextField
            label={t("staffAdmin:codes.fields.maxUses")}
            inputProps={{ ...getInputProps(fields.maxUses, { type: "number" }), min: 1 }}
            errors={fields.maxUses.errors}
            errorId={fields.maxUses.errorId}
            help={t("staffAdmin:codes.help.maxUses")}
          />
        </div>
      </div>
      <fieldset className="mb-3" aria-describedby={fields.paymentMethods.errorId}>
        <legend className="form-label fs-6">{t("staffAdmin:codes.fields.paymentMethods")}</legend>
        <div className="form-text mb-1">{t("staffAdmin:codes.help.paymentMethods")}</div>
        {DISCOUNT_METHODS.map((method) => (
          <div key={method} className="form-check form-check-inline">
            <input
              type="checkbox"
              className="form-check-input"
              id={`method-${method}`}
              name={fields.paymentMethods.name}
              value={method}
              defaultChecked={chosenMethods.includes(method)}
            />
            <label className="form-check-label" htmlFor={`method-${method}`}>
              {t(`payments:methods.${method}`)}
            </label>
          </div>
        ))}
        <FieldError id={fields.paymentMethods.errorId} errors={fields.paymentMethods.errors} />
      </fieldset>
      <div className="form-check mb-3">
        <input {...getInputProps(fields.welcome, { type: "checkbox" })} className="form-check-input" />
        <label htmlFor={fields.welcome.id} className="form-check-label">
          {t("staffAdmin:codes.fields.welcome")}
        </label>
        <div className="form-text">{t("staffAdmin:codes.help.welcome")}</div>
      </div>
      <div>
        <button type="submit" className="btn btn-primary">
          {t("staffAdmin:codes.create")}
        </button>
      </div>
    </Form>
  );
}

function ToggleButton({ code }: { code: DiscountCodeView }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="d-inline">
      <input type="hidden" name="id" value={code.id} />
      <button
        type="submit"
        name="intent"
        value={code.active ? "deactivate" : "activate"}
        className="btn btn-outline-secondary btn-sm"
      >
        {code.active
          ? t("staffAdmin:codes.deactivate", { code: code.code })
          : t("staffAdmin:codes.activate", { code: code.code })}
      </button>
    </Form>
  );
}

/** The rules of a code in a few words: "min. € 25,00 · NL · EUR · iDEAL · until 31-12-26". */
function Rules({ code, locale, timeZone }: { code: DiscountCodeView; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  const { format } = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone });
  const rules = [
    t(`staffAdmin:codes.validity.${code.validity}`),
    code.minimumOrderCents > 0 &&
      t("staffAdmin:codes.rules.minimum", {
        amount: formatMoney(code.minimumOrderCents, code.currency ?? "EUR", locale),
      }),
    code.country && t(`profile:countries.${code.country}`),
    code.currency,
    code.member && t("staffAdmin:codes.rules.member", { member: code.member.email }),
    code.paymentMethods.length > 0 &&
      code.paymentMethods.map((m) => t(`payments:methods.${m}`, { defaultValue: m })).join(", "),
    code.expiresAt && t("staffAdmin:codes.rules.until", { date: format(new Date(code.expiresAt)) }),
    code.welcome && t("staffAdmin:codes.rules.welcome"),
  ].filter(Boolean);
  return <>{rules.join(" · ")}</>;
}

interface DiscountCodesProps {
  codes: DiscountCodeView[];
  page: number;
  pages: number;
  notice: { kind: "created" | "activated" | "deactivated"; code: string } | null;
  locale: string;
  timeZone: string;
  lastResult?: SubmissionResult;
}

/** /staff/discount-codes: the form for a new code and the site's codes with their use. */
export function DiscountCodes({
  codes,
  page,
  pages,
  notice,
  locale,
  timeZone,
  lastResult,
}: DiscountCodesProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("staffAdmin:codes.title")}</h1>
      <p>{t("staffAdmin:codes.intro")}</p>
      {notice && !lastResult && (
        <div className="alert alert-success" role="status" data-testid="discount-code-notice">
          {t(`staffAdmin:codes.notice.${notice.kind}`, { code: notice.code })}
        </div>
      )}
      <CodeForm lastResult={lastResult} />
      <div className="table-responsive">
        <table className="table table-sm table-striped align-middle" data-testid="discount-codes">
          <caption className="visually-hidden">{t("staffAdmin:codes.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("staffAdmin:codes.columns.code")}</th>
              <th scope="col">{t("staffAdmin:codes.columns.percentage")}</th>
              <th scope="col">{t("staffAdmin:codes.columns.rules")}</th>
              <th scope="col">{t("staffAdmin:codes.columns.uses")}</th>
              <th scope="col">{t("staffAdmin:codes.columns.revenue")}</th>
              <th scope="col">{t("staffAdmin:codes.columns.status")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("staffAdmin:codes.columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.length === 0 && (
              <tr>
                <td colSpan={7}>{t("staffAdmin:codes.empty")}</td>
              </tr>
            )}
            {codes.map((code) => (
              <tr
                key={code.id}
                data-testid="discount-code-row"
                data-code={code.code}
                className={code.active ? undefined : "text-body-secondary"}
              >
                <td className="text-break">
                  <code>{code.code}</code>
                </td>
                <td>{code.percentage}%</td>
                <td className="small">
                  <Rules code={code} locale={locale} timeZone={timeZone} />
                </td>
                <td data-testid="discount-code-uses">
                  {code.maxUses === null
                    ? code.uses
                    : t("staffAdmin:codes.usesOf", { uses: code.uses, max: code.maxUses })}
                </td>
                <td className="text-nowrap">
                  {code.revenue.length === 0
                    ? "–"
                    : code.revenue.map((r) => (
                        <div key={r.currency}>{formatMoney(r.cents, r.currency, locale)}</div>
                      ))}
                </td>
                <td>{code.active ? t("staffAdmin:codes.active") : t("staffAdmin:codes.inactive")}</td>
                <td className="text-nowrap">
                  <ToggleButton code={code} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} path="/staff/discount-codes" query={{}} />
    </main>
  );
}
