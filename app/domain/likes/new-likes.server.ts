import { Prisma } from "~/generated/prisma/client";
import { db, queryPrepared } from "~/lib/db.server";
import { visibleMemberWhere } from "~/domain/profiles/visible-member";

/** How many likers of new likes the totals name (`newLikers`): most members have fewer new likes. */
const NEW_LIKERS_NAMED = 20;

/**
 * The new-likes badge: a one-row query of the likes from visible likers the member has not looked at
 * yet (`visibleMemberWhere` in SQL), for the totals every member page and live event carries: their
 * number (`newLikes`) and the profile ids of up to NEW_LIKERS_NAMED of their likers (`newLikers`).
 */
export function newLikesSql(userId: number | Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS "newLikes",
      coalesce((array_agg(p.id))[1:${Prisma.raw(String(NEW_LIKERS_NAMED))}], '{}') AS "newLikers"
    FROM "Like" l
    JOIN "User" u ON u.id = l."likerId" AND u.status = 'confirmed' AND NOT u.invisible
    JOIN "Profile" p ON p."userId" = u.id AND p.status = 'active'
    WHERE l."likedId" = ${userId} AND l."isNew"`;
}

/**
 * Whether opening a profile may clear a new like, by the totals read with the session (null when not
 * read): not when no like is new, nor when every new like's liker is named and the profile is not one.
 */
export function mayClearNewLike(
  counts: { newLikes: number } | null,
  newLikers: readonly number[] | null,
  profileId: number,
): boolean {
  if (!counts || !newLikers) return true;
  return newLikers.includes(profileId) || counts.newLikes > newLikers.length;
}

/**
 * Opening a liker's profile clears the new flag of their like (docs/product.md, Likes, matches and
 * the swipe game); true when it did.
 */
export async function clearNewLike(viewerUserId: number, likerProfileId: number): Promise<boolean> {
  const cleared = await queryPrepared(Prisma.sql`
    UPDATE "Like" SET "isNew" = false
    WHERE "likedId" = ${viewerUserId} AND "isNew"
      AND "likerId" = (SELECT "userId" FROM "Profile" WHERE id = ${likerProfileId})
    RETURNING id`);
  return cleared.length > 0;
}

/** The liker of the newest like not announced yet (by the "New like!" modal or banner), if any. */
export async function newestUnannouncedLike(userId: number) {
  const row = await db().like.findFirst({
    where: { likedId: userId, isNew: true, announcedAt: null, liker: visibleMemberWhere },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      liker: {
        select: {
          profile: { select: { id: true, name: true, mainPhoto: { select: { id: true, status: true } } } },
        },
      },
    },
  });
  const profile = row?.liker.profile;
  if (!row || !profile) return null;
  return {
    likeId: row.id,
    profileId: profile.id,
    name: profile.name,
    mainPhotoId: profile.mainPhoto?.status === "active" ? profile.mainPhoto.id : null,
  };
}

type AnnouncedLike = NonNullable<Awaited<ReturnType<typeof newestUnannouncedLike>>>;

/** Marks one of the member's likes as announced; another member's like id changes nothing. */
export async function markLikeAnnounced(userId: number, likeId: number) {
  await db().like.updateMany({
    where: { id: likeId, likedId: userId, announcedAt: null },
    data: { announcedAt: new Date() },
  });
}

/**
 * GET /api/auto-like.php: the newest like not announced yet, marked announced, so
 * every like is announced once, also with several tabs or devices.
 */
export async function announceNewestLike(userId: number): Promise<AnnouncedLike | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const like = await newestUnannouncedLike(userId);
    if (!like) return null;
    const { count } = await db().like.updateMany({
      where: { id: like.likeId, announcedAt: null },
      data: { announcedAt: new Date() },
    });
    if (count === 1) return like;
  }
  return null;
}
