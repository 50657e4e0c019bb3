import { withLikedState } from "~/domain/likes/liked-state.server";
import { ageOn } from "~/domain/profiles/age";
import { shownToOthers } from "~/domain/profiles/member-card";
import { searchViewer } from "~/domain/search/search-viewer.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";

const SIGNUP_MATCHES = 12;
/** Ages within this many years count as "near in age". */
const AGE_WINDOW_YEARS = 8;
/** Candidates read per tier before sorting by age difference. */
const CANDIDATES = 60;

const matchSelect = {
  id: true,
  name: true,
  dateOfBirth: true,
  city: true,
  region: true,
  country: true,
  mainPhotoId: true,
} satisfies Prisma.ProfileSelect;

type Candidate = Prisma.ProfileGetPayload<{ select: typeof matchSelect }>;

const shiftYears = (date: Date, years: number) =>
  new Date(Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate()));

/**
 * Step "search matches": up to 12 real members for a new member to look at. Members of the sought
 * gender who seek the new member's gender, active, confirmed, visible, with an approved public main
 * photo, not hidden by a block either way; the same country and a near age first, then other
 * countries, then any age. The cards show what the site's `visibleFields` (visible_profile_fields) allow.
 */
export async function findSignupMatches(
  userId: number,
  visibleFields: readonly string[],
  take = SIGNUP_MATCHES,
) {
  const me = await db().user.findUnique({
    where: { id: userId },
    select: {
      siteId: true,
      profile: { select: { id: true, gender: true, seekingGender: true, dateOfBirth: true, country: true } },
    },
  });
  const profile = me?.profile;
  if (!me || !profile) return [];

  const { hiddenUserIds } = await searchViewer(userId);
  const visible: Prisma.ProfileWhereInput = {
    userId: { notIn: hiddenUserIds },
    status: "active",
    gender: profile.seekingGender,
    listedSiteId: me.siteId,
    mainPhoto: { status: "active", visibility: "public" },
  };
  const nearAge: Prisma.ProfileWhereInput = {
    dateOfBirth: {
      gte: shiftYears(profile.dateOfBirth, -AGE_WINDOW_YEARS),
      lte: shiftYears(profile.dateOfBirth, AGE_WINDOW_YEARS),
    },
  };
  const mutual: Prisma.ProfileWhereInput = { seekingGender: profile.gender };
  const tiers: Prisma.ProfileWhereInput[] = [
    { ...mutual, ...nearAge, country: profile.country },
    { ...mutual, ...nearAge, country: { not: profile.country } },
    mutual,
    {},
  ];

  const byAge = (a: Candidate, b: Candidate) =>
    Math.abs(a.dateOfBirth.getTime() - profile.dateOfBirth.getTime()) -
    Math.abs(b.dateOfBirth.getTime() - profile.dateOfBirth.getTime());

  const picked: Candidate[] = [];
  for (const tier of tiers) {
    if (picked.length >= take) break;
    const found = await db().profile.findMany({
      where: { AND: [visible, tier, { id: { notIn: picked.map((p) => p.id) } }] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: CANDIDATES,
      select: matchSelect,
    });
    picked.push(...found.sort(byAge).slice(0, take - picked.length));
  }
  return withLikedState(
    userId,
    picked.map(({ dateOfBirth, ...match }) =>
      shownToOthers({ ...match, age: ageOn(dateOfBirth) }, visibleFields),
    ),
  );
}
