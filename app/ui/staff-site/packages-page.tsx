import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link } from "react-router";
import { CURRENCIES, formatMoney } from "~/domain/credits/money";
import { PACKAGE_VARIANTS, centsToAmount, type StaffPackageView } from "~/domain/credits/package-schema";
import type { StaffActionView } from "~/domain/staff/staff-action-view";
import { FormErrors, TextField } from "~/ui/form-fields";
import { RecentStaffActions } from "~/ui/staff/recent-staff-actions";
import { useTranslation } from "~/ui/use-translation";
import { RowButton } from "./row-button";
import { SavedNotice } from "./saved-notice";

function PackageForm({
  editing,
  lastResult,
}: {
  editing: StaffPackageView | null;
  lastResult?: SubmissionResult;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "package-form",
    lastResult,
    defaultValue: editing
      ? {
          currency: editing.currency,
          credits: String(editing.credits),
          price: centsToAmount(editing.priceCents),
          discountPercent: String(editing.discountPercent),
          variant: String(editing.variant),
          popular: editing.popular ? "on" : "",
          active: editing.active ? "on" : "",
        }
      : { currency: "EUR", discountPercent: "0", variant: "0", active: "on" },
    shouldValidate: "onSubmit",
  });
  const select = (
    name: "currency" | "variant",
    options: readonly (string | number)[],
    label: (v: string) => string,
  ) => {
    const field = fields[name];
    const invalid = Boolean(field.errors?.length);
    return (
      <div className="mb-3">
        <label htmlFor={field.id} className="form-label">
          {t(`staffSite:packages.fields.${name}`)}
        </label>
        <select
          {...getSelectProps(field)}
          className={`form-select${invalid ? " is-invalid" : ""}`}
          aria-invalid={invalid || undefined}
        >
          {options.map((option) => (
            <option key={option} value={String(option)}>
              {label(String(option))}
            </option>
          ))}
        </select>
        {invalid && (
          <div id={field.errorId} className="invalid-feedback d-block">
            {field.errors!.join(" ")}
          </div>
        )}
      </div>
    );
  };
  const text = (name: "credits" | "price" | "discountPercent", numeric: boolean) => (
    <TextField
      label={t(`staffSite:packages.fields.${name}`)}
      inputProps={{
        ...getInputProps(fields[name], { type: "text" }),
        inputMode: numeric ? "numeric" : "decimal",
        autoComplete: "off",
      }}
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      help={t(`staffSite:packages.help.${name}`)}
    />
  );
  return (
    <Form method="post" {...getFormProps(form)} className="card card-body mb-4" data-testid="package-form">
      <h2 className="h5">
        {editing ? t("staffSite:packages.editTitle", { id: editing.id }) : t("staffSite:packages.newTitle")}
      </h2>
      <FormErrors errors={form.errors} id={form.errorId} />
      {editing && <input type="hidden" name="id" value={editing.id} />}
      <div className="row">
        <div className="col-sm-6 col-lg-2">{select("currency", CURRENCIES, (v) => v)}</div>
        <div className="col-sm-6 col-lg-2">{text("credits", true)}</div>
        <div className="col-sm-6 col-lg-3">{text("price", false)}</div>
        <div className="col-sm-6 col-lg-2">{text("discountPercent", true)}</div>
        <div className="col-sm-6 col-lg-3">
          {select("variant", PACKAGE_VARIANTS, (v) => t("staffSite:packages.variant", { variant: v }))}
        </div>
      </div>
      {(["popular", "active"] as const).map((name) => (
        <div className="form-check mb-2" key={name}>
          <input {...getInputProps(fields[name], { type: "checkbox" })} className="form-check-input" />
          <label htmlFor={fields[name].id} className="form-check-label">
            {t(`staffSite:packages.fields.${name}`)}
          </label>
        </div>
      ))}
      <div className="d-flex gap-2 mt-2">
        <button type="submit" name="intent" value="save" className="btn btn-primary">
          {editing ? t("staffSite:save") : t("staffSite:create")}
        </button>
        {editing && (
          <Link to="/staff/packages" className="btn btn-outline-secondary">
            {t("staffSite:cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}

interface PackagesPageProps {
  packages: StaffPackageView[];
  editing: StaffPackageView | null;
  notice: "saved" | "unchanged" | null;
  staffActions: StaffActionView[];
  lastResult?: SubmissionResult;
}

/** /staff/packages: the form (new package or the one being edited) and the packages per currency. */
export function PackagesPage({ packages, editing, notice, staffActions, lastResult }: PackagesPageProps) {
  const { t, language } = useTranslation();
  const currencies = [...new Set(packages.map((p) => p.currency))];
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("staffSite:packages.title")}</h1>
      <p>{t("staffSite:packages.intro")}</p>
      {notice && !lastResult && <SavedNotice notice={notice} />}
      <PackageForm key={editing?.id ?? "new"} editing={editing} lastResult={lastResult} />
      {currencies.map((currency) => {
        const rows = packages.filter((p) => p.currency === currency);
        return (
          <section key={currency} className="mb-4" aria-labelledby={`currency-${currency}`}>
            <h2 className="h5" id={`currency-${currency}`}>
              {currency}
            </h2>
            <div className="table-responsive">
              <table className="table table-sm align-middle" data-testid={`packages-${currency}`}>
                <thead>
                  <tr>
                    <th scope="col">{t("staffSite:packages.fields.credits")}</th>
                    <th scope="col">{t("staffSite:packages.fields.price")}</th>
                    <th scope="col">{t("staffSite:packages.fields.discountPercent")}</th>
                    <th scope="col">{t("staffSite:packages.fields.variant")}</th>
                    <th scope="col">{t("staffSite:packages.status")}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t("staffSite:actionsColumn")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((p, index) => (
                    <tr
                      key={p.id}
                      id={`package-${p.id}`}
                      data-testid="package-row"
                      className={p.active ? undefined : "text-body-secondary"}
                    >
                      <td>
                        {p.credits}
                        {p.popular && (
                          <span className="badge text-bg-warning ms-1">
                            {t("staffSite:packages.popular")}
                          </span>
                        )}
                      </td>
                      <td>{formatMoney(p.priceCents, p.currency, language)}</td>
                      <td>{p.discountPercent > 0 ? `${p.discountPercent}%` : ""}</td>
                      <td>p{p.variant}</td>
                      <td>{p.active ? t("staffSite:on") : t("staffSite:off")}</td>
                      <td className="text-nowrap">
                        <Link to={`/staff/packages?edit=${p.id}`} className="btn btn-link btn-sm">
                          {t("staffSite:edit")}
                        </Link>
                        <RowButton
                          id={p.id}
                          intent="up"
                          disabled={index === 0}
                          label={t("staffSite:packages.up")}
                        />
                        <RowButton
                          id={p.id}
                          intent="down"
                          disabled={index === rows.length - 1}
                          label={t("staffSite:packages.down")}
                        />
                        <RowButton
                          id={p.id}
                          intent={p.active ? "deactivate" : "activate"}
                          label={p.active ? t("staffSite:switchOff") : t("staffSite:switchOn")}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
      <RecentStaffActions actions={staffActions} sentences="staffSite:actions" />
    </main>
  );
}
