import { Trans } from "~/ui/trans";
import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { SupportMailLink } from "~/ui/signup-notices";
import type { Route } from "./+types/activate.error";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["signup"] };

// Public: "Activeren mislukt" plus a prompt to contact support (docs/product.md, Accounts).
export function loader({ context }: Route.LoaderArgs) {
  const { site, user } = context.get(requestInfoContext);
  return {
    supportEmail: site.supportEmail,
    canResend: user?.status === "not_confirmed",
    title: getInstance(context).t("signup:activate.errorTitle"),
    siteName: site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function ActivateErrorRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { supportEmail, canResend } = loaderData;
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-danger">{t("signup:activate.errorTitle")}</h1>
      <p>{t("signup:activate.errorText")}</p>
      {canResend && (
        <p>
          <Link to="/complete-signup" className="btn btn-primary">
            {t("signup:activate.errorResend")}
          </Link>
        </p>
      )}
      <p data-testid="activate-support">
        <Trans
          i18nKey="signup:activate.errorSupport"
          values={{ supportEmail }}
          components={{ mail: <SupportMailLink email={supportEmail} /> }}
        />
      </p>
    </main>
  );
}
