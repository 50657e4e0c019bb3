import { ageOn } from "~/domain/profiles/age";
import { PROFILE_COUNTRIES, isProfileCountry } from "~/domain/profiles/countries";
import { regionsOf } from "~/domain/profiles/regions";
import { Prisma } from "~/generated/prisma/client";
import type { BodyType, Gender } from "~/generated/prisma/enums";
import { PLAN_EACH_CALL, queryPrepared } from "~/lib/db.server";
import { shownToOthers, type MemberCardData } from "~/domain/profiles/member-card";
import { MAX_SEARCH_AGE, MIN_SEARCH_AGE, PAGE_SIZE, type SearchFilters } from "./filters";

const regionOrder = new Intl.Collator("nl");

/** Matches are counted exactly up to this number; beyond it the page says "more than 1,000". */
export const COUNT_LIMIT = 1000;
/** "Similar results" widen the age range by this many years on both sides. */
export const SIMILAR_AGE_SPREAD = 10;

/** The countries a search offers: the site's own countries first, then the other countries of SPEC section 9. */
export function searchCountries(siteCountries: string[]): string[] {
  const own = siteCountries.filter(isProfileCountry);
  return [...own, ...PROFILE_COUNTRIES.filter((c) => !own.includes(c))];
}

export { isProfileCountry as isSearchCountry };

/** Who is searching: the member's own preferences and the members hidden from them. */
export interface SearchViewer {
  userId: number;
  profile: { gender: Gender; seekingGender: Gender; country: string; region: string | null } | null;
  /** Users never shown to this viewer: themself and everyone hidden by a block in either direction. */
  hiddenUserIds: number[];
}

/** The viewer's search preferences and the users hidden from them by blocks (hiddenByBlocks), in one statement. */
export async function searchViewer(userId: number): Promise<SearchViewer> {
  const [row] = await queryPrepared<{
    gender: Gender | null;
    seekingGender: Gender | null;
    country: string | null;
    region: string | null;
    hidden: number[];
  }>(Prisma.sql`
    SELECT p.gender::text AS gender, p."seekingGender"::text AS "seekingGender", p.country, p.region,
      ARRAY(SELECT CASE WHEN b."blockerId" = ${userId} THEN b."blockedId" ELSE b."blockerId" END
        FROM "Block" b WHERE b."blockerId" = ${userId} OR b."blockedId" = ${userId}) AS hidden
    FROM (SELECT ${userId}::int AS id) me LEFT JOIN "Profile" p ON p."userId" = me.id`);
  const { gender, seekingGender, country, region, hidden } = row!;
  const profile = gender && seekingGender && country ? { gender, seekingGender, country, region } : null;
  return { userId, profile, hiddenUserIds: [userId, ...hidden] };
}

/**
 * The search without any filter in the URL: the member's own wish (the gender they seek) in their
 * own country, all ages, their own region first (see `preferredRegion`). Visitors get the country
 * they are in when the site serves it, otherwise the site's preselected country.
 */
export function defaultFilters(
  viewer: SearchViewer | null,
  visitor: { country: string; siteCountries: string[]; selectedCountry: string },
): SearchFilters {
  const fallback = visitor.siteCountries.includes(visitor.country)
    ? visitor.country
    : visitor.selectedCountry;
  const country = viewer?.profile?.country ?? fallback;
  return {
    gender: viewer?.profile?.seekingGender ?? null,
    country: isProfileCountry(country) ? country : null,
    region: null,
    minAge: null,
    maxAge: null,
  };
}

/**
 * The regions offered for a country: the shared region list of the profiles, together with every
 * region active profiles in that country actually have (so no member is unreachable by region).
 */
