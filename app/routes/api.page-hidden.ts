import { data } from "react-router";
import { markTabHidden, parseTabId } from "~/domain/notifications/open-tabs.server";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/api.page-hidden";

/**
 * POST /api/page-hidden.php (a beacon with an empty JSON body): the page became
 * hidden, so pushes may reach the member again. `?tab=` names the tab (see api.events).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return data({ error: "method_not_allowed" }, { status: 405, headers: noStore });
  const { user } = context.get(requestInfoContext);
  if (!user) return authenticationRequired();
  await markTabHidden(user.id, parseTabId(new URL(request.url).searchParams.get("tab")));
  return new Response(null, { status: 204, headers: noStore });
}
