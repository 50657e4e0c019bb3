import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { ABOUT_ME_MAX } from "~/domain/profiles/profile-edit-fields";
import { FormErrors } from "~/ui/form-fields";
import { type FormResult, typedValue, useValidatedForm } from "~/ui/use-validated-form";
import { FieldError } from "./field-error";
import { Section } from "./section";

/** The member's free text, with a live character counter. */
export function AboutForm({ aboutMe, result }: { aboutMe: string; result: FormResult }) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    id: "about-form",
    lastResult: result,
    defaultValue: { aboutMe },
    schemas: () => import("~/domain/profiles/profile-edit-schemas"),
    schema: (schemas, t) => schemas.aboutSchema(t),
  });
  const [length, setLength] = useState(String(typedValue(result, "aboutMe") ?? aboutMe).length);
  const invalid = Boolean(fields.aboutMe.errors?.length);
  return (
    <Section id="about" title={t("profileEdit:about.title")}>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="about" />
        <label htmlFor={fields.aboutMe.id} className="visually-hidden">
          {t("profile:fields.aboutMe")}
        </label>
        <textarea
          {...getTextareaProps(fields.aboutMe)}
          key={fields.aboutMe.key}
          className={`form-control${invalid ? " is-invalid" : ""}`}
          rows={6}
          placeholder={t("profileEdit:about.placeholder")}
          onInput={(e) => setLength(e.currentTarget.value.length)}
        />
        <div className={`form-text${length > ABOUT_ME_MAX ? " text-danger" : ""}`}>
          {t("profileEdit:about.counter", { count: length, max: ABOUT_ME_MAX })}
        </div>
        <FieldError id={fields.aboutMe.errorId} errors={fields.aboutMe.errors} />
        <button type="submit" className="btn btn-primary mt-2">
          {t("profileEdit:about.submit")}
        </button>
      </Form>
    </Section>
  );
}
