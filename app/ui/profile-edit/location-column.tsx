import { FieldError } from "./field-error";
import { Visibility } from "./visibility";

interface Field {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

/** id, name and class of a select or input bound to a conform field. */
export function controlProps(field: Field, className: "form-select" | "form-control") {
  return {
    id: field.id,
    name: field.name,
    className: `${className}${field.errors?.length ? " is-invalid" : ""}`,
  };
}

/** Marks the control invalid for screen readers and points it at its errors. */
export function errorProps(field: Field) {
  const invalid = Boolean(field.errors?.length);
  return {
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
  };
}

/** One control of the living area form, with its label, visibility hint (if given) and errors. */
export function LocationColumn({
  field,
  label,
  labelTestId,
  visible,
  children,
}: {
  field: Field;
  label: string;
  labelTestId?: string;
  visible?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="col-md-4">
      <label htmlFor={field.id} className="form-label" data-testid={labelTestId}>
        {label}
      </label>
      {children}
      {visible !== undefined && <Visibility visible={visible} below />}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
