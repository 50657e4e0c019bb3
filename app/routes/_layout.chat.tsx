import { Outlet, useLocation } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { z } from "zod";
import { listConversations } from "~/domain/chat/conversation-list.server";
import { messagesCreditsPayFor } from "~/domain/chat/message-price.server";
import { requestInfoContext } from "~/middleware/context";
import { ConversationListPanel } from "~/ui/chat/conversation-list";
import { DeletedChatsProvider } from "~/ui/chat/deleted-chats";
import { useListBeside } from "~/ui/chat/use-list-beside";
import { mountLater } from "~/ui/hydrate-later";
import { ChatLayout } from "~/ui/layouts/chat-layout";
import { RouteErrorPage } from "~/ui/error-page";
import type { Route } from "./+types/_layout.chat";
import type { TranslationHandle } from "~/lib/i18n";

// chat-extras: the whole chat area names gifts (the list's previews, a conversation, its pickers).
// The live stream and the timed refresh start in idle time: nothing on screen waits for them.
const ChatRefresh = mountLater(() => import("~/ui/chat/chat-refresh").then((m) => m.ChatRefresh));

export const handle: TranslationHandle = { i18n: ["chat", "chat-extras", "discounts"] };

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

/**
 * The chat layout's conversation list (members only) on /chats, where it is the page, with `?page=`
 * paging it, and how many messages the member's credits pay for (a conversation shows that at its
 * send form). Beside a conversation the page's script loads the list, in a window wide enough to
 * show it (decision 0028).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  if (!user) return { member: false, list: null, messagesPaidFor: null };
  const url = new URL(request.url);
  if (url.pathname !== "/chats") return { member: true, list: null, messagesPaidFor: null };
  const page = pageSchema.parse(url.searchParams.get("page") ?? 1);
  const [list, messagesPaidFor] = await Promise.all([
    listConversations(user.id, page, site.chatHistoryDays),
    messagesCreditsPayFor(user, site),
  ]);
  return { member: true, list, messagesPaidFor };
}

export default function ChatLayoutRoute({ loaderData }: Route.ComponentProps) {
  const { member, list, messagesPaidFor } = loaderData;
  const { pathname } = useLocation();
  const beside = useListBeside(member && list === null);
  const shown = list ?? beside;
  const panel = shown ? (
    <ConversationListPanel list={shown} messagesPaidFor={messagesPaidFor} />
  ) : shown === null ? (
    <ListLoading />
  ) : null;
  return (
    <DeletedChatsProvider>
      <ChatLayout list={panel} listFillsPhone={pathname === "/chats"}>
        {/* Inside the layout's element: a boundary that hydrates later must not sit in <body> itself. */}
        {member && <ChatRefresh />}
        <Outlet />
      </ChatLayout>
    </DeletedChatsProvider>
  );
}

/** The list's place while the page's script loads it. */
function ListLoading() {
  const { t } = useTranslation();
  return (
    <div className="p-3" aria-busy="true">
      <span className="visually-hidden">{t("chat:list.loading")}</span>
    </div>
  );
}

/**
 * The list itself failed (its loader threw): the error in the chat chrome, without a list. A
 * conversation's own error stays in its pane (chats.$id.tsx), beside the list.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ChatLayout list={null} listFillsPhone={false}>
      <RouteErrorPage error={error} as="div" />
    </ChatLayout>
  );
}
