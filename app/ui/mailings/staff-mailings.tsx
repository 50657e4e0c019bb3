import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";
import {
  MAILING_BODY_MAX,
  MAILING_KINDS,
  MAILING_LANGUAGES,
  MAILING_SUBJECT_MAX,
  type MailingNotice,
  type MailingRow,
} from "~/domain/notifications/mailing-types";
import { FormErrors, TextField } from "../form-fields";
import { useValidatedForm } from "../use-validated-form";
import type { StaffActionView } from "~/domain/staff/staff-action-view";
import { RecentStaffActions } from "~/ui/staff/recent-staff-actions";

interface StaffMailingsProps {
  mailings: MailingRow[];
  notice: MailingNotice | null;
  defaultLanguage: string;
  lastResult?: SubmissionResult<string[]>;
  staffActions: StaffActionView[];
}

function MailingForm({
  defaultLanguage,
  lastResult,
}: Pick<StaffMailingsProps, "defaultLanguage" | "lastResult">) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    lastResult,
    defaultValue: { kind: "news", language: defaultLanguage },
    schemas: () => import("~/domain/notifications/mailing-schema"),
    schema: (schemas, t) => schemas.mailingSchema(t),
  });
  const select = (
    field: typeof fields.kind | typeof fields.language,
    options: readonly string[],
    label: (o: string) => string,
  ) => (
    <div className="col-sm-6 mb-3">
      <label htmlFor={field.id} className="form-label">
        {t(`mailings:staff.fields.${field.name}`)}
      </label>
      <select {...getSelectProps(field)} className="form-select">
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </div>
  );
  const bodyInvalid = Boolean(fields.body.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="card card-body mb-4" data-testid="mailing-form">
      <h2 className="h5">{t("mailings:staff.new")}</h2>
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="row">
        {select(fields.kind, MAILING_KINDS, (kind) => t(`settings:notifications.keys.${kind}`))}
        {select(fields.language, MAILING_LANGUAGES, (lng) => t(`mailings:staff.languages.${lng}`))}
      </div>
      <TextField
        label={t("mailings:staff.fields.subject")}
        inputProps={{ ...getInputProps(fields.subject, { type: "text" }), maxLength: MAILING_SUBJECT_MAX }}
        errors={fields.subject.errors}
        errorId={fields.subject.errorId}
      />
      <div className="mb-3">
        <label htmlFor={fields.body.id} className="form-label">
          {t("mailings:staff.fields.body")}
        </label>
        <textarea
          {...getTextareaProps(fields.body)}
          rows={10}
          maxLength={MAILING_BODY_MAX}
          className={`form-control${bodyInvalid ? " is-invalid" : ""}`}
        />
        <div className="form-text">{t("mailings:staff.fields.bodyHelp")}</div>
        {bodyInvalid && (
          <div id={fields.body.errorId} className="invalid-feedback d-block">
            {fields.body.errors!.join(" ")}
          </div>
        )}
      </div>
      <div>
        <button type="submit" className="btn btn-primary">
          {t("mailings:staff.save")}
        </button>
      </div>
    </Form>
  );
}

/** The staff mailings page: the form for a new mailing (saved as a draft) and the list with status and count. */
export function StaffMailings({
  mailings,
  notice,
  defaultLanguage,
  lastResult,
  staffActions,
}: StaffMailingsProps) {
  const { t, language } = useTranslation();
  const date = (iso: string) => new Date(iso).toLocaleString(language, { timeZone: "UTC" });
  return (
    <main className="container py-4">
      <h1 className="h3">{t("mailings:staff.title")}</h1>
      <p className="text-body-secondary">{t("mailings:staff.intro")}</p>
      {notice && (
        <div className="alert alert-success" role="status" data-testid="mailing-notice">
          {t(`mailings:staff.notices.${notice}`)}
        </div>
      )}
      <MailingForm defaultLanguage={defaultLanguage} lastResult={lastResult} />
      <h2 className="h5">{t("mailings:staff.list")}</h2>
      {mailings.length === 0 ? (
        <p>{t("mailings:staff.empty")}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th>{t("mailings:staff.fields.subject")}</th>
                <th>{t("mailings:staff.fields.kind")}</th>
                <th>{t("mailings:staff.fields.language")}</th>
                <th>{t("mailings:staff.status")}</th>
                <th>{t("mailings:staff.sentCount")}</th>
                <th>{t("mailings:staff.date")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {mailings.map((mailing) => (
                <tr key={mailing.id} data-testid="mailing-row">
                  <td>{mailing.subject}</td>
                  <td>{t(`settings:notifications.keys.${mailing.kind}`)}</td>
                  <td>{mailing.language}</td>
                  <td>{t(`mailings:staff.statuses.${mailing.status}`)}</td>
                  <td>{mailing.sentCount}</td>
                  <td>{date(mailing.sentAt ?? mailing.createdAt)}</td>
                  <td>
                    {mailing.status === "draft" && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="send" />
                        <input type="hidden" name="mailingId" value={mailing.id} />
                        <button type="submit" className="btn btn-sm btn-outline-primary">
                          {t("mailings:staff.send")}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RecentStaffActions actions={staffActions} />
    </main>
  );
}
