import { Outlet, useLocation } from "react-router";
import { z } from "zod";
import { listConversations } from "~/domain/chat/conversations.server";
import { requestInfoContext } from "~/lib/context";
import { readCookie, WIDE_SCREEN_COOKIE } from "~/lib/cookies.server";
import { ChatRefresh } from "~/ui/chat/chat-refresh";
import { ConversationListPanel } from "~/ui/chat/conversation-list";
import { DeletedChatsProvider } from "~/ui/chat/deleted-chats";
import { useWideScreenCookie } from "~/ui/chat/use-wide-screen-cookie";
import { ChatLayout } from "~/ui/layouts/chat-layout";
import type { Route } from "./+types/_layout.chat";
import type { TranslationHandle } from "~/lib/i18n";

export const handle: TranslationHandle = { i18n: ["chat", "discounts", "likes", "search"] };

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

/**
 * The chat layout's conversation list (members only): always on /chats, where it is the page, with
 * `?page=` paging it; beside a conversation only for a window wide enough to show it there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  if (!user) return { member: false, list: null };
  const url = new URL(request.url);
  const onListPage = url.pathname === "/chats";
  if (!onListPage && readCookie(request, WIDE_SCREEN_COOKIE) !== "1") return { member: true, list: null };
  const page = onListPage ? pageSchema.parse(url.searchParams.get("page") ?? 1) : 1;
  return { member: true, list: await listConversations(user.id, page, site.chatHistoryDays) };
}

export default function ChatLayoutRoute({ loaderData }: Route.ComponentProps) {
  const { member, list } = loaderData;
  const { pathname } = useLocation();
  useWideScreenCookie(member && list === null);
  return (
    <DeletedChatsProvider>
      {member && <ChatRefresh />}
      <ChatLayout list={list && <ConversationListPanel list={list} />} listFillsPhone={pathname === "/chats"}>
        <Outlet />
      </ChatLayout>
    </DeletedChatsProvider>
  );
}
