import { PROFILE_COUNTRIES, isProfileCountry } from "~/domain/core/countries";
import { regionsOf } from "~/domain/core/regions";
import { Prisma } from "~/generated/prisma/client";
import type { BodyType } from "~/generated/prisma/enums";
import { PLAN_EACH_CALL, queryPrepared } from "~/lib/db.server";
import { cacheForListing, cachedForListing, type ListingVersion } from "./listing-cache.server";
import { cardFromRow, type MemberCardData, type MemberCardRow } from "~/domain/profiles/member-card";
import type { SearchViewer } from "./search-viewer.server";
import { MAX_SEARCH_AGE, MIN_SEARCH_AGE, PAGE_SIZE, type SearchFilters } from "./filters";

const regionOrder = new Intl.Collator("nl");

/** Matches are counted exactly up to this number; beyond it the page says "more than 1,000". */
const COUNT_LIMIT = 1000;
/** "Similar results" widen the age range by this many years on both sides. */
const SIMILAR_AGE_SPREAD = 10;

/** The countries a search offers: the site's own countries first, then the other profile countries. */
export function searchCountries(siteCountries: string[]): string[] {
  const own = siteCountries.filter(isProfileCountry);
  return [...own, ...PROFILE_COUNTRIES.filter((c) => !own.includes(c))];
}

export { isProfileCountry as isSearchCountry };

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
export async function searchRegions(country: string, listingVersion: ListingVersion): Promise<string[]> {
  if (!isProfileCountry(country)) return [];
  const key = `regions:${country}`;
  const cached = cachedForListing<string[]>(listingVersion, key);
  if (cached) return cached;
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
  const names = [...new Set([...regionsOf(country), ...rows.map((row) => row.region)])].sort(
    regionOrder.compare,
  );
  cacheForListing(listingVersion, key, names);
  return names;
}

