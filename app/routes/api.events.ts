import { data } from "react-router";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { requestInfoContext } from "~/middleware/context";
import { chatEventStream } from "~/realtime/event-stream.server";
import type { Route } from "./+types/api.events";

/**
 * GET /api/events: the member's Server-Sent Events stream (one per browser tab): new messages,
 * read states and the top bar's totals, replayed after Last-Event-ID on a reconnect.
 * Only GET: a HEAD answer has no body to close, so its stream (and the member's open-tab row, which
 * holds their mail back) would run on unread.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (request.method !== "GET") {
    return data({ error: "method_not_allowed" }, { status: 405, headers: { ...noStore, Allow: "GET" } });
  }
  const { user, sessionId } = context.get(requestInfoContext);
  if (!user || !sessionId) return authenticationRequired();
  return chatEventStream(request, { userId: user.id, sessionId });
}
