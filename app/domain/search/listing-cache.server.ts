import { Prisma } from "~/generated/prisma/client";
import { createCache } from "~/lib/cache.server";
import { queryPrepared } from "~/lib/db.server";

/**
 * The version of the member listing (SearchListing): every transaction that adds, removes or moves a
 * profile in member lists raises it when it commits (triggers on Profile). Null when the row is
 * missing: then nothing is cached.
 */
export type ListingVersion = string | null;

/** The SQL expression for the version, to read it within another statement. */
export const LISTING_VERSION_SQL = Prisma.sql`(SELECT version::text FROM "SearchListing" WHERE id = 1)`;

export async function readListingVersion(): Promise<ListingVersion> {
  const [row] = await queryPrepared<{ version: string | null }>(
    Prisma.sql`SELECT ${LISTING_VERSION_SQL} AS version`,
  );
  return row?.version ?? null;
}

/**
 * What the search read for one version of the listing, per process (decision 0025). Every process
 * reads the version from the database with each search, so all of them answer from the same state
 * of the profiles; a cache only spares a process reading it again. A newer version empties it. At
 * most 1,000 entries of at most 1,200 profiles each (search.server.ts): a few megabytes.
 */
const MAX_ENTRIES = 1_000;
let cachedVersion: bigint | null = null;
const entries = createCache<{ value: unknown }>({ max: MAX_ENTRIES });

function isCurrent(version: ListingVersion): version is string {
  if (version === null) return false;
  const seen = BigInt(version);
  if (cachedVersion === null || seen > cachedVersion) {
    cachedVersion = seen;
    entries.clear();
  }
  // A request that read an older version than another one since: it neither reads nor writes.
  return seen === cachedVersion;
}

export function cachedForListing<T>(version: ListingVersion, key: string): T | undefined {
  return isCurrent(version) ? (entries.get(key)?.value as T | undefined) : undefined;
}

export function cacheForListing<T>(version: ListingVersion, key: string, value: T): void {
  if (!isCurrent(version)) return;
  entries.set(key, { value });
}
