import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { STAFF_ROLES } from "~/domain/core/staff-roles";
import { FormErrors, TextField } from "~/ui/form-fields";
import { useTranslation } from "~/ui/use-translation";
import { useValidatedForm } from "~/ui/use-validated-form";

interface StaffMember {
  id: number;
  email: string;
  role: (typeof STAFF_ROLES)[number];
  hasPassword: boolean;
}

function InviteForm({ lastResult }: { lastResult?: SubmissionResult }) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    lastResult,
    defaultValue: { role: "support" },
    schemas: () => import("~/domain/accounts/staff-account-schemas"),
    schema: (schemas, t) => schemas.staffInviteSchema(t),
  });
  const roleInvalid = Boolean(fields.role.errors?.length);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card card-body mb-4"
      data-testid="staff-invite-form"
    >
      <h2 className="h5">{t("staffAdmin:team.inviteTitle")}</h2>
      <p className="small text-body-secondary">{t("staffAdmin:team.inviteHelp")}</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="invite" />
      <div className="row g-3">
        <div className="col-md-7">
          <TextField
            label={t("staffAdmin:team.fields.email")}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
            errors={fields.email.errors}
            errorId={fields.email.errorId}
          />
        </div>
        <div className="col-md-5 mb-3">
          <label htmlFor={fields.role.id} className="form-label">
            {t("staffAdmin:team.fields.role")}
          </label>
          <select
            {...getSelectProps(fields.role)}
            className={`form-select${roleInvalid ? " is-invalid" : ""}`}
            aria-invalid={roleInvalid || undefined}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`staffAdmin:team.roles.${role}`)}
              </option>
            ))}
          </select>
          {roleInvalid && (
            <div id={fields.role.errorId} className="invalid-feedback d-block">
              {fields.role.errors!.join(" ")}
            </div>
          )}
        </div>
      </div>
      <div>
        <button type="submit" className="btn btn-primary">
          {t("staffAdmin:team.invite")}
        </button>
      </div>
    </Form>
  );
}

function RowActions({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const other = member.role === "admin" ? "support" : "admin";
  return (
    <div className="d-flex flex-wrap gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="id" value={member.id} />
        <button type="submit" name="role" value={other} className="btn btn-outline-secondary btn-sm">
          {t(`staffAdmin:team.makeRole.${other}`)}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="id" value={member.id} />
        <button type="submit" className="btn btn-outline-danger btn-sm">
          {t("staffAdmin:team.revoke")}
        </button>
      </Form>
    </div>
  );
}

interface StaffTeamProps {
  staff: StaffMember[];
  selfId: number;
  notice: "invited" | "made" | "changed" | "revoked" | null;
  refusal: "self" | null;
  lastResult?: SubmissionResult;
}

/** /staff/team: the site's staff accounts, their roles and the invitation form. */
export function StaffTeam({ staff, selfId, notice, refusal, lastResult }: StaffTeamProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("staffAdmin:team.title")}</h1>
      {notice && !lastResult && !refusal && (
        <div className="alert alert-success" role="status" data-testid="staff-team-notice">
          {t(`staffAdmin:team.notice.${notice}`)}
        </div>
      )}
      {refusal && (
        <div className="alert alert-danger" role="alert" data-testid="staff-team-refusal">
          {t("staffAdmin:team.errors.self")}
        </div>
      )}
      <InviteForm lastResult={lastResult} />
      <div className="table-responsive">
        <table className="table table-sm align-middle" data-testid="staff-team">
          <caption className="visually-hidden">{t("staffAdmin:team.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("staffAdmin:team.fields.email")}</th>
              <th scope="col">{t("staffAdmin:team.fields.role")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("staffAdmin:team.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <tr key={member.id} data-testid="staff-member" data-email={member.email}>
                <td className="text-break">
                  {member.email}
                  {!member.hasPassword && (
                    <div className="small text-body-secondary">{t("staffAdmin:team.invitePending")}</div>
                  )}
                </td>
                <td>{t(`staffAdmin:team.roles.${member.role}`)}</td>
                <td>
                  {member.id === selfId ? (
                    <span className="small text-body-secondary">{t("staffAdmin:team.you")}</span>
                  ) : (
                    <RowActions member={member} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
