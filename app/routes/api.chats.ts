import { data } from "react-router";
import { z } from "zod";
import { listConversations } from "~/domain/chat/conversation-list.server";
import { memberCounts } from "~/domain/accounts/member-counts.server";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/api.chats";

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

/**
 * GET /api/chats.php: the member's chat overview items (`conversation.id`,
 * `profile.id`, `num_unread_messages`), newest first, 24 a page (`?page=`), with the chat summary.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  if (!user) return authenticationRequired();
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const [list, counts] = await Promise.all([
    listConversations(user.id, page, site.chatHistoryDays),
    memberCounts(user.id),
  ]);
  const chats = list.items.map((item) => ({
    conversation: { id: item.conversationId, last_message_at: item.lastMessageAt },
    profile: {
      id: item.partner.profileId,
      name: item.partner.name,
      main_image: item.partner.mainPhotoId === null ? null : { id: item.partner.mainPhotoId },
    },
    num_unread_messages: item.unreadCount,
    last_message: item.lastMessage,
  }));
  const summary = {
    num_chats: list.total,
    num_unread_messages: counts.unreadMessages,
    num_new_likes: counts.newLikes,
  };
  return data({ chats, page: list.page, num_pages: list.pageCount, summary }, { headers: noStore });
}
