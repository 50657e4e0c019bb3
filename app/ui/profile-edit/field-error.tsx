/** The errors of one field, under it; `id` is what the control's aria-describedby points at. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {errors.join(" ")}
    </div>
  );
}
