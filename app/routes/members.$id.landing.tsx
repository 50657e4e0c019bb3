import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { signupStepAction } from "~/routes/+shared/signup-action.server";
import { cleanSlug, MEMBER_LANDERS, type MemberLanderKind } from "~/domain/landers/designs";
import { landerEntry, landerSubmittedContext } from "~/routes/+shared/lander-entry.server";
import { loadMemberLander, memberLanderName } from "~/domain/landers/member-lander.server";
import { profileIdFrom } from "~/routes/+shared/profile-id.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { siteTexts } from "~/domain/sites/site-texts.server";
import { BounceBeacon } from "~/ui/landers/bounce-beacon";
import { CamTeasers } from "~/ui/landers/cam-teasers";
import { LanderSignup } from "~/ui/landers/lander-signup";
import { MemberLander } from "~/ui/landers/member-lander";
import type { Route } from "./+types/members.$id.landing";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = {
  i18n: ["accounts", "landers", "member", "profile", "resell", "signup"],
};

/**
 * Which member lander the URL is (/members/{id}/landing, landing2/{slug?}, landing3/{slug?},
 * signup), and its name for the visit and the account (e.g. "members/12/landing2/summer").
 */
function landerOf(request: Request, params: { id?: string; slug?: string }) {
  const profileId = profileIdFrom(params);
  const segment = new URL(request.url).pathname.split("/")[3];
  const kind = MEMBER_LANDERS.find((k) => k === segment);
  if (!kind) throw data(null, { status: 404 });
  const slug = kind === "landing2" || kind === "landing3" ? cleanSlug(params.slug) : null;
  return { profileId, kind: kind as MemberLanderKind, slug, name: memberLanderName(profileId, kind, slug) };
}

/** A lander around one visible member's public profile; members go to that profile instead. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lander = landerOf(request, params);
  const { site, user } = context.get(requestInfoContext);
  if (user) throw redirect(`/members/${lander.profileId}`);
  const profile = await loadMemberLander(site, lander.profileId);
  if (!profile) throw data(null, { status: 404 });
  const entry = await landerEntry(request, context, {
    lander: memberLanderName(lander.profileId, lander.kind, null),
    slug: lander.slug,
  });
  const { t } = getInstance(context);
  const fromChat = new URL(request.url).searchParams.get("reason") === "chat";
  return {
    kind: lander.kind,
    profile,
    entry,
    notice: fromChat ? t("member:visitor.chat") : null,
    fictional: {
      icon: site.fictionalIcon,
      warning: site.fictionalWarning,
      singular: siteTexts(site, getLocale(context)).fictionalSingular,
    },
    title: t("landers:member.chatWith", { name: profile.name }),
    siteName: site.name,
  };
}

/** Signs up and remembers the member: after activation the new member lands in their chat. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lander = landerOf(request, params);
  const { site, user } = context.get(requestInfoContext);
  if (user) throw redirect(`/members/${lander.profileId}`);
  if (!(await loadMemberLander(site, lander.profileId))) throw data(null, { status: 404 });
  context.set(landerSubmittedContext, true);
  return signupStepAction(request, context, { lander: lander.name, next: "/complete-signup" });
}

export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function MemberLanderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, profile, entry, notice, fictional } = loaderData;
  return (
    <>
      <MemberLander
        kind={kind}
        profile={profile}
        fictional={fictional}
        notice={notice}
        signup={<LanderSignup entry={entry} actionData={actionData} />}
      />
      <CamTeasers teasers={entry.teasers} />
      {entry.bounceToken && <BounceBeacon token={entry.bounceToken} />}
    </>
  );
}
