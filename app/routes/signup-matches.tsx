import type { TranslationHandle } from "~/lib/i18n";
import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { requireUser } from "~/middleware/guards.server";
import { findSignupMatches } from "~/domain/accounts/signup-matches.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { MemberCard, MemberCardList } from "~/ui/member-card";
import { SignupProgress } from "~/ui/signup-progress";
import type { Route } from "./+types/signup-matches";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["likes", "signup"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site } = context.get(requestInfoContext);
  return {
    name: user.profile?.name ?? "",
    matches: await findSignupMatches(user.id, site.visibleProfileFields),
    title: getInstance(context).t("signup:matches.title"),
    siteName: site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function SignupMatchesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { name, matches } = loaderData;
  return (
    <main className="container py-4">
      <SignupProgress current={4} />
      <h1 className="h3 text-primary">{t("signup:matches.title")}</h1>
      {matches.length > 0 ? (
        <>
          <p>{t("signup:matches.intro", { name })}</p>
          <MemberCardList testId="signup-matches" members={matches}>
            {matches.map((match) => (
              <MemberCard key={match.id} member={match} />
            ))}
          </MemberCardList>
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
