import { Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import type { Route } from "./+types/account-deleted";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["accountDelete"] };

/** After deleting an account, and where a reactivation link that no longer works lands (?error=link). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = context.get(requestInfoContext);
  const linkError = new URL(request.url).searchParams.get("error") === "link";
  const { t } = getInstance(context);
  return {
    linkError,
    supportEmail: site.supportEmail,
    siteName: site.name,
    title: t(linkError ? "accountDelete:reactivateFailed.title" : "accountDelete:deleted.title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function AccountDeletedRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { linkError, supportEmail } = loaderData;
  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 text-primary">{loaderData.title}</h1>
      {linkError ? (
        <div className="alert alert-danger" role="alert" data-testid="reactivate-error">
          <p className="mb-1">{t("accountDelete:reactivateFailed.text")}</p>
          <p className="mb-0">
            {t("accountDelete:reactivateFailed.support")}{" "}
            <a href={`mailto:${supportEmail}`} className="alert-link">
              {supportEmail}
            </a>
          </p>
        </div>
      ) : (
        <>
          <p>{t("accountDelete:deleted.text")}</p>
          <p>{t("accountDelete:deleted.mail")}</p>
          <p>{t("accountDelete:deleted.goodbye")}</p>
        </>
      )}
      <Link to="/" className="btn btn-outline-primary">
        {t("accountDelete:deleted.home")}
      </Link>
    </main>
  );
}
