import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { INTEREST_CODES } from "~/domain/core/interests";
import { FormErrors } from "~/ui/form-fields";
import { type FormResult, typedValue, useValidatedForm } from "~/ui/use-validated-form";
import { FieldError } from "./field-error";
import { Section } from "./section";
import { Visibility } from "./visibility";

/** The ticked codes: those sent with a refused form, else the saved ones. */
function checkedCodes(result: FormResult, saved: string[]) {
  if (!result) return new Set(saved);
  const typed = typedValue(result, "interests");
  return new Set(Array.isArray(typed) ? typed : typeof typed === "string" ? [typed] : []);
}

/** A checkbox per interest. */
export function InterestsForm({
  interests,
  result,
  visible,
}: {
  interests: string[];
  result: FormResult;
  visible: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    id: "interests-form",
    lastResult: result,
    shouldRevalidate: "onBlur",
    schemas: () => import("~/domain/profiles/profile-edit-schemas"),
    schema: (schemas, t) => schemas.interestsSchema(t),
  });
  const checked = checkedCodes(result, interests);
  return (
    <Section
      id="interests"
      title={
        <>
          {t("profileEdit:interests.title")}
          <Visibility visible={visible} />
        </>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="interests" />
        <fieldset>
          <legend className="visually-hidden">{t("profile:fields.interests")}</legend>
          <div className="row row-cols-2 row-cols-md-3 g-1">
            {INTEREST_CODES.map((code) => (
              <div className="col" key={code}>
                <div className="form-check">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    name="interests"
                    value={code}
                    id={`interest-${code}`}
                    defaultChecked={checked.has(code)}
                  />
                  <label className="form-check-label" htmlFor={`interest-${code}`}>
                    {t(`profile:interests.${code}`)}
                  </label>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        <FieldError
          id={fields.interests.errorId}
          errors={[...new Set(Object.values(fields.interests.allErrors).flat())]}
        />
        <button type="submit" className="btn btn-primary mt-3">
          {t("profileEdit:interests.submit")}
        </button>
      </Form>
    </Section>
  );
}
