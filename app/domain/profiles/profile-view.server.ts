import { Prisma } from "~/generated/prisma/client";
import { loggedOutSearchAllowed } from "~/domain/sites/visitor-access.server";
import type { Site } from "~/domain/sites/site.server";
import type { Gender } from "~/generated/prisma/enums";
import { queryPrepared } from "~/lib/db.server";
import { ageOn } from "./age";
import { shownToOthers } from "./member-card";
import { relatedProfiles, type RelatedProfile } from "./related.server";
import { isGone } from "~/domain/core/member-status";

/** Who looks at a profile: a visitor (null) or a logged-in member. */
interface Viewer {
  userId: number;
  /** The viewer's own profile, if any. */
  profileId: number | null;
  /** Premium (paid) members see private photos too. */
  paidUser: boolean;
  /** Staff (of the site) also see profiles hidden from members, to check what they moderate. */
  staff: boolean;
}

/** The profile fields with a value set, in the order the profile view lists them. */
const DETAIL_FIELDS = [
  "gender",
  "sexuality",
  "relationshipStatus",
  "hairColor",
  "eyeColor",
  "bodyType",
  "tattoos",
  "reason",
] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

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
interface VisiblePhoto {
  id: number;
  width: number;
  height: number;
  isPrivate: boolean;
}

interface ProfileView {
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

type ProfileViewResult =
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
      /** Hidden from members (disabled, unconfirmed, invisible): shown to staff only. */
      staffOnly: boolean;
      profile: ProfileView;
      related: RelatedProfile[];
      /** Between a member viewer and the owner (null for visitors and the owner). */
      likes: { liked: boolean; likedBy: boolean; matched: boolean } | null;
    };

interface ProfileRow {
  id: number;
  userId: number;
  name: string;
  gender: Gender;
  dateOfBirth: Date;
  country: string;
  region: string | null;
  city: string | null;
  aboutMe: string;
  reason: string | null;
  sexuality: string;
  tattoos: string | null;
  hairColor: string | null;
  eyeColor: string | null;
  bodyType: string | null;
  relationshipStatus: string | null;
  status: string;
  isFictional: boolean;
  mainPhotoId: number | null;
  siteId: number;
  userStatus: string;
  invisible: boolean;
  interests: string[];
  photos: { id: number; width: number; height: number; visibility: string }[];
  blockedByViewer: boolean;
  blockedByOwner: boolean;
  liked: boolean;
  likedBy: boolean;
}

/**
 * The profile with its owner's account state, interests (catalogue order), active photos (upload
 * order) and, towards a member viewer, the blocks and likes between the two: one statement.
 */
async function readProfile(profileId: number, viewerUserId: number | null): Promise<ProfileRow | undefined> {
  const viewer = viewerUserId ?? 0;
  const [row] = await queryPrepared<ProfileRow>(Prisma.sql`
    SELECT p.id, p."userId", p.name, p.gender::text AS gender, p."dateOfBirth", p.country, p.region, p.city,
      p."aboutMe", p.reason::text AS reason, p.sexuality::text AS sexuality, p.tattoos::text AS tattoos,
      p."hairColor"::text AS "hairColor", p."eyeColor"::text AS "eyeColor", p."bodyType"::text AS "bodyType",
      p."relationshipStatus"::text AS "relationshipStatus", p.status::text AS status, p."isFictional",
      p."mainPhotoId", u."siteId", u.status::text AS "userStatus", u.invisible,
      ARRAY(SELECT pi."interestCode" FROM "ProfileInterest" pi JOIN "Interest" i ON i.code = pi."interestCode"
        WHERE pi."profileId" = p.id ORDER BY i."sortOrder", i.code) AS interests,
      coalesce((SELECT json_agg(json_build_object('id', ph.id, 'width', ph.width, 'height', ph.height,
          'visibility', ph.visibility) ORDER BY ph."createdAt", ph.id)
        FROM "Photo" ph WHERE ph."profileId" = p.id AND ph.status = 'active'), '[]'::json) AS photos,
      EXISTS(SELECT 1 FROM "Block" WHERE "blockerId" = ${viewer} AND "blockedId" = p."userId") AS "blockedByViewer",
      EXISTS(SELECT 1 FROM "Block" WHERE "blockerId" = p."userId" AND "blockedId" = ${viewer}) AS "blockedByOwner",
      EXISTS(SELECT 1 FROM "Like" WHERE "likerId" = ${viewer} AND "likedId" = p."userId") AS liked,
      EXISTS(SELECT 1 FROM "Like" WHERE "likerId" = p."userId" AND "likedId" = ${viewer}) AS "likedBy"
    FROM "Profile" p JOIN "User" u ON u.id = p."userId"
    WHERE p.id = ${profileId}`);
  return row;
}

/**
 * Decides what a viewer gets at /members/{id}: the profile (with only the fields the site shows,
 * the photos the viewer may see and related profiles), a blocked notice, a login prompt, or nothing.
 * The owner always sees their own profile (also while invisible or not yet confirmed), and the
 * site's staff see hidden ones too (without the like buttons).
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
  const row = await readProfile(profileId, viewer?.userId ?? null);
  if (!row || row.siteId !== site.id || isGone(row.userStatus)) return { kind: "notFound" };
  const own = viewer !== null && viewer.userId === row.userId;
  const blocks = viewer && !own ? { byViewer: row.blockedByViewer, byOwner: row.blockedByOwner } : null;
  const blocked = (name: string | null) =>
    ({ kind: "blocked", profileId: row.id, name, byViewer: false, byOwner: false, ...blocks }) as const;
  // Whoever blocked someone can always find the profile again to lift the block.
  if (blocks?.byViewer) return blocked(row.name);
  const hidden = row.status !== "active" || row.userStatus !== "confirmed" || row.invisible;
  const staffOnly = !own && hidden;
  if (staffOnly && !viewer?.staff) return { kind: "notFound" };
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
    ...shownToOthers(
      { age: ageOn(row.dateOfBirth), city: row.city, region: row.region },
      site.visibleProfileFields,
    ),
    country: row.country,
    aboutMe: site.visibleProfileNotes && row.aboutMe.trim() !== "" ? row.aboutMe : null,
    fields,
    interests: visible.has("interests") ? row.interests : null,
    isFictional: row.isFictional,
    photoCount: active.length,
    photos,
    lockedPhotos: active.length - photos.length,
  };
  const likes =
    viewer && !own && !staffOnly
      ? { liked: row.liked, likedBy: row.likedBy, matched: row.liked && row.likedBy }
      : null;
  const related = await relatedProfiles({
    profile: {
      id: row.id,
      gender: row.gender,
      dateOfBirth: row.dateOfBirth,
      country: row.country,
      region: row.region,
      interests: row.interests,
    },
    siteId: site.id,
    visibleFields: site.visibleProfileFields,
    viewer,
  });
  return {
    kind: "profile",
    own,
    staffOnly,
    profile,
    related,
    likes,
  };
}
