import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { requestInfoContext } from "~/lib/context";
import { getInstance } from "~/middleware/i18n.server";
import type { Route } from "./+types/activate.done";

// Public: the page only says the account was activated (the /activate link did the work).
export function loader({ context }: Route.LoaderArgs) {
  return {
    title: getInstance(context).t("signup:activate.doneTitle"),
    siteName: context.get(requestInfoContext).site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title} | ${data?.siteName}` }];

export default function ActivateDoneRoute() {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-primary">{t("signup:activate.doneTitle")}</h1>
      <p>{t("signup:activate.doneText")}</p>
      <Link to="/members" className="btn btn-primary">
        {t("signup:activate.doneCta")}
      </Link>
    </main>
  );
}
