import { linkOrigin } from "~/middleware/link-origin.server";
import { getCollectionProps, getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { deleteAccount, deleteDiscountFor } from "~/domain/accounts/delete-account.server";
import { DELETE_REASONS, DELETE_REMARKS_MAX } from "~/domain/accounts/delete-reasons";
import { deleteAccountSchema } from "~/domain/accounts/delete-account-schema";
import {
  claimStayDiscount,
  stayDiscountOf,
  STAY_DISCOUNT_DAYS,
} from "~/domain/payments/stay-discount.server";
import { stayDiscountView } from "~/routes/+settings/stay-discount.server";
import { StayDiscountNotice } from "~/ui/settings/stay-discount-notice";
import { requireUser } from "~/middleware/guards.server";
import { endSession } from "~/middleware/session.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { FormErrors, PasswordField } from "~/ui/form-fields";
import { useValidatedForm } from "~/ui/use-validated-form";
import type { Route } from "./+types/settings.delete";
import { fieldsOf, readForm } from "~/middleware/request-body.server";
import { z } from "zod";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["accountDelete", "settings"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site } = context.get(requestInfoContext);
  const claimed = await stayDiscountOf(user.id);
  return {
    siteName: site.name,
    title: getInstance(context).t("accountDelete:title"),
    // The counter-offer for members who never bought anything, made once: who took it sees the code.
    discount: claimed ? null : deleteDiscountFor(site, user),
    stayDays: STAY_DISCOUNT_DAYS,
    stayDiscount: await stayDiscountView(user.id, getLocale(context), site.timeZone),
  };
}

/** The stay button's form: nothing but its intent. */
const stayForm = z.object({ intent: z.literal("stay") });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const form = await readForm(request);
  if (form.get("intent") === "stay") {
    if (!stayForm.safeParse(fieldsOf(request, form)).success) throw data(null, { status: 400 });
    const claimed = await claimStayDiscount({
      userId: user.id,
      deleteDiscount: site.company.deleteDiscount,
    });
    if (claimed.ok) return redirect("/settings?saved=stayDiscount#stay-discount");
    // Refused: the page says why (the offer was taken before, or is not for a paying member).
    return data({ stayError: t(`accountDelete:stayErrors.${claimed.error}`) }, { status: 409 });
  }
  const submission = parseWithZod(form, { schema: deleteAccountSchema(t) });
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
  const stayError = actionData && "stayError" in actionData ? actionData.stayError : null;
  const [form, fields] = useValidatedForm({
    lastResult: actionData && !("stayError" in actionData) ? actionData : undefined,
    schemas: () => import("~/domain/accounts/delete-account-schema"),
    schema: (schemas, t) => schemas.deleteAccountSchema(t),
  });
  const reasonInvalid = Boolean(fields.reason.errors?.length);
  const remarksInvalid = Boolean(fields.remarks.errors?.length);
  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 text-primary">{t("accountDelete:title")}</h1>
      <p>{t("accountDelete:intro")}</p>
      {stayError && (
        <div className="alert alert-warning" role="alert" data-testid="stay-error">
          {stayError}
        </div>
      )}
      <StayDiscountNotice discount={loaderData.stayDiscount} />
      {loaderData.discount !== null && (
        <div className="alert alert-info" data-testid="delete-discount">
          <p>{t("accountDelete:discount", { percentage: loaderData.discount, days: loaderData.stayDays })}</p>
          <Form method="post" className="mb-0">
            <input type="hidden" name="intent" value="stay" />
            <button type="submit" className="btn btn-primary" data-testid="stay-submit">
              {t("accountDelete:stay")}
            </button>
          </Form>
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
