import { Outlet, useLocation } from "react-router";
import { z } from "zod";
import { listConversations } from "~/domain/chat/conversations.server";
import { requestInfoContext } from "~/lib/context";
import { ChatRefresh } from "~/ui/chat/chat-refresh";
import { ConversationListPanel } from "~/ui/chat/conversation-list";
import { DeletedChatsProvider } from "~/ui/chat/deleted-chats";
import { ChatLayout } from "~/ui/layouts/chat-layout";
import type { Route } from "./+types/_layout.chat";
import type { TranslationHandle } from "~/lib/i18n";

export const handle: TranslationHandle = { i18n: ["chat", "discounts", "likes", "search"] };

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

/** The chat layout's conversation list (members only); `?page=` pages it on /chats. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  if (!user) return { list: null };
  const url = new URL(request.url);
  const page = url.pathname === "/chats" ? pageSchema.parse(url.searchParams.get("page") ?? 1) : 1;
  return { list: await listConversations(user.id, page, site.chatHistoryDays) };
}

export default function ChatLayoutRoute({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const { pathname } = useLocation();
  return (
    <DeletedChatsProvider>
      {list && <ChatRefresh />}
      <ChatLayout list={list && <ConversationListPanel list={list} />} listFillsPhone={pathname === "/chats"}>
        <Outlet />
      </ChatLayout>
    </DeletedChatsProvider>
  );
}
