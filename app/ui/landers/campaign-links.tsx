import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/ui/use-translation";
import { Form, Link } from "react-router";
import type { CampaignLinkView } from "~/domain/landers/campaign-schema";
import { LANDER_NAMES, LANDER_SLUG_MAX, LANDERS_WITH_SLUG } from "~/domain/landers/lander-names";
import { FormErrors, TextField } from "~/ui/form-fields";
import { useValidatedForm } from "~/ui/use-validated-form";
import type { StaffActionView } from "~/domain/staff/staff-action-view";
import { RecentStaffActions } from "~/ui/staff/recent-staff-actions";

const TRACKING_FIELDS = ["network", "ref", "sub1", "sub2", "sub3"] as const;

function LinkForm({
  editing,
  lastResult,
}: {
  editing: CampaignLinkView | null;
  lastResult?: SubmissionResult;
}) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    lastResult,
    defaultValue: editing
      ? Object.fromEntries(Object.entries(editing).map(([key, value]) => [key, value === null ? "" : value]))
      : { active: true },
    schemas: () => import("~/domain/landers/campaign-schema"),
    schema: (schemas, t) => schemas.campaignLinkSchema(t),
  });
  const landerInvalid = Boolean(fields.lander.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="card card-body mb-4" data-testid="campaign-form">
      <h2 className="h5">
        {editing ? t("funnel:campaigns.editTitle", { token: editing.token }) : t("funnel:campaigns.newTitle")}
      </h2>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="save" />
      {editing && <input type="hidden" name="id" value={editing.id} />}
      <div className="row g-3">
        <div className="col-md-4">
          <TextField
            label={t("funnel:campaigns.fields.token")}
            inputProps={{
              ...getInputProps(fields.token, { type: "text" }),
              autoComplete: "off",
              maxLength: 64,
            }}
            errors={fields.token.errors}
            errorId={fields.token.errorId}
            help={t("funnel:campaigns.tokenHelp")}
          />
        </div>
        <div className="col-md-4 mb-3">
          <label htmlFor={fields.lander.id} className="form-label">
            {t("funnel:campaigns.fields.lander")}
          </label>
          <select
            {...getSelectProps(fields.lander)}
            className={`form-select${landerInvalid ? " is-invalid" : ""}`}
            aria-invalid={landerInvalid || undefined}
          >
            <option value="">{t("funnel:campaigns.chooseLander")}</option>
            {LANDER_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {landerInvalid && (
            <div id={fields.lander.errorId} className="invalid-feedback d-block">
              {fields.lander.errors!.join(" ")}
            </div>
          )}
        </div>
        <div className="col-md-4">
          <TextField
            label={t("funnel:campaigns.fields.slug")}
            inputProps={{
              ...getInputProps(fields.slug, { type: "text" }),
              autoComplete: "off",
              maxLength: LANDER_SLUG_MAX,
            }}
            errors={fields.slug.errors}
            errorId={fields.slug.errorId}
            help={t("funnel:campaigns.slugHelp", { landers: LANDERS_WITH_SLUG.join(", ") })}
          />
        </div>
        {TRACKING_FIELDS.map((name) => (
          <div key={name} className="col-sm-6 col-md-4 col-lg">
            <TextField
              label={t(`funnel:campaigns.fields.${name}`)}
              inputProps={{ ...getInputProps(fields[name], { type: "text" }), autoComplete: "off" }}
              errors={fields[name].errors}
              errorId={fields[name].errorId}
            />
          </div>
        ))}
      </div>
      <div className="form-check mb-3">
        <input {...getInputProps(fields.active, { type: "checkbox" })} className="form-check-input" />
        <label htmlFor={fields.active.id} className="form-check-label">
          {t("funnel:campaigns.fields.active")}
        </label>
      </div>
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary">
          {editing ? t("funnel:campaigns.save") : t("funnel:campaigns.create")}
        </button>
        {editing && (
          <Link to="/staff/campaigns" className="btn btn-outline-secondary">
            {t("funnel:campaigns.cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}

function ToggleButton({ link }: { link: CampaignLinkView }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="d-inline">
      <input type="hidden" name="id" value={link.id} />
      <button
        type="submit"
        name="intent"
        value={link.active ? "deactivate" : "activate"}
        className="btn btn-link btn-sm p-0"
      >
        {link.active ? t("funnel:campaigns.deactivate") : t("funnel:campaigns.activate")}
      </button>
    </Form>
  );
}

interface CampaignLinksProps {
  links: CampaignLinkView[];
  editing: CampaignLinkView | null;
  saved: string | null;
  lastResult?: SubmissionResult;
  staffActions: StaffActionView[];
}

/** /staff/campaigns: the form (new link or the one being edited) and the list of the site's links. */
export function CampaignLinks({ links, editing, saved, lastResult, staffActions }: CampaignLinksProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("funnel:campaigns.title")}</h1>
      <p>{t("funnel:campaigns.intro")}</p>
      {saved && !lastResult && (
        <div className="alert alert-success" role="status" data-testid="campaign-saved">
          {t("funnel:campaigns.saved", { token: saved })}
        </div>
      )}
      <LinkForm key={editing?.id ?? "new"} editing={editing} lastResult={lastResult} />
      <div className="table-responsive">
        <table className="table table-sm table-striped align-middle" data-testid="campaign-links">
          <caption className="visually-hidden">{t("funnel:campaigns.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("funnel:campaigns.fields.token")}</th>
              <th scope="col">{t("funnel:campaigns.fields.lander")}</th>
              {TRACKING_FIELDS.map((name) => (
                <th key={name} scope="col">
                  {t(`funnel:campaigns.fields.${name}`)}
                </th>
              ))}
              <th scope="col">{t("funnel:campaigns.fields.active")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("funnel:campaigns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.length === 0 && (
              <tr>
                <td colSpan={TRACKING_FIELDS.length + 4}>{t("funnel:campaigns.empty")}</td>
              </tr>
            )}
            {links.map((link) => (
              <tr key={link.id} className={link.active ? undefined : "text-body-secondary"}>
                <td className="text-break">
                  <code>/{link.token}</code>
                </td>
                <td>{link.slug ? `${link.lander}/${link.slug}` : link.lander}</td>
                {TRACKING_FIELDS.map((name) => (
                  <td key={name} className="text-break">
                    {link[name] ?? ""}
                  </td>
                ))}
                <td>{link.active ? t("funnel:campaigns.yes") : t("funnel:campaigns.no")}</td>
                <td className="text-nowrap">
                  <Link to={`/staff/campaigns?edit=${link.id}`} className="btn btn-link btn-sm p-0 me-3">
                    {t("funnel:campaigns.edit")}
                  </Link>
                  <ToggleButton link={link} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <RecentStaffActions actions={staffActions} />
    </main>
  );
}
