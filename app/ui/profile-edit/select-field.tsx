import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError } from "./field-error";
import { Visibility } from "./visibility";

/** One select of a profile form, in half a row: its label with the visibility badge, and its error. */
export function SelectField({
  field,
  label,
  visible,
  children,
}: {
  field: FieldMetadata<string>;
  label: string;
  visible: boolean;
  /** The options. */
  children: ReactNode;
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <div className="col-md-6">
      <label htmlFor={field.id} className="form-label">
        {label}
        <Visibility visible={visible} />
      </label>
      <select
        {...getSelectProps(field)}
        key={field.key}
        className={`form-select${invalid ? " is-invalid" : ""}`}
      >
        {children}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
