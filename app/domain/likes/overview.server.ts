import { cardPhotoId, shownToOthers } from "~/domain/profiles/member-card";
import { ageOn } from "~/domain/profiles/age";
import { Prisma } from "~/generated/prisma/client";
import { db, queryPrepared } from "~/lib/db.server";
import { LIKES_PAGE_SIZE, type LikeCard, type LikeTab } from "./tabs";

export { LIKES_PAGE_SIZE };
import { listedMemberWhere } from "~/domain/profiles/visible-member";

/** A listed member (`listedMemberWhere` in SQL) as `u` with their profile `p`, joined to the user id `ref`. */
function visibleMemberJoin(ref: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`JOIN "User" u ON u.id = ${ref} AND u.status = 'confirmed' AND NOT u.invisible
      AND u."reportHoldAt" IS NULL
    JOIN "Profile" p ON p."userId" = u.id AND p.status = 'active'`;
}

interface CardRow {
  id: number;
  name: string;
  dateOfBirth: string;
  city: string | null;
  region: string | null;
  photoId: number | null;
  photoStatus: string | null;
  photoVisibility: string | null;
  liked: boolean;
  isNew: boolean;
  matched: boolean;
}

/**
 * One tab in one statement: the number of entries and one page of cards, newest first. `source` is
 * a set of rows (id, createdAt, other: the other member's user id, isNew) read along the member's
 * own index of the tab's table; `flags` selects `liked` and `matched` for a page entry `e`. A `skip`
 * past the end (an old link, a like removed since) reads the last page instead, in the same
 * statement: the offset is clamped to the last page's.
 */
async function page(source: Prisma.Sql, flags: Prisma.Sql, skip: number) {
  const [row] = await queryPrepared<{ total: number; cards: CardRow[] }>(Prisma.sql`
    WITH entries AS (
      SELECT e.*, p.id AS "profileId", p.name, p."dateOfBirth", p.city, p.region, p."mainPhotoId"
      FROM (${source}) e ${visibleMemberJoin(Prisma.sql`e.other`)}
    ),
    counted AS (SELECT count(*)::int AS total FROM entries)
    SELECT (SELECT total FROM counted) AS total,
      coalesce((SELECT json_agg(c ORDER BY c."createdAt" DESC, c."entryId" DESC) FROM (
        SELECT e.id AS "entryId", e."createdAt", e."profileId" AS id, e.name, e."dateOfBirth", e.city, e.region,
          ph.id AS "photoId", ph.status::text AS "photoStatus", ph.visibility::text AS "photoVisibility",
          e."isNew", ${flags}
        FROM (SELECT * FROM entries ORDER BY "createdAt" DESC, id DESC LIMIT ${LIKES_PAGE_SIZE}
          OFFSET (SELECT least(${skip}::int, greatest(total - 1, 0) / ${LIKES_PAGE_SIZE}::int * ${LIKES_PAGE_SIZE}::int) FROM counted)) e
        LEFT JOIN "Photo" ph ON ph.id = e."mainPhotoId"
      ) c), '[]'::json) AS cards`);
  const cards: LikeCard[] = row!.cards.map((c) => ({
    id: c.id,
    name: c.name,
    age: ageOn(new Date(c.dateOfBirth)),
    city: c.city,
    region: c.region,
    mainPhotoId:
      c.photoId === null
        ? null
        : cardPhotoId({ id: c.photoId, status: c.photoStatus!, visibility: c.photoVisibility! }),
    liked: c.liked,
    isNew: c.isNew,
    matched: c.matched,
  }));
  return { total: row!.total, cards };
}

/** Likes the member received from visible members; liked back means matched. */
function received(userId: number, skip: number) {
  return page(
    Prisma.sql`SELECT l.id, l."createdAt", l."likerId" AS other, l."isNew" FROM "Like" l WHERE l."likedId" = ${userId}`,
    Prisma.sql`EXISTS(SELECT 1 FROM "Like" b WHERE b."likerId" = ${userId} AND b."likedId" = e.other) AS liked,
      EXISTS(SELECT 1 FROM "Like" b WHERE b."likerId" = ${userId} AND b."likedId" = e.other) AS matched`,
    skip,
  );
}

/** Likes the member gave to visible members; liked back means matched. */
function given(userId: number, skip: number) {
  return page(
    Prisma.sql`SELECT l.id, l."createdAt", l."likedId" AS other, false AS "isNew" FROM "Like" l WHERE l."likerId" = ${userId}`,
    Prisma.sql`true AS liked,
      EXISTS(SELECT 1 FROM "Like" b WHERE b."likerId" = e.other AND b."likedId" = ${userId}) AS matched`,
    skip,
  );
}

/** The member's matches with visible members, from either side of the pair. */
function matches(userId: number, skip: number) {
  return page(
    Prisma.sql`SELECT m.id, m."createdAt", m."userBId" AS other, false AS "isNew" FROM "Match" m WHERE m."userAId" = ${userId}
      UNION ALL
      SELECT m.id, m."createdAt", m."userAId", false FROM "Match" m WHERE m."userBId" = ${userId}`,
    Prisma.sql`true AS liked, true AS matched`,
    skip,
  );
}

const LISTS = { received, given, matches } satisfies Record<LikeTab, unknown>;

/**
 * One page (newest first) of the likes the member received or gave, or of their matches, showing
 * what the site's `visibleFields` (visible_profile_fields) allow. A page past the end (an old link,
 * or the page a plain-form unlike returns to after removing its only card) shows the last page
 * instead; `page` is the page shown.
 */
export async function listLikes(
  userId: number,
  tab: LikeTab,
  page: number,
  visibleFields: readonly string[],
): Promise<{ cards: LikeCard[]; total: number; page: number; pageCount: number }> {
  const { total, cards } = await LISTS[tab](userId, (page - 1) * LIKES_PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(total / LIKES_PAGE_SIZE));
  return {
    cards: cards.map((card) => shownToOthers(card, visibleFields)),
    total,
    page: Math.min(page, pageCount),
    pageCount,
  };
}

/** GET /api/likes.php: the profiles the member likes and those who like them (newest 1,000 each). */
export async function likesForApi(userId: number) {
  const [given, received] = await Promise.all([
    db().like.findMany({
      where: { likerId: userId, liked: listedMemberWhere },
      orderBy: { createdAt: "desc" },
      take: 1000,
      select: { liked: { select: { profile: { select: { id: true } } } } },
    }),
    db().like.findMany({
      where: { likedId: userId, liker: listedMemberWhere },
      orderBy: { createdAt: "desc" },
      take: 1000,
      select: { isNew: true, liker: { select: { profile: { select: { id: true } } } } },
    }),
  ]);
  return {
    profiles: given.flatMap((r) => (r.liked.profile ? [{ id: r.liked.profile.id }] : [])),
    liked_by: received.flatMap((r) =>
      r.liker.profile ? [{ id: r.liker.profile.id, like_new: r.isNew }] : [],
    ),
  };
}
