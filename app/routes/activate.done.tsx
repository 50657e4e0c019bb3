import type { TranslationHandle } from "~/lib/i18n";
import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { requestInfoContext } from "~/middleware/context";
import { loginPath } from "~/middleware/login-path";
import { getInstance } from "~/middleware/i18n.server";
import type { Route } from "./+types/activate.done";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["signup"] };

// Public: the page only says the account was activated (the /activate link did the work). A link
// opened a second time logs no one in: a visitor is offered the login instead of the search.
export function loader({ context }: Route.LoaderArgs) {
  const { site, user } = context.get(requestInfoContext);
  return {
    title: getInstance(context).t("signup:activate.doneTitle"),
    siteName: site.name,
    loggedIn: user !== null,
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function ActivateDoneRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-primary">{t("signup:activate.doneTitle")}</h1>
      <p>{t("signup:activate.doneText")}</p>
      {loaderData.loggedIn ? (
        <Link to="/members" className="btn btn-primary">
          {t("signup:activate.doneCta")}
        </Link>
      ) : (
        <Link to={loginPath("/members")} className="btn btn-primary">
          {t("signup:activate.doneLogin")}
        </Link>
      )}
    </main>
  );
}
