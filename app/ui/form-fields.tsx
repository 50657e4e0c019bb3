import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";

/** A labelled input with its errors, wired for screen readers; works the same with or without JS. */
export function TextField({
  label,
  inputProps,
  errors,
  errorId,
  help,
  inputRef,
}: {
  label: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { id: string };
  errors?: string[];
  errorId: string;
  help?: React.ReactNode;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <div className="mb-3">
      <label htmlFor={inputProps.id} className="form-label">
        {label}
      </label>
      <input
        {...inputProps}
        ref={inputRef}
        className={`form-control${invalid ? " is-invalid" : ""}`}
        aria-invalid={invalid || undefined}
      />
      {help && <div className="form-text">{help}</div>}
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {errors!.join(" ")}
        </div>
      )}
    </div>
  );
}

export function FormErrors({ errors, id }: { errors?: string[]; id: string }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="alert alert-danger" role="alert">
      {errors.map((error) => (
        <p key={error} className="mb-0">
          {error}
        </p>
      ))}
    </div>
  );
}

/**
 * Empties a password field after every answer from the server: the server never sends a typed
 * password back, and with JavaScript the browser should not keep showing it either.
 */
export function useClearedOnAnswer(answer: unknown) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (answer && ref.current) ref.current.value = "";
  }, [answer]);
  return ref;
}

/** A password input bound to a conform field. */
export function PasswordField({
  label,
  field,
  autoComplete,
  help,
  inputRef,
}: {
  label: string;
  field: FieldMetadata<string>;
  autoComplete: "current-password" | "new-password";
  help?: React.ReactNode;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  return (
    <TextField
      label={label}
      inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete }}
      errors={field.errors}
      errorId={field.errorId}
      help={help}
      inputRef={inputRef}
    />
  );
}
