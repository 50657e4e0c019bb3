import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { COMPLAINT_CATEGORIES, COMPLAINT_LIMITS } from "~/domain/complaints/complaint-fields";
import { complaintSchema } from "~/domain/complaints/complaint-schema";
import { submitComplaint } from "~/domain/complaints/complaints.server";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/middleware/context";
import { isHoneypotFilled } from "~/lib/honeypot.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { FormErrors, TextField } from "~/ui/form-fields";
import { useValidatedForm } from "~/ui/use-validated-form";
import { HoneypotField } from "~/ui/honeypot";
import type { Route } from "./+types/complaints";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["complaints"] };

const queryValue = (url: URL, name: string) =>
  (url.searchParams.get(name) ?? "").trim().slice(0, COMPLAINT_LIMITS.reference);

/** Public complaints form; members find their name and address filled in, links may name the member or message. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { site, user } = context.get(requestInfoContext);
  const url = new URL(request.url);
  return {
    siteName: site.name,
    title: getInstance(context).t("complaints:title"),
    sent: url.searchParams.get("sent") === "1",
    defaults: {
      name: user?.profile?.name ?? "",
      email: user?.email ?? "",
      member: queryValue(url, "member"),
      message: queryValue(url, "message"),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site, user } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: complaintSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await submitComplaint({
    complaint: submission.value,
    site,
    ip: clientIp(request),
    language: getLocale(context),
    userId: user?.id ?? null,
    honeypotFilled: isHoneypotFilled(formData),
  });
  if (!result.ok) {
    return data(submission.reply({ formErrors: [t(`complaints:validation.${result.error}`)] }), {
      status: result.error === "rateLimited" ? 429 : 400,
    });
  }
  return redirect("/complaints?sent=1");
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function ComplaintsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    lastResult: actionData,
    defaultValue: loaderData.defaults,
    schemas: () => import("~/domain/complaints/complaint-schema"),
    schema: (schemas, t) => schemas.complaintSchema(t),
  });
  if (loaderData.sent && !actionData) {
    return (
      <main className="container py-4" style={{ maxWidth: 640 }}>
        <h1 className="h3 text-primary">{t("complaints:title")}</h1>
        <div className="alert alert-success" role="status" data-testid="complaint-sent">
          <h2 className="h5">{t("complaints:sent.title")}</h2>
          <p className="mb-0">{t("complaints:sent.text")}</p>
        </div>
        <Link to="/complaints">{t("complaints:sent.another")}</Link>
      </main>
    );
  }
  const categoryInvalid = Boolean(fields.category.errors?.length);
  const descriptionInvalid = Boolean(fields.description.errors?.length);
  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 text-primary">{t("complaints:title")}</h1>
      <p>{t("complaints:intro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <HoneypotField />
        <TextField
          label={t("complaints:fields.name")}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        />
        <TextField
          label={t("complaints:fields.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <TextField
          label={t("complaints:fields.member")}
          inputProps={getInputProps(fields.member, { type: "text" })}
          errors={fields.member.errors}
          errorId={fields.member.errorId}
        />
        <TextField
          label={t("complaints:fields.message")}
          inputProps={getInputProps(fields.message, { type: "text" })}
          errors={fields.message.errors}
          errorId={fields.message.errorId}
        />
        <div className="mb-3">
          <label htmlFor={fields.category.id} className="form-label">
            {t("complaints:fields.category")}
          </label>
          <select
            {...getSelectProps(fields.category)}
            className={`form-select${categoryInvalid ? " is-invalid" : ""}`}
          >
            <option value="">{t("complaints:fields.chooseCategory")}</option>
            {COMPLAINT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`complaints:categories.${category}`)}
              </option>
            ))}
          </select>
          {categoryInvalid && (
            <div id={fields.category.errorId} className="invalid-feedback d-block">
              {fields.category.errors!.join(" ")}
            </div>
          )}
        </div>
        <div className="mb-3">
          <label htmlFor={fields.description.id} className="form-label">
            {t("complaints:fields.description")}
          </label>
          <textarea
            {...getTextareaProps(fields.description)}
            rows={6}
            maxLength={COMPLAINT_LIMITS.descriptionMax}
            aria-describedby={[
              `${fields.description.id}-help`,
              descriptionInvalid ? fields.description.errorId : null,
            ]
              .filter(Boolean)
              .join(" ")}
            className={`form-control${descriptionInvalid ? " is-invalid" : ""}`}
          />
          <div id={`${fields.description.id}-help`} className="form-text">
            {t("complaints:fields.descriptionHelp", {
              min: COMPLAINT_LIMITS.descriptionMin,
              max: COMPLAINT_LIMITS.descriptionMax,
            })}
          </div>
          {descriptionInvalid && (
            <div id={fields.description.errorId} className="invalid-feedback d-block">
              {fields.description.errors!.join(" ")}
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-primary">
          {t("complaints:submit")}
        </button>
      </Form>
    </main>
  );
}