export async function searchRegions(country: string): Promise<string[]> {
  if (!isProfileCountry(country)) return [];
  // A loose index scan over Profile(country, region, ...): one index probe per distinct region.
  // The country is written into the text (one of PROFILE_COUNTRIES, checked above): with it as a
  // parameter PostgreSQL planned the statement anew on every call, which took longer than running it.
  const countryLiteral = Prisma.raw(`'${country}'`);
  const rows = await queryPrepared<{ region: string }>(Prisma.sql`
    WITH RECURSIVE r(region) AS (
      (SELECT region FROM "Profile" WHERE country = ${countryLiteral} AND region IS NOT NULL AND status = 'active'
        ORDER BY region LIMIT 1)
      UNION ALL
      SELECT (SELECT region FROM "Profile" WHERE country = ${countryLiteral} AND region > r.region AND status = 'active'
        ORDER BY region LIMIT 1)
      FROM r WHERE r.region IS NOT NULL
    )
    SELECT region FROM r WHERE region IS NOT NULL`);
  const names = new Set([...regionsOf(country), ...rows.map((row) => row.region)]);
  return [...names].sort(regionOrder.compare);
}

export interface SearchRequest {
  siteId: number;
  /** The site's `visible_profile_fields`: what the cards may show. */
  visibleFields: readonly string[];
  viewer: SearchViewer | null;
  filters: SearchFilters;
  /** Match finder: only these body types. */
  bodyTypes?: BodyType[];
  page?: number;
  /** Whether to add "similar results" when the filters find less than a page. */
  withSimilar?: boolean;
}

export interface SearchPage {
  members: MemberCardData[];
  /** Exact, or COUNT_LIMIT when `moreResults` (there are more than that). */
  numResults: number;
  moreResults: boolean;
  page: number;
  /** Pages known to exist; with `morePages` further pages follow. */
  pageCount: number;
  morePages: boolean;
}

