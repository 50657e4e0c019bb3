import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "~/domain/accounts/guards.server";
import { findSignupMatches } from "~/domain/accounts/signup-matches.server";
import { requestInfoContext } from "~/lib/context";
import { getInstance } from "~/lib/i18n.server";
import type { Route } from "./+types/signup-matches";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return {
    name: user.profile?.name ?? "",
    matches: await findSignupMatches(user.id),
    title: getInstance(context).t("signup:matches.title"),
    siteName: context.get(requestInfoContext).site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title} | ${data?.siteName}` }];

export default function SignupMatchesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { name, matches } = loaderData;
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("signup:matches.title")}</h1>
      {matches.length > 0 ? (
        <>
          <p>{t("signup:matches.intro", { name })}</p>
          <ul className="row g-3 list-unstyled" data-testid="signup-matches">
            {matches.map((match) => (
              <li className="col-6 col-sm-4 col-md-3 col-lg-2" key={match.id}>
                <div className="card member-card h-100">
                  <img
                    src={`/photos/${match.mainPhotoId}/thumb`}
                    alt={t("home.photoOf", { name: match.name })}
                    className="card-img-top"
                    width={120}
                    height={150}
                    loading="lazy"
                  />
                  <div className="card-body p-2">
                    <p className="card-title fw-semibold mb-0 text-truncate">
                      {t("member.nameAge", { name: match.name, age: match.age })}
                    </p>
                    <p className="card-text small text-body-secondary text-truncate">
                      {match.city ?? match.region}
                    </p>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t("signup:matches.none")}</p>
      )}
      <Link to="/complete-signup" className="btn btn-primary btn-lg mt-2">
        {t("signup:matches.continue")}
      </Link>
    </main>
  );
}
