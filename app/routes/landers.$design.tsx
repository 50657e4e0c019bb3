import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { signupStepAction } from "~/routes/+shared/signup-action.server";
import { cleanSlug, isLanderName, landerTakesSlug } from "~/domain/landers/designs";
import { landerEntry, landerSubmittedContext } from "~/routes/+shared/lander-entry.server";
import { loadPromoLander } from "~/domain/landers/promo-lander.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { BounceBeacon } from "~/ui/landers/bounce-beacon";
import { CamTeasers } from "~/ui/landers/cam-teasers";
import { LanderSignup } from "~/ui/landers/lander-signup";
import { PromoLander } from "~/ui/landers/promo-lander";
import type { Route } from "./+types/landers.$design";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["accounts", "landers", "profile", "resell", "signup"] };

/** The lander and slug of the URL; an unknown lander is a 404, an unknown slug the default. */
function landerOf(params: Route.LoaderArgs["params"]) {
  const design = params.design;
  if (!isLanderName(design)) throw data(null, { status: 404 });
  const slug = landerTakesSlug(design) ? cleanSlug(params.slug) : null;
  return { design, slug, name: slug ? `${design}/${slug}` : design };
}

/** The promotional landers: /landers/{design}/{slug?}. Members go to the members area. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lander = landerOf(params);
  const { site, user, country } = context.get(requestInfoContext);
  if (user) throw redirect("/members");
  const [page, entry] = await Promise.all([
    loadPromoLander(site, country, lander.design, lander.slug),
    landerEntry(request, context, { lander: lander.design, slug: lander.slug }),
  ]);
  const { t } = getInstance(context);
  return {
    page,
    entry,
    fictionalIcon: site.fictionalIcon,
    minAge: site.minAge,
    title: t(`landers:${lander.design}.metaTitle`),
    siteName: site.name,
  };
}

/** The lander's own signup: the account remembers this lander (and the campaign of the URL). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lander = landerOf(params);
  if (context.get(requestInfoContext).user) throw redirect("/members");
  context.set(landerSubmittedContext, true);
  return signupStepAction(request, context, { lander: lander.name });
}

// The page's members do not change by signing up; a refused form must not count as a new visit.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function PromoLanderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { page, entry, fictionalIcon, minAge } = loaderData;
  return (
    <>
      <PromoLander
        lander={page}
        fictionalIcon={fictionalIcon}
        minAge={minAge}
        submitted={Boolean(actionData)}
        signup={<LanderSignup entry={entry} actionData={actionData} />}
      />
      <CamTeasers teasers={entry.teasers} />
      {entry.bounceToken && <BounceBeacon token={entry.bounceToken} />}
    </>
  );
}
