import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { PROFILE_COUNTRIES } from "~/domain/core/countries";
import {
  SETTING_SECTIONS,
  formatMessageCosts,
  settingSections,
  type SettingChoices,
  type SettingKind,
  type SettingSection,
  type SettingValues,
} from "~/domain/sites/site-settings";
import type { StaffActionView } from "~/domain/staff/staff-action-view";
import { FormErrors } from "~/ui/form-fields";
import { RecentStaffActions } from "~/ui/staff/recent-staff-actions";
import { useTranslation } from "~/ui/use-translation";
import { SavedNotice } from "./saved-notice";

/** A stored value as the form shows it: numbers as text, switches as "on", the cost map as lines. */
function formValue(spec: SettingKind, value: SettingValues[string]): string | string[] {
  if (spec.kind === "bool") return value ? "on" : "";
  if (spec.kind === "messageCosts") return formatMessageCosts(value);
  if (Array.isArray(value)) return value;
  return value === null || value === undefined ? "" : String(value);
}

type FieldMeta = ReturnType<typeof useForm<Record<string, string | string[]>>>[1][string];

function SettingField({ name, spec, field }: { name: string; spec: SettingKind; field: FieldMeta }) {
  const { t } = useTranslation();
  const label = t(`staffSite:settings.fields.${name}`);
  const help = t(`staffSite:settings.help.${name}`, { defaultValue: "" });
  const invalid = Boolean(field.errors?.length);
  const feedback = invalid && (
    <div id={field.errorId} className="invalid-feedback d-block">
      {field.errors!.join(" ")}
    </div>
  );
  const helpText = help && (
    <div className="form-text" id={field.descriptionId}>
      {help}
    </div>
  );
  const aria = {
    "aria-invalid": invalid || undefined,
    "aria-describedby":
      [invalid ? field.errorId : null, help ? field.descriptionId : null].filter(Boolean).join(" ") ||
      undefined,
  };

  if (spec.kind === "bool") {
    return (
      <div className="form-check mb-3">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          className={`form-check-input${invalid ? " is-invalid" : ""}`}
          {...aria}
        />
        <label htmlFor={field.id} className="form-check-label">
          {label}
        </label>
        {helpText}
        {feedback}
      </div>
    );
  }

  if (spec.kind === "list" || spec.kind === "countries") {
    const values = spec.kind === "list" ? spec.values : PROFILE_COUNTRIES;
    const chosen = new Set([field.value ?? []].flat() as string[]);
    const prefix = spec.kind === "list" ? `staffSite:settings.choices.${name}.` : "profile:countries.";
    return (
      <fieldset className="mb-3" aria-describedby={aria["aria-describedby"]}>
        <legend className="form-label fs-6">{label}</legend>
        <div className="d-flex flex-wrap gap-3">
          {values.map((value) => (
            <div className="form-check" key={value}>
              <input
                type="checkbox"
                className={`form-check-input${invalid ? " is-invalid" : ""}`}
                id={`${field.id}-${value}`}
                name={field.name}
                value={value}
                defaultChecked={chosen.has(value)}
              />
              <label className="form-check-label" htmlFor={`${field.id}-${value}`}>
                {spec.kind === "countries" ? `${value} ${t(`${prefix}${value}`)}` : t(`${prefix}${value}`)}
              </label>
            </div>
          ))}
        </div>
        {helpText}
        {feedback}
      </fieldset>
    );
  }

  if (spec.kind === "choice") {
    return (
      <div className="mb-3">
        <label htmlFor={field.id} className="form-label">
          {label}
        </label>
        <select
          id={field.id}
          name={field.name}
          defaultValue={String(field.initialValue ?? "")}
          className={`form-select${invalid ? " is-invalid" : ""}`}
          {...aria}
        >
          {spec.values.map((value) => (
            <option key={value} value={value}>
              {t(`staffSite:settings.choices.${name}.${value}`)}
            </option>
          ))}
        </select>
        {helpText}
        {feedback}
      </div>
    );
  }

  const control =
    spec.kind === "messageCosts" ? (
      <textarea
        id={field.id}
        name={field.name}
        defaultValue={String(field.initialValue ?? "")}
        rows={4}
        className={`form-control font-monospace${invalid ? " is-invalid" : ""}`}
        {...aria}
      />
    ) : (
      <input
        id={field.id}
        name={field.name}
        defaultValue={String(field.initialValue ?? "")}
        type={spec.kind === "email" ? "email" : spec.kind === "url" ? "url" : "text"}
        inputMode={spec.kind === "int" ? "numeric" : undefined}
        autoComplete="off"
        className={`form-control${invalid ? " is-invalid" : ""}`}
        {...aria}
      />
    );
  return (
    <div className="mb-3">
      <label htmlFor={field.id} className="form-label">
        {label}
        {spec.kind === "int" && (
          <span className="text-body-secondary small">
            {" "}
            ({spec.min}–{spec.max})
          </span>
        )}
      </label>
      {control}
      {helpText}
      {feedback}
    </div>
  );
}

