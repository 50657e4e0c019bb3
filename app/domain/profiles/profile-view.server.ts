import { likesBetween, withLikedState } from "~/domain/likes/liked-state.server";
import { loggedOutSearchAllowed } from "~/domain/search/access";
import type { Site } from "~/domain/sites/site.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { ageOn } from "./age";
import { relatedProfiles, type RelatedProfile } from "./related.server";

/** Who looks at a profile: a visitor (null) or a logged-in member. */
export interface Viewer {
  userId: number;
  /** The viewer's own profile, if any. */
  profileId: number | null;
  /** Premium (paid) members see private photos too. */
  paidUser: boolean;
}

/** The profile fields with a value set, in the order the profile view lists them. */
export const DETAIL_FIELDS = [
  "gender",
  "sexuality",
  "relationshipStatus",
  "hairColor",
  "eyeColor",
  "bodyType",
  "tattoos",
  "reason",
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

/** The site setting `visible_profile_fields` names fields in snake case. */
const SETTING_NAME: Record<DetailField, string> = {
  gender: "gender",
  sexuality: "sexuality",
  relationshipStatus: "relationship_status",
  hairColor: "hair_color",
  eyeColor: "eye_color",
  bodyType: "body_type",
  tattoos: "tattoos",
  reason: "reason",
};

/** A photo the viewer may see, served by /photos/{id}/large and /photos/{id}/thumb. */
export interface VisiblePhoto {
  id: number;
  width: number;
  height: number;
  isPrivate: boolean;
}

export interface ProfileView {
  id: number;
  name: string;
  /** Null when the site hides the field (`visible_profile_fields`). */
  age: number | null;
  city: string | null;
  region: string | null;
  country: string;
  /** The free text, shown only when the site's `visible_profile_notes` is on. */
  aboutMe: string | null;
  fields: { field: DetailField; value: string }[];
  /** Interest codes, or null when the site hides interests. */
  interests: string[] | null;
  isFictional: boolean;
  /** Active photos, public and private. */
  photoCount: number;
  photos: VisiblePhoto[];
  /** Active private photos the viewer may not see (shown as one locked tile). */
  lockedPhotos: number;
}

export type ProfileViewResult =
  /** Missing, disabled, of a deleted or unconfirmed account, invisible, or of another site. */
  | { kind: "notFound" }
  /** A visitor whom the site's logged-out search settings do not let in. */
  | { kind: "login" }
  /**
   * A block between the two: no profile. `byViewer`: the viewer blocked the owner (and may unblock);
   * `byOwner`: the owner blocked the viewer. Both can be true.
   */
  | { kind: "blocked"; profileId: number; name: string | null; byViewer: boolean; byOwner: boolean }
  | {
      kind: "profile";
      own: boolean;
      profile: ProfileView;
      related: RelatedProfile[];
      /** Between a member viewer and the owner (null for visitors and the owner). */
      likes: Awaited<ReturnType<typeof likesBetween>> | null;
    };

const profileSelect = {
  id: true,
  userId: true,
  name: true,
  gender: true,
  dateOfBirth: true,
  country: true,
  region: true,
  city: true,
  aboutMe: true,
  reason: true,
  sexuality: true,
  tattoos: true,
  hairColor: true,
  eyeColor: true,
  bodyType: true,
  relationshipStatus: true,
  status: true,
  isFictional: true,
  mainPhotoId: true,
  user: { select: { siteId: true, status: true, invisible: true } },
  interests: { select: { interestCode: true }, orderBy: { interest: { sortOrder: "asc" } } },
  photos: {
    where: { status: "active" },
    select: { id: true, width: true, height: true, visibility: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.ProfileSelect;

async function blocksBetween(viewerUserId: number, ownerUserId: number) {
  const blocks = await db().block.findMany({
    where: {
      OR: [
        { blockerId: viewerUserId, blockedId: ownerUserId },
        { blockerId: ownerUserId, blockedId: viewerUserId },
      ],
    },
    select: { blockerId: true },
  });
  return {
    byViewer: blocks.some((b) => b.blockerId === viewerUserId),
    byOwner: blocks.some((b) => b.blockerId === ownerUserId),
  };
}

/**
 * Decides what a viewer gets at /members/{id}: the profile (with only the fields the site shows,
 * the photos the viewer may see and related profiles), a blocked notice, a login prompt, or nothing.
 * The owner always sees their own profile (also while invisible or not yet confirmed).
 */
export async function loadProfileView({
  profileId,
  site,
  viewer,
  trafficSource,
}: {
  profileId: number;
  site: Site;
  viewer: Viewer | null;
  trafficSource: boolean;
}): Promise<ProfileViewResult> {
  if (!viewer && !loggedOutSearchAllowed(site, trafficSource)) return { kind: "login" };
  const row = await db().profile.findUnique({ where: { id: profileId }, select: profileSelect });
  if (!row || row.user.siteId !== site.id || row.user.status === "deleted") return { kind: "notFound" };
  const own = viewer !== null && viewer.userId === row.userId;
  const blocks = viewer && !own ? await blocksBetween(viewer.userId, row.userId) : null;
  const blocked = (name: string | null) =>
    ({ kind: "blocked", profileId: row.id, name, byViewer: false, byOwner: false, ...blocks }) as const;
  // Whoever blocked someone can always find the profile again to lift the block.
  if (blocks?.byViewer) return blocked(row.name);
  const hidden = row.status !== "active" || row.user.status !== "confirmed" || row.user.invisible;
  if (!own && hidden) return { kind: "notFound" };
  // Whoever was blocked learns nothing about the profile, not even its name.
  if (blocks?.byOwner) return blocked(null);

  const visible = new Set(site.visibleProfileFields);
  const fields = DETAIL_FIELDS.flatMap((field) => {
    const value = row[field];
    return visible.has(SETTING_NAME[field]) && value !== null ? [{ field, value: String(value) }] : [];
  });
  const seesPrivate = own || (viewer?.paidUser ?? false);
  // The main photo first, then the others in upload order.
  const active = [...row.photos].sort(
    (a, b) => Number(b.id === row.mainPhotoId) - Number(a.id === row.mainPhotoId),
  );
  const photos = active
    .filter((photo) => photo.visibility === "public" || seesPrivate)
    .map(({ id, width, height, visibility }) => ({ id, width, height, isPrivate: visibility === "private" }));

  const profile: ProfileView = {
    id: row.id,
    name: row.name,
    age: visible.has("age") ? ageOn(row.dateOfBirth) : null,
    city: visible.has("city") ? row.city : null,
    region: visible.has("region") ? row.region : null,
    country: row.country,
    aboutMe: site.visibleProfileNotes && row.aboutMe.trim() !== "" ? row.aboutMe : null,
    fields,
    interests: visible.has("interests") ? row.interests.map((i) => i.interestCode) : null,
    isFictional: row.isFictional,
    photoCount: active.length,
    photos,
    lockedPhotos: active.length - photos.length,
  };
  const likes = viewer && !own ? await likesBetween(viewer.userId, row.userId) : null;
  const related = await relatedProfiles({
    profile: {
      id: row.id,
      gender: row.gender,
      dateOfBirth: row.dateOfBirth,
      country: row.country,
      region: row.region,
      interests: row.interests.map((i) => i.interestCode),
    },
    siteId: site.id,
    viewer,
  });
  return {
    kind: "profile",
    own,
    profile,
    related: await withLikedState(viewer?.userId ?? null, related),
    likes,
  };
}
