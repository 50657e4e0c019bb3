import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link } from "react-router";
import {
  ACTION_REASON_MAX,
  BAN_REASONS,
  CREDIT_ADJUSTMENT_MAX,
  type MemberAction,
} from "~/domain/staff/member-actions";
import { FormErrors, TextField } from "~/ui/form-fields";
import { useTranslation } from "~/ui/use-translation";
import { useValidatedForm } from "~/ui/use-validated-form";

interface MemberActionPageProps {
  action: MemberAction;
  member: {
    id: number;
    email: string;
    profileName: string | null;
    status: string;
    credits: number;
    notificationsDisabled: string[];
    directDebitBlockedAt: string | null;
    ban: { reason: string; note: string; createdAt: string } | null;
  };
  /** Why the action does not apply now (a key of `notApplicable`), or null. */
  refusal: string | null;
  /** Values the refusal's text names (the day the next data archive may be made). */
  refusalValues?: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}

const invalidClass = (errors?: string[]) => (errors?.length ? " is-invalid" : "");

/**
 * The confirmation page of one staff action on one member: who the member is and their state, what
 * the action will do, and the form with the reason. Plain HTML form; validated in the browser too.
 */
export function MemberActionPage({
  action,
  member,
  refusal,
  refusalValues = {},
  lastResult,
}: MemberActionPageProps) {
  const { t, language } = useTranslation();
  const [form, fields] = useValidatedForm({
    lastResult,
    schemas: () => import("~/domain/staff/member-action-schemas"),
    schema: (schemas, t) => schemas.memberActionSchema(action, t),
  });
  const date = (iso: string) => new Date(iso).toLocaleString(language, { timeZone: "Europe/Amsterdam" });
  const memberPage = `/staff/members/${member.id}`;
  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      <p className="mb-2">
        <Link to={memberPage}>{t("staffMemberActions:back")}</Link>
      </p>
      <h1 className="h3 text-primary">{t(`staffMemberActions:title.${action}`)}</h1>
      <dl className="row mb-3" data-testid="member-facts">
        <dt className="col-sm-4">{t("staffMemberActions:member.email")}</dt>
        <dd className="col-sm-8 text-break">{member.email}</dd>
        <dt className="col-sm-4">{t("staffMemberActions:member.profileName")}</dt>
        <dd className="col-sm-8 text-break">
          {member.profileName ?? t("staffMemberActions:member.noProfile")}
        </dd>
        <dt className="col-sm-4">{t("staffMemberActions:member.status")}</dt>
        <dd className="col-sm-8" data-testid="member-status">
          {t(`staffMemberActions:status.${member.status}`)}
        </dd>
        <dt className="col-sm-4">{t("staffMemberActions:member.credits")}</dt>
        <dd className="col-sm-8">{member.credits}</dd>
        {member.notificationsDisabled.length > 0 && (
          <>
            <dt className="col-sm-4">{t("staffMemberActions:member.mailOff")}</dt>
            <dd className="col-sm-8">
              {member.notificationsDisabled
                .map((r) => t(`staffMemberActions:mailOffReasons.${r}`))
                .join(", ")}
            </dd>
          </>
        )}
        {member.directDebitBlockedAt && (
          <>
            <dt className="col-sm-4">{t("staffMemberActions:member.directDebitBlocked")}</dt>
            <dd className="col-sm-8">{date(member.directDebitBlockedAt)}</dd>
          </>
        )}
        {member.ban && (
          <>
            <dt className="col-sm-4">{t("staffMemberActions:member.banned")}</dt>
            <dd className="col-sm-8 text-break" data-testid="member-ban">
              {t(`staffMemberActions:banReasons.${member.ban.reason}`)}, {date(member.ban.createdAt)}:{" "}
              {member.ban.note}
            </dd>
          </>
        )}
      </dl>
      {refusal ? (
        <p className="alert alert-warning" role="status" data-testid="action-refused">
          {t(`staffMemberActions:notApplicable.${refusal}`, refusalValues)}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <p>{t(`staffMemberActions:effect.${action}`)}</p>
          <FormErrors errors={form.errors} id={form.errorId} />
          {action === "ban" && (
            <div className="mb-3">
              <label htmlFor={fields.banReason.id} className="form-label">
                {t("staffMemberActions:fields.banReason")}
              </label>
              <select
                {...getSelectProps(fields.banReason)}
                className={`form-select${invalidClass(fields.banReason.errors)}`}
              >
                <option value="">{t("staffMemberActions:fields.chooseBanReason")}</option>
                {BAN_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`staffMemberActions:banReasons.${reason}`)}
                  </option>
                ))}
              </select>
              {fields.banReason.errors?.length ? (
                <div id={fields.banReason.errorId} className="invalid-feedback d-block">
                  {fields.banReason.errors.join(" ")}
                </div>
              ) : null}
            </div>
          )}
          {action === "credits" && (
            <TextField
              label={t("staffMemberActions:fields.amount")}
              inputProps={{
                ...getInputProps(fields.amount, { type: "text" }),
                inputMode: "numeric",
                autoComplete: "off",
              }}
              help={t("staffMemberActions:fields.amountHelp", { max: CREDIT_ADJUSTMENT_MAX })}
              errors={fields.amount.errors}
              errorId={fields.amount.errorId}
            />
          )}
          <div className="mb-3">
            <label htmlFor={fields.reason.id} className="form-label">
              {t("staffMemberActions:fields.reason")}
            </label>
            <textarea
              {...getTextareaProps(fields.reason)}
              rows={3}
              maxLength={ACTION_REASON_MAX}
              className={`form-control${invalidClass(fields.reason.errors)}`}
            />
            <div className="form-text">
              {t("staffMemberActions:fields.reasonHelp", { max: ACTION_REASON_MAX })}
            </div>
            {fields.reason.errors?.length ? (
              <div id={fields.reason.errorId} className="invalid-feedback d-block">
                {fields.reason.errors.join(" ")}
              </div>
            ) : null}
          </div>
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className={`btn ${action === "ban" ? "btn-danger" : "btn-primary"}`}>
              {t(`staffMemberActions:submit.${action}`)}
            </button>
            <Link to={memberPage} className="btn btn-outline-secondary">
              {t("staffMemberActions:cancel")}
            </Link>
          </div>
        </Form>
      )}
    </main>
  );
}
