import { authenticationRequired } from "~/lib/api-responses.server";
import { requestInfoContext } from "~/lib/context";
import { chatEventStream } from "~/lib/realtime/event-stream.server";
import type { Route } from "./+types/api.events";

/**
 * GET /api/events: the member's Server-Sent Events stream (one per browser tab): new messages,
 * read states and the top bar's totals, replayed after Last-Event-ID on a reconnect.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { user, sessionId } = context.get(requestInfoContext);
  if (!user || !sessionId) return authenticationRequired();
  return chatEventStream(request, { userId: user.id, sessionId });
}
