import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import {
  PROFILE_FIELD_NAMES,
  PROFILE_FIELD_VALUES,
  type ProfileFieldName,
} from "~/domain/profiles/profile-edit-fields";
import { FormErrors } from "~/ui/form-fields";
import { type FormResult, useValidatedForm } from "~/ui/use-validated-form";
import { Section } from "./section";
import { SelectField } from "./select-field";

/**
 * One select per profile field (docs/product.md, Profiles and photos); all but sexuality may stay
 * unspecified.
 */
export function FieldsForm({
  values,
  result,
  isVisible,
}: {
  values: Record<ProfileFieldName, string | null>;
  result: FormResult;
  isVisible: (name: ProfileFieldName) => boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    id: "fields-form",
    lastResult: result,
    defaultValue: Object.fromEntries(PROFILE_FIELD_NAMES.map((name) => [name, values[name] ?? ""])) as Record<
      ProfileFieldName,
      string
    >,
    schemas: () => import("~/domain/profiles/profile-edit-schemas"),
    schema: (schemas, t) => schemas.fieldsSchema(t),
  });
  return (
    <Section id="fields" title={t("profileEdit:fields.title")}>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="fields" />
        <div className="row g-3">
          {PROFILE_FIELD_NAMES.map((name) => (
            <SelectField
              key={name}
              field={fields[name]}
              label={t(`profile:fields.${name}`)}
              visible={isVisible(name)}
            >
              {name !== "sexuality" && <option value="">{t("profile:notSpecified")}</option>}
              {PROFILE_FIELD_VALUES[name].map((value) => (
                <option key={value} value={value}>
                  {t(`profile:values.${name}.${value}`)}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
        <button type="submit" className="btn btn-primary mt-3">
          {t("profileEdit:fields.submit")}
        </button>
      </Form>
    </Section>
  );
}
