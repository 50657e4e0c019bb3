import { Form } from "react-router";

/** One action on one row of a staff list (move, switch off or on): a small form of its own. */
export function RowButton({
  id,
  intent,
  label,
  disabled = false,
}: {
  id: number;
  intent: string;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" className="d-inline">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className="btn btn-link btn-sm" disabled={disabled}>
        {label}
      </button>
    </Form>
  );
}
