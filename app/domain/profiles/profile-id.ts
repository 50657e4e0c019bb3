import { data } from "react-router";
import { rowIdSchema } from "~/lib/row-id";

/** A profile id from a URL segment, or null when it cannot be one. */
export function parseProfileId(value: string | undefined): number | null {
  const parsed = rowIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The profile id of a URL (`/members/{id}` and the routes below it); anything else is a 404. */
export function profileIdFrom(params: { id?: string }): number {
  const id = parseProfileId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return id;
}
