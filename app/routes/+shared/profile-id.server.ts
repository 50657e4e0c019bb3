import { data } from "react-router";
import { parseProfileId } from "~/domain/profiles/profile-id";

/** The profile id of a URL (`/members/{id}` and the routes below it); anything else is a 404. */
export function profileIdFrom(params: { id?: string }): number {
  const id = parseProfileId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return id;
}
