import { ageOn } from "~/domain/profiles/age";
import { birthDateRange } from "~/domain/search/search.server";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { cachedPromise, createCache } from "~/lib/cache.server";
import type { LanderMember, LanderVariant } from "./designs";

interface Row {
  id: number;
  name: string;
  dateOfBirth: Date;
  city: string | null;
  region: string | null;
  isFictional: boolean;
  photoId: number;
  width: number;
  height: number;
}

function variantFilter(variant: LanderVariant): Prisma.Sql {
  if (variant.kind === "region") return Prisma.sql`AND p.region = ${variant.region}`;
  if (variant.kind === "default") return Prisma.empty;
  switch (variant.theme) {
    case "women":
      return Prisma.sql`AND p.gender = 'female'::"Gender"`;
    case "men":
      return Prisma.sql`AND p.gender = 'male'::"Gender"`;
    case "young": {
      const { earliest } = birthDateRange(null, 30);
      return Prisma.sql`AND p."dateOfBirth" >= ${earliest}::date`;
    }
    case "mature": {
      const { latest } = birthDateRange(40, null);
      return Prisma.sql`AND p."dateOfBirth" <= ${latest}::date`;
    }
  }
}

/**
 * Landers are paid-ad traffic: every view would run these queries (the map's counts group every
 * listed profile of the country; a small region's members walk the country's newest profiles).
 * What they show is public and may be a few minutes old, so each answer is kept per process for
 * LANDER_CACHE_MS (every process keeps its own: nothing depends on them agreeing). The promise
 * itself is kept, so views arriving together share one query; a failed query is not kept.
 */
const LANDER_CACHE_MS = 3 * 60_000;
/** Keys are bounded (sites × their countries × regions and themes), this only guards the memory. */
const MAX_CACHED = 2_000;
const cache = createCache<Promise<unknown>>({ max: MAX_CACHED, ttlMs: LANDER_CACHE_MS });

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  return cachedPromise(cache, key, load) as Promise<T>;
}

const variantKey = (variant: LanderVariant) =>
  variant.kind === "region"
    ? `region:${variant.region}`
    : variant.kind === "theme"
      ? `theme:${variant.theme}`
      : "default";

/**
 * The newest visible members of a country with an approved PUBLIC main photo (never a private one),
 * as search shows them to visitors: an active profile listed on this site (Profile.listedSiteId). One
 * query, read in the order of the Profile search index on (listedSiteId, country, createdAt, id);
 * cached for a few minutes per site, country and variant.
 */
export function landerMembers(
  siteId: number,
  country: string,
  variant: LanderVariant,
  take: number,
): Promise<LanderMember[]> {
  return cached(`members ${siteId} ${country} ${variantKey(variant)} ${take}`, () =>
    queryLanderMembers(siteId, country, variant, take),
  );
}

async function queryLanderMembers(
  siteId: number,
  country: string,
  variant: LanderVariant,
  take: number,
): Promise<LanderMember[]> {
  const rows = await db().$queryRaw<Row[]>`
    SELECT p.id, p.name, p."dateOfBirth", p.city, p.region, p."isFictional",
      ph.id AS "photoId", ph.width, ph.height
    FROM "Profile" p
    JOIN "Photo" ph ON ph.id = p."mainPhotoId"
    WHERE p.country = ${country} AND p.status = 'active' ${variantFilter(variant)}
      AND p."listedSiteId" = ${siteId}
      AND ph.status = 'active' AND ph.visibility = 'public'
    ORDER BY p."createdAt" DESC, p.id DESC
    LIMIT ${take}`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    age: ageOn(row.dateOfBirth),
    city: row.city,
    region: row.region,
    isFictional: row.isFictional,
    photo: { id: row.photoId, width: row.width, height: row.height },
  }));
}

/**
 * How many visible members each region of the country has (the map lander), most first; cached for
 * a few minutes per site and country.
 */
export function regionCounts(siteId: number, country: string) {
  return cached(`regions ${siteId} ${country}`, () => queryRegionCounts(siteId, country));
}

async function queryRegionCounts(siteId: number, country: string) {
  const rows = await db().$queryRaw<{ region: string; count: number }[]>`
    SELECT p.region, count(*)::int AS count
    FROM "Profile" p
    WHERE p.country = ${country} AND p.status = 'active' AND p.region IS NOT NULL
      AND p."listedSiteId" = ${siteId}
    GROUP BY p.region
    ORDER BY count DESC`;
  return rows;
}
