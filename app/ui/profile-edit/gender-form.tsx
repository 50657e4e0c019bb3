import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { GENDERS } from "~/domain/profiles/genders";
import { FormErrors } from "~/ui/form-fields";
import { type FormResult, useValidatedForm } from "~/ui/use-validated-form";
import { Section } from "./section";
import { SelectField } from "./select-field";

type GenderValues = { gender: (typeof GENDERS)[number]; seekingGender: (typeof GENDERS)[number] };

/** Man or woman, and whom the member seeks: the search's defaults and suggestions follow it. */
export function GenderForm({
  values,
  result,
  genderVisible,
}: {
  values: GenderValues;
  result: FormResult;
  genderVisible: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    id: "gender-form",
    lastResult: result,
    defaultValue: { gender: values.gender, seekingGender: values.seekingGender },
    schemas: () => import("~/domain/profiles/profile-edit-schemas"),
    schema: (schemas, t) => schemas.genderSchema(t),
  });
  return (
    <Section id="gender" title={t("profileEdit:gender.title")}>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="gender" />
        <div className="row g-3">
          {(["gender", "seekingGender"] as const).map((name) => (
            <SelectField
              key={name}
              field={fields[name]}
              label={t(`profile:fields.${name}`)}
              visible={name === "gender" && genderVisible}
            >
              {GENDERS.map((value) => (
                <option key={value} value={value}>
                  {t(`profile:values.${name}.${value}`)}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
        <p className="form-text mb-0">{t("profileEdit:gender.hint")}</p>
        <button type="submit" className="btn btn-primary mt-3">
          {t("profileEdit:gender.submit")}
        </button>
      </Form>
    </Section>
  );
}
