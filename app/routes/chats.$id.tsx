import { data } from "react-router";
import { loadChatExtras } from "~/domain/chat/chat-extras.server";
import { loadConversation } from "~/domain/chat/conversation-page.server";
import { loginRedirect } from "~/middleware/guards.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { ConversationPane } from "~/ui/chat/conversation-pane";
import { chatAction, conversationIdFrom } from "./+chat/chat-action.server";
import { chatExtrasShown } from "./+chat/extras.server";
import { RouteErrorPage } from "~/ui/error-page";
import type { Route } from "./+types/chats.$id";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";
import { answerOrNoAnswer, isNoAnswer } from "~/ui/send-retries";

export const handle: TranslationHandle = { i18n: ["complaints", "member"] };

const beforeSchema = rowIdSchema.optional().catch(undefined);

/** /chats/{id}: one conversation for one of its two members; anyone else gets 404. Opening it reads it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  const url = new URL(request.url);
  if (!user) throw loginRedirect(request, { back: url.pathname, reason: "chat" });
  const conversationId = conversationIdFrom(params);
  const before = beforeSchema.parse(url.searchParams.get("before") ?? undefined);
  // The extras depend on the member alone: read beside the conversation rather than after it.
  const [view, extras] = await Promise.all([
    loadConversation({ viewer: user, conversationId, chatHistoryDays: site.chatHistoryDays, before }),
    loadChatExtras(user, site, chatExtrasShown(url, site.messageLength)),
  ]);
  if (!view) throw data(null, { status: 404 });
  const { gate } = view;
  return {
    view,
    extras,
    gate: gate === "notFound" ? ("unavailable" as const) : gate,
    paged: before !== undefined,
    maxLength: site.messageLength,
    historyDays: site.chatHistoryDays,
    title: view.partner.name ?? getInstance(context).t("chat:title"),
    siteName: site.name,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, site } = context.get(requestInfoContext);
  if (!user) throw loginRedirect(request, { back: new URL(request.url).pathname, reason: "chat" });
  return chatAction(request, user, site, { conversationId: conversationIdFrom(params) });
}

/** With JavaScript a text that got no answer is sent again (app/ui/send-retries.ts). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrNoAnswer(args);

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function ChatRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  return (
    <ConversationPane
      key={view.conversationId}
      partner={view.partner}
      conversationId={view.conversationId}
      messages={view.messages}
      olderBefore={view.olderBefore}
      paged={loaderData.paged}
      historyHidden={view.historyHidden}
      historyDays={loaderData.historyDays}
      gate={loaderData.gate}
      maxLength={loaderData.maxLength}
      action={`/chats/${view.conversationId}`}
      actionData={isNoAnswer(actionData) ? undefined : actionData}
      extras={loaderData.extras}
      target={{ conversationId: view.conversationId }}
    />
  );
}

/** A conversation that fails shows its error in the pane: the list beside it stays usable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} as="div" />;
}