function SectionForm({
  section,
  choices,
  settings,
  lastResult,
  notice,
}: {
  section: SettingSection;
  choices: SettingChoices;
  settings: SettingValues;
  lastResult?: SubmissionResult;
  notice: "saved" | "unchanged" | null;
}) {
  const { t } = useTranslation();
  const specs = settingSections(choices)[section] as Record<string, SettingKind>;
  const [form, fields] = useForm<Record<string, string | string[]>>({
    id: `settings-${section}`,
    lastResult,
    defaultValue: Object.fromEntries(
      Object.entries(specs).map(([name, spec]) => [name, formValue(spec, settings[name] ?? null)]),
    ),
    shouldValidate: "onSubmit",
  });
  return (
    <section id={section} className="card mb-4" aria-labelledby={`${section}-title`}>
      <Form method="post" {...getFormProps(form)} className="card-body" data-testid={`settings-${section}`}>
        <h2 className="h5" id={`${section}-title`}>
          {t(`staffSite:settings.sections.${section}`)}
        </h2>
        {notice && <SavedNotice notice={notice} />}
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="row">
          {Object.entries(specs).map(([name, spec]) => (
            <div
              key={name}
              className={
                spec.kind === "list" || spec.kind === "countries" || spec.kind === "messageCosts"
                  ? "col-12"
                  : "col-md-6"
              }
            >
              <SettingField name={name} spec={spec} field={fields[name]!} />
            </div>
          ))}
        </div>
        <button type="submit" name="intent" value={section} className="btn btn-primary">
          {t("staffSite:save")}
        </button>
      </Form>
    </section>
  );
}

interface SiteSettingsPageProps {
  settings: SettingValues;
  choices: SettingChoices;
  saved: SettingSection | null;
  unchanged: SettingSection | null;
  staffActions: StaffActionView[];
  lastResult?: SubmissionResult;
}

/** /staff/settings: the site's settings in sections, each saved on its own. */
export function SiteSettingsPage({
  settings,
  choices,
  saved,
  unchanged,
  staffActions,
  lastResult,
}: SiteSettingsPageProps) {
  const { t } = useTranslation();
  const failed = lastResult?.initialValue?.intent;
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("staffSite:settings.title")}</h1>
      <p>{t("staffSite:settings.intro")}</p>
      <nav aria-label={t("staffSite:settings.sectionsNav")} className="mb-3">
        <ul className="nav nav-pills flex-wrap">
          {SETTING_SECTIONS.map((section) => (
            <li className="nav-item" key={section}>
              <a className="nav-link" href={`#${section}`}>
                {t(`staffSite:settings.sections.${section}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {SETTING_SECTIONS.map((section) => (
        <SectionForm
          key={section}
          section={section}
          choices={choices}
          settings={settings}
          lastResult={failed === section ? lastResult : undefined}
          notice={
            lastResult ? null : saved === section ? "saved" : unchanged === section ? "unchanged" : null
          }
        />
      ))}
      <RecentStaffActions actions={staffActions} sentences="staffSite:actions" />
    </main>
  );
}
