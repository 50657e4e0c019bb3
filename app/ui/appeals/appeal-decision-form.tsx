import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { APPEAL_DECISIONS, DECISION_REASON_MAX } from "~/domain/appeals/appeal-fields";
import { FormErrors } from "~/ui/form-fields";
import { type FormResult, useValidatedForm } from "~/ui/use-validated-form";

/** Staff's decision on one appeal of the queue: grant or refuse, and the reason the member is mailed. */
export function AppealDecisionForm({
  appealId,
  page,
  result,
}: {
  appealId: number;
  page: number;
  result: FormResult | null;
}) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    id: `appeal-decision-${appealId}`,
    lastResult: result,
    schemas: () => import("~/domain/appeals/appeal-schemas"),
    schema: (schemas, t) => schemas.appealDecisionSchema(t),
  });
  const reasonInvalid = Boolean(fields.reason.errors?.length);
  const decisionInvalid = Boolean(fields.decision.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} data-testid="appeal-decision-form">
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="appealId" value={appealId} />
      <input type="hidden" name="page" value={page} />
      <fieldset className="mb-2" aria-describedby={decisionInvalid ? fields.decision.errorId : undefined}>
        <legend className="form-label fs-6">{t("appeals:staff.decision")}</legend>
        {APPEAL_DECISIONS.map((decision) => {
          const id = `${fields.decision.id}-${decision}`;
          return (
            <div className="form-check form-check-inline" key={decision}>
              <input
                {...getInputProps(fields.decision, { type: "radio", value: decision })}
                id={id}
                key={`${fields.decision.key}-${decision}`}
                className="form-check-input"
              />
              <label className="form-check-label" htmlFor={id}>
                {t(`appeals:staff.${decision}`)}
              </label>
            </div>
          );
        })}
        {decisionInvalid && (
          <div id={fields.decision.errorId} className="invalid-feedback d-block">
            {fields.decision.errors!.join(" ")}
          </div>
        )}
      </fieldset>
      <label htmlFor={fields.reason.id} className="form-label">
        {t("appeals:staff.reason")}
      </label>
      <textarea
        {...getTextareaProps(fields.reason)}
        key={fields.reason.key}
        rows={2}
        maxLength={DECISION_REASON_MAX}
        className={`form-control form-control-sm mb-1${reasonInvalid ? " is-invalid" : ""}`}
      />
      {reasonInvalid && (
        <div id={fields.reason.errorId} className="invalid-feedback d-block">
          {fields.reason.errors!.join(" ")}
        </div>
      )}
      <button type="submit" className="btn btn-sm btn-primary mt-1">
        {t("appeals:staff.submit")}
      </button>
    </Form>
  );
}
