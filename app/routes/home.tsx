import { useTranslation } from "~/ui/use-translation";
import { visitorAccess } from "~/middleware/visitor-access.server";
import { camTeasers } from "~/domain/landers/cam-feed.server";
import { resellOffer } from "~/domain/landers/resell.server";
import { newestMembers } from "~/domain/profiles/newest-members.server";
import { searchViewer } from "~/domain/search/search-viewer.server";
import { siteTexts } from "~/domain/sites/site-texts.server";
import { requestInfoContext } from "~/middleware/context";
import { getLocale } from "~/middleware/i18n.server";
import { CamTeasers } from "~/ui/landers/cam-teasers";
import { ResellOffer } from "~/ui/landers/resell-offer";
import { AppLink } from "~/ui/app-link";
import { MemberCard, MemberCardList } from "~/ui/member-card";
import type { Route } from "./+types/home";
import type { TranslationHandle } from "~/lib/i18n";

export const handle: TranslationHandle = { i18n: ["likes", "resell", "signup"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, user } = context.get(requestInfoContext);
  const access = user ? null : visitorAccess(site, request);
  const texts = siteTexts(site, getLocale(context));
  const hidden = user ? (await searchViewer(user.id)).hiddenUserIds : [];
  const [members, cams] = await Promise.all([newestMembers(site, hidden), camTeasers(site)]);
  return {
    signupOpen: access?.maySignUp ?? false,
    // Signup closed to this visitor: the partner offer instead, when the site resells.
    resell: access && !access.maySignUp ? resellOffer(site, access.tracking) : null,
    cams,
    title: texts.indexTitle,
    description: texts.description,
    siteName: site.name,
    members,
  };
}

// The description meta comes from the root layout (the site's description, on every page).
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { title, description, members, signupOpen, resell, cams } = loaderData;
  const steps = ["search", "like", "chat"] as const;
  return (
    <main>
      <section className="bg-primary text-white py-5">
        <div className="container">
          <h1 className="display-6 fw-bold">{title}</h1>
          <p className="lead mb-0">{description}</p>
          {signupOpen && (
            // Opens the signup modal on wide screens (ui/signup-modal's SignupLinks), as every signup link.
            <AppLink
              to="/signup"
              className="btn btn-on-primary btn-lg fw-semibold mt-3"
              data-testid="signup-cta"
            >
              {t("signup:cta")}
            </AppLink>
          )}
        </div>
      </section>
      {resell && (
        <div className="container pt-4">
          <ResellOffer offer={resell} />
        </div>
      )}
      <section className="container py-4">
        <h2 className="h4">{t("home.howItWorks")}</h2>
        <div className="row g-3">
          {steps.map((step, index) => (
            <div className="col-md-4" key={step}>
              <div className="card h-100">
                <div className="card-body">
                  <span className="badge bg-secondary mb-2">{index + 1}</span>
                  <h3 className="h5 card-title">{t(`home.steps.${step}.title`)}</h3>
                  <p className="card-text">{t(`home.steps.${step}.text`)}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>
      {members.length > 0 && (
        <section className="container pb-4">
          <h2 className="h4">{t("home.newMembers")}</h2>
          <MemberCardList testId="newest-members" members={members}>
            {members.map((member) => (
              <MemberCard key={member.id} member={member} />
            ))}
          </MemberCardList>
        </section>
      )}
      <CamTeasers teasers={cams} />
    </main>
  );
}
