import { useTranslation } from "~/ui/use-translation";
import { loginRedirect } from "~/middleware/guards.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import type { Route } from "./+types/chats";
import { titleMeta } from "~/ui/page-title";

/** /chats: the member's conversations (the layout loads the list). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site } = context.get(requestInfoContext);
  if (!user) throw loginRedirect(request, { back: new URL(request.url).pathname, reason: "chat" });
  return { title: getInstance(context).t("chat:title"), siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

/** The layout's list fills the page below 992 px; wider, it sits beside this prompt. */
export default function ChatsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="visually-hidden">{t("chat:title")}</h1>
      <p className="d-none d-lg-block text-center text-body-secondary my-auto">{t("chat:list.choose")}</p>
    </>
  );
}