export interface SearchResult extends SearchPage {
  /** `moreResults`: there are more than `numResults` (counting stops at COUNT_LIMIT). */
  similar: { members: MemberCardData[]; numResults: number; moreResults: boolean } | null;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function yearsBefore(today: Date, years: number): Date {
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
}

/** Birth dates for an age range: age >= min means born on or before today-min years, age <= max born after today-(max+1) years. */
export function birthDateRange(minAge: number | null, maxAge: number | null, today = new Date()) {
  const latest = minAge === null ? null : isoDay(yearsBefore(today, minAge));
  const dayAfter = (date: Date) => new Date(date.getTime() + 86_400_000);
  const earliest = maxAge === null ? null : isoDay(dayAfter(yearsBefore(today, maxAge + 1)));
  return { earliest, latest };
}

interface Query {
  siteId: number;
  visibleFields: readonly string[];
  filters: SearchFilters;
  bodyTypes?: BodyType[];
  hiddenUserIds: number[];
  excludedProfileIds?: number[];
  preferRegion: string | null;
  /** The member whose likes mark the cards (`liked`); null for visitors (no `liked`). */
  likerId?: number | null;
}

/**
 * Who may ever appear, then the filters, for the profile aliased `p`: an active profile listed on
 * this site (its account confirmed, so neither unconfirmed nor deleted, and visible; see
 * Profile.listedSiteId), not the viewer and not hidden by a block. Served by Profile's indexes
 * alone: no account is read per match.
 */
function profileWhere(q: Query): Prisma.Sql {
  const { filters } = q;
  const parts: Prisma.Sql[] = [Prisma.sql`p.status = 'active'`, Prisma.sql`p."listedSiteId" = ${q.siteId}`];
  if (q.hiddenUserIds.length > 0) parts.push(Prisma.sql`p."userId" <> ALL(${q.hiddenUserIds}::int[])`);
  if (q.excludedProfileIds?.length) parts.push(Prisma.sql`p.id <> ALL(${q.excludedProfileIds}::int[])`);
  if (filters.gender) parts.push(Prisma.sql`p.gender = ${filters.gender}::"Gender"`);
  if (filters.country) parts.push(Prisma.sql`p.country = ${filters.country}`);
  if (filters.country && filters.region) parts.push(Prisma.sql`p.region = ${filters.region}`);
  const { earliest, latest } = birthDateRange(filters.minAge, filters.maxAge);
  if (earliest) parts.push(Prisma.sql`p."dateOfBirth" >= ${earliest}::date`);
  if (latest) parts.push(Prisma.sql`p."dateOfBirth" <= ${latest}::date`);
  if (q.bodyTypes?.length) parts.push(Prisma.sql`p."bodyType" = ANY(${q.bodyTypes}::"BodyType"[])`);
  return Prisma.join(parts, " AND ");
}

interface Row {
  id: number;
  name: string;
  dateOfBirth: Date;
  city: string | null;
  region: string | null;
  mainPhotoId: number | null;
}

/**
 * The order of results, in tiers: the preferred region first (the member's own, when they search
 * their own country without choosing a region), within that members with a main photo (only an
 * approved public photo can be one) before those without; inside a tier the newest first, and the
 * profile id as the final tie-breaker so pages never overlap or skip anyone. Each tier is read in
 * index order (Profile search indexes on site, country, createdAt), so a page reads little more than itself.
 */
function tiers(preferRegion: string | null): Prisma.Sql[] {
  const photo = [Prisma.sql`p."mainPhotoId" IS NOT NULL`, Prisma.sql`p."mainPhotoId" IS NULL`];
  if (!preferRegion) return photo;
  const region = [
    Prisma.sql`p.region = ${preferRegion}`,
    Prisma.sql`p.region IS DISTINCT FROM ${preferRegion}`,
  ];
  return region.flatMap((r) => photo.map((ph) => Prisma.sql`${r} AND ${ph}`));
}

async function findPage(q: Query, take: number, skip: number): Promise<MemberCardData[]> {
  const where = profileWhere(q);
  const needed = skip + take;
  // One CTE per tier, read in index order up to the rows the page needs. A tier is read only while
  // the tiers before it hold fewer than that (a condition without columns, which PostgreSQL checks
  // once, before the tier's scan): a first page of members with photos in the member's region
  // never reads the later tiers, which may have to look at many profiles to find few or none.
  const tierConditions = tiers(q.preferRegion);
  const tierNames = tierConditions.map((_, index) => Prisma.raw(`tier${index}`));
  const tierQueries = tierConditions.map((tier, index) => {
    const before = tierNames.slice(0, index).map((name) => Prisma.sql`(SELECT count(*) FROM ${name})`);
    const stillNeeded =
      before.length === 0 ? Prisma.empty : Prisma.sql`AND (${Prisma.join(before, " + ")}) < ${needed}`;
    return Prisma.sql`${tierNames[index]} AS MATERIALIZED (
      SELECT ${index}::int AS tier, p.id, p."userId", p.name, p."dateOfBirth", p.city, p.region,
        p."mainPhotoId", p."createdAt"
      FROM "Profile" p
      WHERE ${where} AND ${tier} ${stillNeeded}
      ORDER BY p."createdAt" DESC, p.id DESC
      LIMIT ${needed})`;
  });
  const likerId = q.likerId ?? null;
  // The liked state of the page's cards (withLikedState) in the same statement. Planned on every
  // call: with the filters as parameters PostgreSQL misjudges how many profiles match, and its
  // generic plan reads every match of a tier to sort it (45 ms instead of 2 at 100,000 members).
  const rows = await queryPrepared<Row & { liked: boolean }>(Prisma.sql`${PLAN_EACH_CALL}
    WITH ${Prisma.join(tierQueries, ", ")}
    SELECT t.id, t.name, t."dateOfBirth", t.city, t.region,
      CASE WHEN ph.status = 'active' AND ph.visibility = 'public' THEN ph.id END AS "mainPhotoId",
      EXISTS(SELECT 1 FROM "Like" l WHERE l."likerId" = ${likerId ?? 0} AND l."likedId" = t."userId") AS liked
    FROM (${Prisma.join(
      tierNames.map((name) => Prisma.sql`SELECT * FROM ${name}`),
      " UNION ALL ",
    )}) t
    LEFT JOIN "Photo" ph ON ph.id = t."mainPhotoId"
    ORDER BY t.tier, t."createdAt" DESC, t.id DESC
    LIMIT ${take} OFFSET ${skip}`);
  return rows.map(({ dateOfBirth, liked, ...row }) =>
    shownToOthers(
      { ...row, age: ageOn(dateOfBirth), ...(likerId === null ? {} : { liked }) },
      q.visibleFields,
    ),
  );
}

/** Counts matches, but stops at `limit`: counting every one of thousands of matches is what makes a search slow. */
async function countMatches(q: Query, limit: number | null): Promise<number> {
  const limitClause = limit === null ? Prisma.empty : Prisma.sql`LIMIT ${limit}`;
  const [row] = await queryPrepared<{ count: number }>(Prisma.sql`
    SELECT count(*)::int AS count FROM (
      SELECT 1 FROM "Profile" p WHERE ${profileWhere(q)}
      ${limitClause}
    ) matches`);
  return row?.count ?? 0;
}

/** The viewer's own region comes first when they search their own country without choosing a region. */
function preferredRegion(viewer: SearchViewer | null, filters: SearchFilters): string | null {
  const own = viewer?.profile;
  if (!own?.region || filters.region || filters.country !== own.country) return null;
  return own.region;
}

const clampAge = (age: number) => Math.min(MAX_SEARCH_AGE, Math.max(MIN_SEARCH_AGE, age));

/** The filters of "similar results": same gender and country, any region, the age range widened by 10 years. */
export function similarFilters(filters: SearchFilters): SearchFilters {
  return {
    gender: filters.gender,
    country: filters.country,
    region: null,
    minAge: filters.minAge === null ? null : clampAge(filters.minAge - SIMILAR_AGE_SPREAD),
    maxAge: filters.maxAge === null ? null : clampAge(filters.maxAge + SIMILAR_AGE_SPREAD),
  };
}

/**
 * One page of members matching the filters, with the number of matches (exact up to
 * COUNT_LIMIT, beyond that "more than COUNT_LIMIT" and the pages continue while there are more);
 * when the filters find fewer than a page, "similar results" (see `similarFilters`) with their own
 * count, leaving out the members already shown.
 */
export async function searchMembers(request: SearchRequest): Promise<SearchResult> {
  const { siteId, visibleFields, viewer, filters, bodyTypes } = request;
  const hiddenUserIds = viewer?.hiddenUserIds ?? [];
  const query: Query = {
    siteId,
    visibleFields,
    filters,
    bodyTypes,
    hiddenUserIds,
    preferRegion: preferredRegion(viewer, filters),
    likerId: viewer?.userId ?? null,
  };
  const wanted = Math.max(1, request.page ?? 1);
  const [counted, firstTry] = await Promise.all([
    countMatches(query, COUNT_LIMIT + 1),
    findPage(query, PAGE_SIZE + 1, (wanted - 1) * PAGE_SIZE),
  ]);
  let page = wanted;
  let rows = firstTry;
  let numResults = counted;
  let capped = counted > COUNT_LIMIT;
  if (rows.length === 0 && wanted > 1) {
    // A page past the end (an old link, fewer members since): show the last page instead.
    if (capped) {
      numResults = await countMatches(query, null);
      capped = false;
    }
    page = Math.max(1, Math.ceil(numResults / PAGE_SIZE));
    rows = await findPage(query, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE);
  }
  const hasNextPage = rows.length > PAGE_SIZE;
  const members = rows.slice(0, PAGE_SIZE);
  const pageCount = capped
    ? hasNextPage
      ? Math.max(Math.ceil(COUNT_LIMIT / PAGE_SIZE), page + 1)
      : page
    : Math.max(1, Math.ceil(numResults / PAGE_SIZE));

  let similar: SearchResult["similar"] = null;
  if (request.withSimilar && !capped && numResults < PAGE_SIZE) {
    // Fewer than a page: all of them are on this (the only) page.
    const similarQuery: Query = {
      siteId,
      visibleFields,
      filters: similarFilters(filters),
      bodyTypes,
      hiddenUserIds,
      excludedProfileIds: members.map((m) => m.id),
      preferRegion: filters.region ?? preferredRegion(viewer, filters),
      likerId: viewer?.userId ?? null,
    };
    const [count, found] = await Promise.all([
      countMatches(similarQuery, COUNT_LIMIT + 1),
      findPage(similarQuery, PAGE_SIZE, 0),
    ]);
    similar = { members: found, numResults: Math.min(count, COUNT_LIMIT), moreResults: count > COUNT_LIMIT };
  }
  return {
    members,
    numResults: capped ? COUNT_LIMIT : numResults,
    moreResults: capped,
    page,
    pageCount,
    morePages: capped && hasNextPage,
    similar,
  };
}
