import { useTranslation } from "~/ui/use-translation";
import { redirect } from "react-router";
import { loginPath } from "~/domain/profiles/login-path";
import { requestInfoContext } from "~/lib/context";
import { getInstance } from "~/middleware/i18n.server";
import { ConversationListPanel } from "~/ui/chat/conversation-list";
import { useConversationList } from "~/ui/chat/use-conversation-list";
import type { Route } from "./+types/chats";

/** /chats: the member's conversations (the layout loads the list). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  if (!user) throw redirect(loginPath(new URL(request.url).pathname, "chat"));
  return { title: getInstance(context).t("chat:title"), siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title} | ${data?.siteName}` }];

/** Below 992 px the list fills the page (the layout's aside is hidden there); wider, it sits beside. */
export default function ChatsRoute() {
  const { t } = useTranslation();
  const list = useConversationList();
  return (
    <>
      <h1 className="visually-hidden">{t("chat:title")}</h1>
      <div className="d-lg-none" data-testid="chat-list-page">
        {list && <ConversationListPanel list={list} />}
      </div>
      <p className="d-none d-lg-block text-center text-body-secondary my-auto">{t("chat:list.choose")}</p>
    </>
  );
}
