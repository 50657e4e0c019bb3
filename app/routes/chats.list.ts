import { data } from "react-router";
import { listConversations } from "~/domain/chat/conversation-list.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/chats.list";

/**
 * GET /chats/list: the first page of the member's conversation list, which the chat layout's script
 * loads beside a conversation in a window wide enough to show it (decision 0028). Members only.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  if (!user) throw data(null, { status: 403 });
  return { list: await listConversations(user.id, 1, site.chatHistoryDays) };
}
