import { data } from "react-router";
import { recordBounce } from "~/domain/landers/visits.server";
import { requestInfoContext } from "~/middleware/context";
import { readForm } from "~/middleware/request-body.server";
import type { Route } from "./+types/api.lander-bounce";

/** The bounce beacon of a lander opened with `?lb` (POST visit=<signed visit>): 204, or 404 for a bad visit. */
export async function action({ request, context }: Route.ActionArgs) {
  const { site } = context.get(requestInfoContext);
  // One short field: a larger body is not a beacon and is not read on.
  const form = await readForm(request, { maxBytes: 4096 }).catch(() => null);
  const token = form?.get("visit");
  if (typeof token !== "string" || !(await recordBounce(site.id, token))) {
    throw data(null, { status: 404 });
  }
  return new Response(null, { status: 204 });
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
