import { Prisma } from "~/generated/prisma/client";
import type { Gender } from "~/generated/prisma/enums";
import { queryPrepared } from "~/lib/db.server";
import { LISTING_VERSION_SQL, type ListingVersion } from "./listing-cache.server";

/** Who is searching: the member's own preferences and the members hidden from them. */
export interface SearchViewer {
  userId: number;
  profile: { gender: Gender; seekingGender: Gender; country: string; region: string | null } | null;
  /** Users never shown to this viewer: themself and everyone hidden by a block in either direction. */
  hiddenUserIds: number[];
  /** The member listing's version when the viewer was read, for the search's caches. */
  listingVersion: ListingVersion;
}

/** The columns `searchViewerSql` gives. */
export interface SearchViewerRow {
  gender: Gender | null;
  seekingGender: Gender | null;
  country: string | null;
  region: string | null;
  hidden: number[];
  version: string | null;
}

/**
 * The viewer's search preferences, the users hidden from them by blocks and the member listing's
 * version, as one row: for a user id, or for a column of another statement (the session's).
 */
export function searchViewerSql(userId: number | Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT p.gender::text AS gender, p."seekingGender"::text AS "seekingGender", p.country, p.region,
      ${LISTING_VERSION_SQL} AS version,
      ARRAY(SELECT CASE WHEN b."blockerId" = me.id THEN b."blockedId" ELSE b."blockerId" END
        FROM "Block" b WHERE b."blockerId" = me.id OR b."blockedId" = me.id) AS hidden
    FROM (SELECT ${userId}::int AS id) me LEFT JOIN "Profile" p ON p."userId" = me.id`;
}

export function searchViewerFrom(userId: number, row: SearchViewerRow): SearchViewer {
  const { gender, seekingGender, country, region, hidden, version } = row;
  const profile = gender && seekingGender && country ? { gender, seekingGender, country, region } : null;
  return { userId, profile, hiddenUserIds: [userId, ...hidden], listingVersion: version };
}

export async function searchViewer(userId: number): Promise<SearchViewer> {
  const [row] = await queryPrepared<SearchViewerRow>(searchViewerSql(userId));
  return searchViewerFrom(userId, row!);
}

/**
 * Whether a request reads the viewer with its session (`getSession`'s `withSearchViewer`): the search
 * page, as a document or as its data, whose every load needs the viewer: one statement fewer on
 * the busiest page (decision 0055); elsewhere the viewer is read when needed.
 */
export function readsSearchViewer(pathname: string): boolean {
  return pathname === "/members" || pathname === "/members.data";
}
