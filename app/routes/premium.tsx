import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import type { Route } from "./+types/premium";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";
import { staticPageRules } from "~/routes/+shared/static-page-rules";

export const handle: TranslationHandle = { i18n: ["payments"] };

/**
 * /premium: what Premium gives (from the first purchase, for as long as not all its money went
 * back) and the way to /credits.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { site, user } = context.get(requestInfoContext);
  return {
    paidUser: user?.paidUser ?? false,
    // The safety limits Premium's conversations still have, named in the benefits.
    limits: {
      conversationsPerHour: site.newConversationsPerHour,
      conversationsPerDay: site.newConversationsPerDay,
      ...staticPageRules,
    },
    loggedIn: user !== null,
    title: getInstance(context).t("payments:premium.title"),
    siteName: site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function PremiumRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const benefits = t("payments:premium.benefits", {
    returnObjects: true,
    ...loaderData.limits,
  }) as string[];
  return (
    <main className="container py-4" style={{ maxWidth: 720 }} data-testid="premium-page">
      <h1 className="h3">{t("payments:premium.title")}</h1>
      {loaderData.paidUser ? (
        <p className="alert alert-success" data-testid="premium-already">
          {t("payments:premium.already")}
        </p>
      ) : (
        <p className="lead">{t("payments:premium.intro")}</p>
      )}
      <ul className="list-group list-group-flush mb-4">
        {benefits.map((benefit) => (
          <li key={benefit} className="list-group-item">
            {benefit}
          </li>
        ))}
      </ul>
      <Link
        to={loaderData.loggedIn ? "/credits" : "/signup"}
        className="btn btn-primary btn-lg"
        data-testid="premium-cta"
      >
        {loaderData.loggedIn ? t("payments:premium.buy") : t("payments:premium.signup")}
      </Link>
    </main>
  );
}
