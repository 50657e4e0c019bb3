import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/ui/use-translation";
import { APPEAL_TEXT_MAX, APPEAL_TEXT_MIN } from "~/domain/appeals/appeal-fields";

/** The appeal's text: a labelled textarea with its length hint and errors (photo and ban appeals). */
export function AppealTextField({ field, label }: { field: FieldMetadata<string>; label: string }) {
  const { t } = useTranslation();
  const invalid = Boolean(field.errors?.length);
  return (
    <div className="mb-2">
      <label htmlFor={field.id} className="form-label">
        {label}
      </label>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={4}
        maxLength={APPEAL_TEXT_MAX}
        aria-describedby={`${field.id}-hint${invalid ? ` ${field.errorId}` : ""}`}
        className={`form-control${invalid ? " is-invalid" : ""}`}
      />
      <div id={`${field.id}-hint`} className="form-text">
        {t("appeals:photo.hint", { min: APPEAL_TEXT_MIN, max: APPEAL_TEXT_MAX })}
      </div>
      {invalid && (
        <div id={field.errorId} className="invalid-feedback d-block">
          {field.errors!.join(" ")}
        </div>
      )}
    </div>
  );
}
