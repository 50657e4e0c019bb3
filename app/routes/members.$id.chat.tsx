import { data, redirect } from "react-router";
import { loadChatExtras } from "~/domain/chat/chat-extras.server";
import { conversationWith, newChatGate, profileOwner } from "~/domain/chat/chat-gate.server";
import { partnersById } from "~/domain/chat/partner.server";
import { loginRedirect } from "~/middleware/guards.server";
import { profileIdFrom } from "~/routes/+shared/profile-id.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { ConversationPane } from "~/ui/chat/conversation-pane";
import { chatAction } from "./+chat/chat-action.server";
import { carriedChatQuery, chatExtrasShown } from "./+chat/extras.server";
import type { Route } from "./+types/members.$id.chat";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";
import { answerOrNoAnswer, isNoAnswer } from "~/ui/send-retries";

export const handle: TranslationHandle = { i18n: ["complaints", "member"] };

function visitorLander(request: Request, profileId: number) {
  const query = new URL(request.url).searchParams;
  query.set("reason", "chat");
  return `/members/${profileId}/landing?${query.toString()}`;
}

/**
 * /members/{id}/chat: the conversation with that member. An existing one opens at /chats/{id} (with
 * an open picker and the extras' outcomes carried over: carriedChatQuery);
 * otherwise an empty conversation whose first message creates it. Visitors go to the member's
 * lander, which says they must be logged in to chat (keeping the URL's tracking data).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  const profileId = profileIdFrom(params);
  const path = new URL(request.url).pathname;
  const common = { siteName: site.name, title: getInstance(context).t("chat:title") };
  if (!user) throw redirect(visitorLander(request, profileId));
  const otherUserId = await profileOwner(profileId, user.id);
  if (otherUserId === null) throw data(null, { status: 404 });
  const existing = await conversationWith(user.id, otherUserId);
  // The profile's gift button asks for the picker open (?gifts=1): the conversation opens with it.
  if (existing !== null) throw redirect(`/chats/${existing}${carriedChatQuery(request.url)}`);
  const gate = await newChatGate(user, otherUserId);
  // As on the profile: nothing of an invisible, disabled or unconfirmed member, and a block (either
  // way) is explained on the profile page, which offers to lift one's own block.
  if (gate === "notFound" || gate === "unavailable" || gate === "recipientUnconfirmed") {
    throw data(null, { status: 404 });
  }
  if (gate === "blocked") throw redirect(`/members/${profileId}`);
  const partner = (await partnersById([otherUserId])).get(otherUserId)!;
  return {
    ...common,
    kind: "new" as const,
    path,
    partner,
    gate,
    extras: await loadChatExtras(user, site, chatExtrasShown(request.url, site.messageLength)),
    profileId,
    maxLength: site.messageLength,
    historyDays: site.chatHistoryDays,
    title: partner.name ?? common.title,
  };
}

/** The first message: creates the conversation and continues at /chats/{id}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, site } = context.get(requestInfoContext);
  const profileId = profileIdFrom(params);
  if (!user) throw loginRedirect(request, { back: new URL(request.url).pathname, reason: "chat" });
  return chatAction(request, user, site, { profileId });
}

/** With JavaScript a first message that got no answer is sent again (app/ui/send-retries.ts). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrNoAnswer(args);

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function MemberChatRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConversationPane
      partner={loaderData.partner}
      conversationId={null}
      messages={[]}
      olderBefore={null}
      paged={false}
      historyHidden={false}
      historyDays={loaderData.historyDays}
      gate={loaderData.gate}
      maxLength={loaderData.maxLength}
      action={loaderData.path}
      actionData={isNoAnswer(actionData) ? undefined : actionData}
      extras={loaderData.extras}
      target={{ profileId: loaderData.profileId }}
    />
  );
}
