import { linkOrigin } from "~/middleware/link-origin.server";
import { getCollectionProps, getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { deleteAccount, deleteDiscountFor } from "~/domain/accounts/delete-account.server";
import {
  DELETE_REASONS,
  DELETE_REMARKS_MAX,
  deleteAccountSchema,
} from "~/domain/accounts/delete-account-schema";
import { requireUser } from "~/middleware/guards.server";
import { endSession } from "~/middleware/session.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { FormErrors, PasswordField } from "~/ui/form-fields";
import type { Route } from "./+types/settings.delete";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["accountDelete"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site } = context.get(requestInfoContext);
  return {
    siteName: site.name,
    title: getInstance(context).t("accountDelete:title"),
    // A friendly counter-offer for members who never bought anything (text only).
    discount: deleteDiscountFor(site, user),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const submission = parseWithZod(await readForm(request), { schema: deleteAccountSchema(t) });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { reason, remarks, password } = submission.value;
  const result = await deleteAccount({
    userId: user.id,
    password,
    reason,
    remarks,
    site,
    origin: linkOrigin(request, context.get(requestInfoContext).site),
  });
  if (!result.ok) {
    const reply =
      result.error === "passwordWrong"
        ? submission.reply({
            fieldErrors: { password: [t("accountDelete:validation.passwordWrong")] },
            hideFields: ["password"],
          })
        : submission.reply({
            formErrors: [t("accountDelete:validation.tooManyAttempts")],
            hideFields: ["password"],
          });
    return data(reply, { status: 400 });
  }
  return redirect("/account-deleted", { headers: { "Set-Cookie": await endSession(request) } });
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function DeleteAccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema(t) }),
  });
  const reasonInvalid = Boolean(fields.reason.errors?.length);
  const remarksInvalid = Boolean(fields.remarks.errors?.length);
  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 text-primary">{t("accountDelete:title")}</h1>
      <p>{t("accountDelete:intro")}</p>
      {loaderData.discount !== null && (
        <div className="alert alert-info" data-testid="delete-discount">
          {t("accountDelete:discount", { percentage: loaderData.discount })}
        </div>
      )}
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <fieldset className="mb-3" aria-describedby={reasonInvalid ? fields.reason.errorId : undefined}>
          <legend className="form-label fs-6">{t("accountDelete:reasonLegend")}</legend>
          {getCollectionProps(fields.reason, { type: "radio", options: [...DELETE_REASONS] }).map(
            ({ key, ...radioProps }) => (
              <div className="form-check" key={key}>
                <input {...radioProps} className={`form-check-input${reasonInvalid ? " is-invalid" : ""}`} />
                <label className="form-check-label" htmlFor={radioProps.id}>
                  {t(`accountDelete:reasons.${radioProps.value as (typeof DELETE_REASONS)[number]}`)}
                </label>
              </div>
            ),
          )}
          {reasonInvalid && (
            <div id={fields.reason.errorId} className="invalid-feedback d-block">
              {fields.reason.errors!.join(" ")}
            </div>
          )}
        </fieldset>
        <div className="mb-3">
          <label htmlFor={fields.remarks.id} className="form-label">
            {t("accountDelete:remarks")}
          </label>
          <textarea
            {...getTextareaProps(fields.remarks)}
            rows={4}
            maxLength={DELETE_REMARKS_MAX}
            className={`form-control${remarksInvalid ? " is-invalid" : ""}`}
          />
          {remarksInvalid && (
            <div id={fields.remarks.errorId} className="invalid-feedback d-block">
              {fields.remarks.errors!.join(" ")}
            </div>
          )}
        </div>
        <PasswordField
          label={t("accountDelete:password")}
          field={fields.password}
          autoComplete="current-password"
        />
        <p className="text-body-secondary">{t("accountDelete:consequences")}</p>
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-danger">
            {t("accountDelete:submit")}
          </button>
          <Link to="/settings" className="btn btn-outline-secondary">
            {t("accountDelete:cancel")}
          </Link>
        </div>
      </Form>
    </main>
  );
}
