import { data } from "react-router";
import { z } from "zod";
import { loginRedirect, requireSearchAccess, requireUser } from "~/middleware/guards.server";
import { blockIntent, unblockIntent } from "~/routes/+members/profile-view-intents.server";
import { clearNewLike, mayClearNewLike } from "~/domain/likes/new-likes.server";
import { parseProfileId } from "~/domain/profiles/profile-id";
import { profileIdFrom } from "~/routes/+shared/profile-id.server";
import { loadProfileView } from "~/domain/profiles/profile-view.server";
import { visitorAccess } from "~/middleware/visitor-access.server";
import { siteTexts } from "~/domain/sites/site-texts.server";
import { requestInfoContext } from "~/middleware/context";
import { getLocale } from "~/middleware/i18n.server";
import { Actions } from "~/ui/profile-view/actions";
import { BlockedNotice } from "~/ui/profile-view/blocked-notice";
import { Details } from "~/ui/profile-view/details";
import { FictionalWarning } from "~/ui/profile-view/fictional-warning";
import { Gallery } from "~/ui/profile-view/gallery";
import { Heading } from "~/ui/profile-view/heading";
import { OwnNotice } from "~/ui/profile-view/own-notice";
import { StaffOnlyNotice } from "~/ui/profile-view/staff-only-notice";
import { Related } from "~/ui/profile-view/related";
import type { Route } from "./+types/members.$id";
import { readFields } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { pageTitle } from "~/ui/page-title";
import { isStaff } from "~/domain/core/staff-roles";

export const handle: TranslationHandle = { i18n: ["likes", "member", "profile"] };

const actionSchema = z.object({
  intent: z.enum(["block", "unblock"]),
  confirm: z.literal("1").optional(),
});

/**
 * Opening the profile of someone who liked you is seeing their like. Middleware runs
 * before every loader, so the top bar's new-likes count on this very page already leaves it out:
 * totals read with the session before the like was cleared are dropped, and the root loader reads them.
 * When those totals show no new like from this profile, there is none the member could see, and
 * nothing to clear.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, context }) => {
    const info = context.get(requestInfoContext);
    const profileId = parseProfileId(params.id);
    if (!info.user || profileId === null) return;
    if (!mayClearNewLike(info.memberCounts, info.newLikers, profileId)) return;
    if (await clearNewLike(info.user.id, profileId)) {
      context.set(requestInfoContext, { ...info, memberCounts: null, newLikers: null });
    }
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { site } = context.get(requestInfoContext);
  // Visitors only as the site's logged-out search settings allow; otherwise log in first.
  const user = requireSearchAccess(context, request);
  const { trafficSource } = visitorAccess(site, request);
  const profileId = profileIdFrom(params);
  const result = await loadProfileView({
    profileId,
    site,
    trafficSource,
    viewer: user
      ? {
          userId: user.id,
          profileId: user.profile?.id ?? null,
          paidUser: user.paidUser,
          staff: isStaff(user.role),
        }
      : null,
  });
  if (result.kind === "login") {
    throw loginRedirect(request);
  }
  if (result.kind === "notFound") throw data(null, { status: 404 });
  const common = {
    siteName: site.name,
    path: new URL(request.url).pathname,
    viewer: user ? ("member" as const) : ("visitor" as const),
  };
  if (result.kind === "blocked") {
    // No profile for either side of a block: the page says so (403), with the way to lift one's own block.
    return data({ ...common, view: result }, { status: 403 });
  }
  return {
    ...common,
    view: result,
    ownInvisible: result.own && (user?.invisible ?? false),
    fictional: {
      icon: site.fictionalIcon,
      warning: site.fictionalWarning,
      singular: siteTexts(site, getLocale(context)).fictionalSingular,
    },
  };
}

/** Block (asked for confirmation first) or lift one's own block; the `intent` field says which. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const profileId = profileIdFrom(params);
  const parsed = actionSchema.safeParse(await readFields(request));
  if (!parsed.success) throw data(null, { status: 400 });
  const args = { userId: user.id, profileId, pathname: new URL(request.url).pathname };
  switch (parsed.data.intent) {
    case "block":
      return blockIntent(args, parsed.data.confirm === "1");
    case "unblock":
      return unblockIntent(args);
  }
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const name = data.view.kind === "profile" ? data.view.profile.name : data.view.name;
  return [
    { title: name ? pageTitle(name, data.siteName) : data.siteName },
    { name: "robots", content: "noindex" },
  ];
};

export default function MemberRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { view, viewer, path } = loaderData;
  if (view.kind === "blocked") return <BlockedNotice view={view} />;
  const { profile, own, related } = view;
  const showFictional = "fictional" in loaderData && profile.isFictional;
  return (
    <main className="container py-4" data-testid="profile-view">
      {own && <OwnNotice invisible={"ownInvisible" in loaderData && loaderData.ownInvisible} />}
      {view.staffOnly && <StaffOnlyNotice />}
      <div className="row g-4">
        <div className="col-md-5">
          <Gallery
            name={profile.name}
            photos={profile.photos}
            photoCount={profile.photoCount}
            lockedPhotos={profile.lockedPhotos}
            viewer={viewer}
            path={path}
          />
        </div>
        <div className="col-md-7">
          <Heading profile={profile} fictionalIcon={showFictional && loaderData.fictional.icon} />
          {showFictional && loaderData.fictional.warning && (
            <FictionalWarning singular={loaderData.fictional.singular} />
          )}
          {!own && !view.staffOnly && (
            <Actions
              profileId={profile.id}
              name={profile.name}
              likes={view.likes}
              viewer={viewer}
              path={path}
              confirmBlock={Boolean(actionData && "confirmBlock" in actionData)}
            />
          )}
          <Details profile={profile} />
        </div>
      </div>
      {related.length > 0 && <Related related={related} />}
    </main>
  );
}