interface SearchRequest {
  siteId: number;
  /** The site's `visible_profile_fields`: what the cards may show. */
  visibleFields: readonly string[];
  viewer: SearchViewer | null;
  /** The viewer's, or for a visitor `readListingVersion()`. */
  listingVersion: ListingVersion;
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

interface SearchResult extends SearchPage {
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

/** What a listing depends on: the same for every viewer who searches with the same filters. */
interface ListingQuery {
  siteId: number;
  filters: SearchFilters;
  bodyTypes?: BodyType[];
  preferRegion: string | null;
}

/** A listing, narrowed for one viewer, with the cards' fields. */
interface Query extends ListingQuery {
  visibleFields: readonly string[];
  hiddenUserIds: number[];
  excludedProfileIds?: number[];
  /** The member whose likes mark the cards (`liked`); null for visitors (no `liked`). */
  likerId?: number | null;
}

/**
 * Who may ever appear, then the filters, for the profile aliased `p`: an active profile listed on
 * this site (its account confirmed, so neither unconfirmed nor deleted, and visible; see
 * Profile.listedSiteId). Served by Profile's indexes alone: no account is read per match.
 */
function listingConditions(q: ListingQuery): Prisma.Sql[] {
  const { filters } = q;
  const parts: Prisma.Sql[] = [Prisma.sql`p.status = 'active'`, Prisma.sql`p."listedSiteId" = ${q.siteId}`];
  if (filters.gender) parts.push(Prisma.sql`p.gender = ${filters.gender}::"Gender"`);
  if (filters.country) parts.push(Prisma.sql`p.country = ${filters.country}`);
  if (filters.country && filters.region) parts.push(Prisma.sql`p.region = ${filters.region}`);
  const { earliest, latest } = birthDateRange(filters.minAge, filters.maxAge);
  if (earliest) parts.push(Prisma.sql`p."dateOfBirth" >= ${earliest}::date`);
  if (latest) parts.push(Prisma.sql`p."dateOfBirth" <= ${latest}::date`);
  if (q.bodyTypes?.length) parts.push(Prisma.sql`p."bodyType" = ANY(${q.bodyTypes}::"BodyType"[])`);
  return parts;
}

/** The listing's conditions, without the viewer and those hidden from them by a block. */
function profileWhere(q: Query): Prisma.Sql {
  const parts = listingConditions(q);
  if (q.hiddenUserIds.length > 0) parts.push(Prisma.sql`p."userId" <> ALL(${q.hiddenUserIds}::int[])`);
  if (q.excludedProfileIds?.length) parts.push(Prisma.sql`p.id <> ALL(${q.excludedProfileIds}::int[])`);
  return Prisma.join(parts, " AND ");
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

/** The first matches of a listing, in result order; `complete` when there are no more. */
interface Listing {
  profileIds: number[];
  userIds: number[];
  complete: boolean;
}

/** A listing is read at least this far: the first five pages of a search come from one read. */
const LISTING_LENGTH = 5 * PAGE_SIZE;
/** Longer listings (a member paging past page 50) are read for the request only, not kept. */
const LONGEST_CACHED_LISTING = 50 * PAGE_SIZE;

async function readListing(q: ListingQuery, length: number): Promise<Listing> {
  const where = Prisma.join(listingConditions(q), " AND ");
  // One CTE per tier, read in index order up to the rows the listing needs. A tier is read only
  // while the tiers before it hold fewer than that (a condition without columns, which PostgreSQL
  // checks once, before the tier's scan): the first pages of members with photos in the member's
  // region never read the later tiers, which may have to look at many profiles to find few or none.
  const tierConditions = tiers(q.preferRegion);
  const tierNames = tierConditions.map((_, index) => Prisma.raw(`tier${index}`));
  const tierQueries = tierConditions.map((tier, index) => {
    const before = tierNames.slice(0, index).map((name) => Prisma.sql`(SELECT count(*) FROM ${name})`);
    const stillNeeded =
      before.length === 0 ? Prisma.empty : Prisma.sql`AND (${Prisma.join(before, " + ")}) < ${length}`;
    return Prisma.sql`${tierNames[index]} AS MATERIALIZED (
      SELECT ${index}::int AS tier, p.id, p."userId", p."createdAt"
      FROM "Profile" p
      WHERE ${where} AND ${tier} ${stillNeeded}
      ORDER BY p."createdAt" DESC, p.id DESC
      LIMIT ${length})`;
  });
  // Planned on every call: with the filters as parameters PostgreSQL misjudges how many profiles
  // match, and its generic plan reads every match of a tier to sort it (decision 0037 has the figures).
  const rows = await queryPrepared<{ id: number; userId: number }>(Prisma.sql`${PLAN_EACH_CALL}
    WITH ${Prisma.join(tierQueries, ", ")}
    SELECT t.id, t."userId"
    FROM (${Prisma.join(
      tierNames.map((name) => Prisma.sql`SELECT * FROM ${name}`),
      " UNION ALL ",
    )}) t
    ORDER BY t.tier, t."createdAt" DESC, t.id DESC
    LIMIT ${length}`);
  return {
    profileIds: rows.map((row) => row.id),
    userIds: rows.map((row) => row.userId),
    complete: rows.length < length,
  };
}

/** A cache key for what depends only on the listing's filters (and `preferRegion`, for its order). */
function listingKey(kind: string, q: ListingQuery, preferRegion: string | null = null): string {
  const { gender, country, region, minAge, maxAge } = q.filters;
  const { earliest, latest } = birthDateRange(minAge, maxAge);
  return JSON.stringify([
    kind,
    q.siteId,
    gender,
    country,
    region,
    earliest,
    latest,
    q.bodyTypes ?? [],
    preferRegion,
  ]);
}

/**
 * The listing, at least `atLeast` long unless there are fewer matches: from this process's cache
 * while the listing's version is unchanged, otherwise read (twice as far as before when a member
 * pages past what was read).
 */
async function listingOf(q: ListingQuery, version: ListingVersion, atLeast: number): Promise<Listing> {
  const key = listingKey("listing", q, q.preferRegion);
  const cached = cachedForListing<Listing>(version, key);
  if (cached && (cached.complete || cached.profileIds.length >= atLeast)) return cached;
  const length = Math.max(atLeast, LISTING_LENGTH, 2 * (cached?.profileIds.length ?? 0));
  const listing = await readListing(q, length);
  if (listing.profileIds.length <= LONGEST_CACHED_LISTING) cacheForListing(version, key, listing);
  return listing;
}

/** The profile ids of one page: the listing without the viewer, those hidden from them and the excluded. */
async function findPage(
  q: Query,
  version: ListingVersion,
  take: number,
  skip: number,
): Promise<{ ids: number[]; listing: Listing }> {
  const hidden = new Set(q.hiddenUserIds);
  const excluded = new Set(q.excludedProfileIds);
  // Each hidden or excluded member may be among the matches, so the listing must reach that much further.
  const listing = await listingOf(q, version, skip + take + hidden.size + excluded.size);
  const shown: number[] = [];
  for (let i = 0; i < listing.profileIds.length && shown.length < skip + take; i++) {
    if (!hidden.has(listing.userIds[i]!) && !excluded.has(listing.profileIds[i]!))
      shown.push(listing.profileIds[i]!);
  }
  return { ids: shown.slice(skip), listing };
}

/** The cards of these profiles, in this order, with the liker's liked state, in one statement. */
async function cardsOf(profileIds: number[], q: Query): Promise<MemberCardData[]> {
  if (profileIds.length === 0) return [];
  const likerId = q.likerId ?? null;
  // The listing was read for this version of the profiles; the card still checks that the profile
  // is listed, for a profile hidden while this request ran.
  const rows = await queryPrepared<MemberCardRow>(Prisma.sql`
    SELECT p.id, p.name, p."dateOfBirth", p.city, p.region,
      CASE WHEN ph.status = 'active' AND ph.visibility = 'public' THEN ph.id END AS "mainPhotoId",
      EXISTS(SELECT 1 FROM "Like" l WHERE l."likerId" = ${likerId ?? 0} AND l."likedId" = p."userId") AS liked
    FROM unnest(${profileIds}::int[]) WITH ORDINALITY AS page(id, position)
    JOIN "Profile" p ON p.id = page.id
    LEFT JOIN "Photo" ph ON ph.id = p."mainPhotoId"
    WHERE p.status = 'active' AND p."listedSiteId" = ${q.siteId}
    ORDER BY page.position`);
  return rows.map((row) => cardFromRow(row, q.visibleFields, { withLiked: likerId !== null }));
}

/**
 * A viewer's search leaves out at most this many members (themself and those hidden by blocks) and
 * still uses the shared count; one who leaves out more is counted per request.
 */
const SHARED_COUNT_LEFT_OUT = 200;

/**
 * The count of a search for everyone, capped at COUNT_LIMIT + 1 + SHARED_COUNT_LEFT_OUT: the same
 * for every viewer, so cached for the listing's version like the listing.
 */
async function sharedCount(q: Query, version: ListingVersion): Promise<number> {
  const key = listingKey("count", q);
  const cached = cachedForListing<number>(version, key);
  if (cached !== undefined) return cached;
  const everyone: Query = { ...q, hiddenUserIds: [], excludedProfileIds: undefined };
  const count = await countMatches(everyone, COUNT_LIMIT + 1 + SHARED_COUNT_LEFT_OUT);
  cacheForListing(version, key, count);
  return count;
}

/**
 * The viewer's capped count (COUNT_LIMIT + 1 at most) from the shared count (null: not used), without
 * a statement of its own when it can be told: when the shared count is high enough that the
 * left-out members cannot bring it to COUNT_LIMIT, or when the listing holds every match (then they
 * are counted out of it). Otherwise, for a count between those, the viewer's own count.
 */
async function countUpToLimit(q: Query, shared: number | null, listing: Listing): Promise<number> {
  const leftOut = new Set(q.hiddenUserIds);
  if (shared === null) return countMatches(q, COUNT_LIMIT + 1);
  if (leftOut.size === 0 || shared > COUNT_LIMIT + leftOut.size) return Math.min(shared, COUNT_LIMIT + 1);
  if (listing.complete) return listing.userIds.filter((userId) => !leftOut.has(userId)).length;
  return countMatches(q, COUNT_LIMIT + 1);
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
function similarFilters(filters: SearchFilters): SearchFilters {
  return {
    gender: filters.gender,
    country: filters.country,
    region: null,
    minAge: filters.minAge === null ? null : clampAge(filters.minAge - SIMILAR_AGE_SPREAD),
    maxAge: filters.maxAge === null ? null : clampAge(filters.maxAge + SIMILAR_AGE_SPREAD),
  };
}

/**
 * The users a viewer's search leaves out: those hidden by a block, and the viewer unless their own
 * gender is not the one searched for (then they cannot match, and the count stays shareable).
 */
function leftOutUserIds(viewer: SearchViewer | null, filters: SearchFilters): number[] {
  if (!viewer) return [];
  const cannotMatchSelf =
    filters.gender !== null && viewer.profile !== null && viewer.profile.gender !== filters.gender;
  return cannotMatchSelf ? viewer.hiddenUserIds.filter((id) => id !== viewer.userId) : viewer.hiddenUserIds;
}

/**
 * One page of members matching the filters, with the number of matches (exact up to
 * COUNT_LIMIT, beyond that "more than COUNT_LIMIT" and the pages continue while there are more);
 * when the filters find fewer than a page, "similar results" (see `similarFilters`) with their own
 * count, leaving out the members already shown.
 */
export async function searchMembers(request: SearchRequest): Promise<SearchResult> {
  const { siteId, visibleFields, viewer, listingVersion, filters, bodyTypes } = request;
  const hiddenUserIds = leftOutUserIds(viewer, filters);
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
  const [shared, firstTry] = await Promise.all([
    hiddenUserIds.length > SHARED_COUNT_LEFT_OUT ? null : sharedCount(query, listingVersion),
    findPage(query, listingVersion, PAGE_SIZE + 1, (wanted - 1) * PAGE_SIZE),
  ]);
  const counted = await countUpToLimit(query, shared, firstTry.listing);
  let page = wanted;
  let ids = firstTry.ids;
  let numResults = counted;
  let capped = counted > COUNT_LIMIT;
  if (ids.length === 0 && wanted > 1) {
    // A page past the end (an old link, fewer members since): show the last page instead.
    if (capped) {
      numResults = await countMatches(query, null);
      capped = false;
    }
    page = Math.max(1, Math.ceil(numResults / PAGE_SIZE));
    ids = (await findPage(query, listingVersion, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE)).ids;
  }
  const hasNextPage = ids.length > PAGE_SIZE;
  const pageIds = ids.slice(0, PAGE_SIZE);
  const pageCount = capped
    ? hasNextPage
      ? Math.max(Math.ceil(COUNT_LIMIT / PAGE_SIZE), page + 1)
      : page
    : Math.max(1, Math.ceil(numResults / PAGE_SIZE));

  let similar: { ids: number[]; count: number } | null = null;
  if (request.withSimilar && !capped && numResults < PAGE_SIZE) {
    // Fewer than a page: all of them are on this (the only) page.
    const similarQuery: Query = {
      ...query,
      filters: similarFilters(filters),
      excludedProfileIds: pageIds,
      preferRegion: filters.region ?? preferredRegion(viewer, filters),
    };
    const [count, similarIds] = await Promise.all([
      countMatches(similarQuery, COUNT_LIMIT + 1),
      findPage(similarQuery, listingVersion, PAGE_SIZE, 0),
    ]);
    similar = { ids: similarIds.ids, count };
  }
  // The cards of the page and of the similar results in one statement.
  const cards = await cardsOf([...pageIds, ...(similar?.ids ?? [])], query);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const cardsFor = (profileIds: number[]) => profileIds.flatMap((id) => byId.get(id) ?? []);
  return {
    members: cardsFor(pageIds),
    numResults: capped ? COUNT_LIMIT : numResults,
    moreResults: capped,
    page,
    pageCount,
    morePages: capped && hasNextPage,
    similar: similar && {
      members: cardsFor(similar.ids),
      numResults: Math.min(similar.count, COUNT_LIMIT),
      moreResults: similar.count > COUNT_LIMIT,
    },
  };
}
