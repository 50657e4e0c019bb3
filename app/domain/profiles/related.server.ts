import type { Gender } from "~/generated/prisma/enums";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { ageOn } from "./age";
import type { MemberCardData } from "./member-card";
import { hiddenByBlocks } from "./blocks.server";

export const RELATED_LIMIT = 6;
/** Related members are at most this many years older or younger. */
export const RELATED_AGE_SPAN = 5;
/** Candidates read per group (same region, rest of the country) before ranking by shared interests. */
const CANDIDATES_PER_GROUP = 100;

export type RelatedProfile = MemberCardData;

interface Subject {
  id: number;
  gender: Gender;
  dateOfBirth: Date;
  country: string;
  region: string | null;
  interests: string[];
}

function shiftYears(date: Date, years: number): Date {
  const shifted = new Date(date);
  shifted.setUTCFullYear(shifted.getUTCFullYear() + years);
  return shifted;
}

/**
 * Up to six profiles like the one being viewed: the same gender (the one the viewer went looking
 * for), at most five years older or younger, in the same country; the same region first, then
 * those sharing the most interests, those with a photo, the newest. Never the profile itself, the
 * viewer, invisible, disabled or unconfirmed members, nor anyone blocked either way by the viewer.
 */
export async function relatedProfiles({
  profile,
  siteId,
  viewer,
}: {
  profile: Subject;
  siteId: number;
  viewer: { userId: number; profileId: number | null } | null;
}): Promise<RelatedProfile[]> {
  const hiddenUsers = viewer ? [viewer.userId, ...(await hiddenByBlocks(viewer.userId))] : [];
  const excludedProfiles = [profile.id, ...(viewer?.profileId ? [viewer.profileId] : [])];
  const where: Prisma.ProfileWhereInput = {
    id: { notIn: excludedProfiles },
    gender: profile.gender,
    country: profile.country,
    status: "active",
    dateOfBirth: {
      gte: shiftYears(profile.dateOfBirth, -RELATED_AGE_SPAN),
      lte: shiftYears(profile.dateOfBirth, RELATED_AGE_SPAN),
    },
    user: { siteId, status: "confirmed", invisible: false, id: { notIn: hiddenUsers } },
  };
  const select = {
    id: true,
    name: true,
    dateOfBirth: true,
    city: true,
    region: true,
    mainPhoto: { select: { id: true, status: true, visibility: true } },
    interests: { where: { interestCode: { in: profile.interests } }, select: { interestCode: true } },
  } satisfies Prisma.ProfileSelect;
  const read = (extra: Prisma.ProfileWhereInput) =>
    db().profile.findMany({
      where: { AND: [where, extra] },
      select,
      orderBy: { id: "desc" },
      take: CANDIDATES_PER_GROUP,
    });
  const [sameRegion, elsewhere] = await Promise.all([
    profile.region ? read({ region: profile.region }) : Promise.resolve([]),
    read(profile.region ? { OR: [{ region: null }, { region: { not: profile.region } }] } : {}),
  ]);

  const rank = (rows: typeof elsewhere) =>
    rows
      .map((row) => ({
        row,
        shared: row.interests.length,
        photo: row.mainPhoto?.status === "active" && row.mainPhoto.visibility === "public",
      }))
      .sort((a, b) => b.shared - a.shared || Number(b.photo) - Number(a.photo) || b.row.id - a.row.id);
  return [...rank(sameRegion), ...rank(elsewhere)].slice(0, RELATED_LIMIT).map(({ row, photo }) => ({
    id: row.id,
    name: row.name,
    age: ageOn(row.dateOfBirth),
    city: row.city,
    region: row.region,
    mainPhotoId: photo ? row.mainPhoto!.id : null,
  }));
}
