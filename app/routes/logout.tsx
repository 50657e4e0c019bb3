import { Form, Link, redirect } from "react-router";
import { endSession } from "~/middleware/session.server";
import { requestInfoContext } from "~/middleware/context";
import type { TranslationHandle } from "~/lib/i18n";
import { comesFromOwnPage } from "~/lib/same-origin.server";
import { getInstance } from "~/middleware/i18n.server";
import { useTranslation } from "~/ui/use-translation";
import type { Route } from "./+types/logout";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["accounts"] };

async function logout(request: Request) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}

/** POST /logout (the account menu's form, and the button below) ends the session. */
export const action = ({ request }: Route.ActionArgs) => logout(request);

/**
 * GET /api/logout.php (the front end's logout call, also after a forced logout) and GET /logout end
 * the session only when asked from one of our own pages: another site's link or image would
 * otherwise log members out. Asked from elsewhere, a member gets a page with a logout button.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessionId, site } = context.get(requestInfoContext);
  if (!sessionId || comesFromOwnPage(request)) return logout(request);
  return { title: getInstance(context).t("accounts:logout.title"), siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function LogoutRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-primary">{loaderData.title}</h1>
      <p>{t("accounts:logout.text")}</p>
      <Form method="post" action="/logout" className="d-flex gap-2 flex-wrap">
        <button type="submit" className="btn btn-primary">
          {t("accounts:logout.button")}
        </button>
        <Link to="/" className="btn btn-outline-primary">
          {t("accounts:logout.stay")}
        </Link>
      </Form>
    </main>
  );
}
