import type { Gender } from "~/generated/prisma/enums";
import { Prisma } from "~/generated/prisma/client";
import { queryPrepared } from "~/lib/db.server";
import { cardFromRow, type MemberCardData, type MemberCardRow } from "./member-card";

const RELATED_LIMIT = 6;
/** Related members are at most this many years older or younger. */
const RELATED_AGE_SPAN = 5;
/**
 * Candidates read per group (same region, rest of the country) on each side of the profile's age,
 * the nearest in age first, before ranking by shared interests: each read stops after this many.
 */
const CANDIDATES_PER_SIDE = 12;

export type RelatedProfile = MemberCardData;

interface Subject {
  id: number;
  gender: Gender;
  dateOfBirth: Date;
  country: string;
  region: string | null;
  interests: string[];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function shiftYears(date: Date, years: number): Date {
  const shifted = new Date(date);
  shifted.setUTCFullYear(shifted.getUTCFullYear() + years);
  return shifted;
}

/**
 * Up to six profiles like the one being viewed: the same gender (the one the viewer went looking
 * for), at most five years older or younger, in the same country; the same region first, then
 * those sharing the most interests, those with a photo, the newest. The candidates are those
 * nearest in age, read along Profile(gender, country, region, dateOfBirth) and
 * Profile(gender, country, dateOfBirth), so the cost does not grow with the number of members.
 * Never the profile itself, the viewer, invisible, disabled or unconfirmed members, nor anyone
 * blocked either way by the viewer.
 */
export async function relatedProfiles({
  profile,
  siteId,
  visibleFields,
  viewer,
}: {
  profile: Subject;
  siteId: number;
  /** The site's `visible_profile_fields`: what the cards may show. */
  visibleFields: readonly string[];
  viewer: { userId: number; profileId: number | null } | null;
}): Promise<RelatedProfile[]> {
  const viewerId = viewer?.userId ?? 0;
  const excludedProfiles = [profile.id, ...(viewer?.profileId ? [viewer.profileId] : [])];
  const born = isoDay(profile.dateOfBirth);
  const where = Prisma.sql`p.id <> ALL(${excludedProfiles}::int[]) AND p.gender = ${profile.gender}::"Gender"
    AND p.country = ${profile.country} AND p.status = 'active'
    AND p."dateOfBirth" BETWEEN ${isoDay(shiftYears(profile.dateOfBirth, -RELATED_AGE_SPAN))}::date
      AND ${isoDay(shiftYears(profile.dateOfBirth, RELATED_AGE_SPAN))}::date
    AND p."listedSiteId" = ${siteId} AND p."userId" <> ${viewerId}
    AND NOT EXISTS(SELECT 1 FROM "Block" b WHERE (b."blockerId" = ${viewerId} AND b."blockedId" = p."userId")
      OR (b."blockerId" = p."userId" AND b."blockedId" = ${viewerId}))`;
  const candidates = (group: number, extra: Prisma.Sql) =>
    [
      Prisma.sql`>= ${born}::date ORDER BY p."dateOfBirth"`,
      Prisma.sql`< ${born}::date ORDER BY p."dateOfBirth" DESC`,
    ].map(
      (side) => Prisma.sql`(
        SELECT ${group}::int AS grp, p.id, p."userId", p.name, p."dateOfBirth", p.city, p.region, p."mainPhotoId"
        FROM "Profile" p
        WHERE ${where} AND ${extra} AND p."dateOfBirth" ${side} LIMIT ${CANDIDATES_PER_SIDE})`,
    );
  // The same region first: the rest of the country is read only when the region has fewer than six
  // (a condition without columns, which PostgreSQL checks once, before those reads).
  const inRegion = profile.region ? Prisma.sql`p.region = ${profile.region}` : Prisma.sql`false`;
  const outsideRegion = profile.region
    ? Prisma.sql`p.region IS DISTINCT FROM ${profile.region}`
    : Prisma.sql`true`;
  // Same region first, then the most shared interests, a card photo, the newest; the viewer's likes.
  const rows = await queryPrepared<MemberCardRow>(Prisma.sql`
    WITH same_region AS MATERIALIZED (${Prisma.join(candidates(0, inRegion), " UNION ALL ")}),
      rest_of_country AS MATERIALIZED (
        SELECT * FROM (${Prisma.join(candidates(1, outsideRegion), " UNION ALL ")}) rest
        WHERE (SELECT count(*) FROM same_region) < ${RELATED_LIMIT})
    SELECT r.id, r.name, r."dateOfBirth", r.city, r.region, r.photo AS "mainPhotoId",
      EXISTS(SELECT 1 FROM "Like" l WHERE l."likerId" = ${viewerId} AND l."likedId" = r."userId") AS liked
    FROM (
      SELECT c.*, CASE WHEN ph.status = 'active' AND ph.visibility = 'public' THEN ph.id END AS photo,
        (SELECT count(*) FROM "ProfileInterest" pi
          WHERE pi."profileId" = c.id AND pi."interestCode" = ANY(${profile.interests}::text[])) AS shared
      FROM (SELECT * FROM same_region UNION ALL SELECT * FROM rest_of_country) c
      LEFT JOIN "Photo" ph ON ph.id = c."mainPhotoId"
    ) r
    ORDER BY r.grp, r.shared DESC, (r.photo IS NOT NULL) DESC, r.id DESC
    LIMIT ${RELATED_LIMIT}`);
  return rows.map((row) => cardFromRow(row, visibleFields, { withLiked: viewer !== null }));
}
