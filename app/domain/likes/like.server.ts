import { LIKES_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { Prisma } from "~/generated/prisma/client";
import type { ProfileStatus, UserStatus } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import { publishChatEvents } from "~/domain/notifications/live-events.server";
import { queueLikePush } from "~/domain/notifications/push-notify.server";
import { queueLikeMail } from "./like-mail.server";
import { orderedPair, pairLockSql } from "~/domain/core/pair-lock.server";
import { isGone } from "~/domain/core/member-status";

/** Why a like was refused; each has its own message (`likes:refused.*`). */
export type LikeRefusal = "notFound" | "self" | "unavailable" | "blocked" | "rateLimited";

/**
 * `announce`: the liked member is to be told (mail, push, the "new like" modal); not for a like taken
 * back and given again within LIKE_NOTICE_QUIET_MS of the last time they were told.
 */
type LikeResult =
  | { ok: true; likedUserId: number; created: boolean; announce: boolean; matched: boolean }
  | { ok: false; error: LikeRefusal };

/** A like given again this soon after the last one was announced is stored quietly (no alert again). */
const LIKE_NOTICE_QUIET_MS = 24 * 3600_000;

type Tx = Prisma.TransactionClient;

/**
 * Who owns the profile, and whether `likerId` may like them (docs/product.md, Likes, matches and
 * the swipe game), blocks aside. The same statement takes the pair's lock (`lockPair`): what follows
 * in the transaction sees every change to the pair's likes and blocks committed before.
 */
async function likeTargetLocked(tx: Tx, likerId: number, profileId: number) {
  const [target] = await tx.$queryRaw<
    {
      userId: number;
      status: ProfileStatus;
      siteId: number;
      userStatus: UserStatus;
      invisible: boolean;
      likerSiteId: number | null;
    }[]
  >`
    SELECT p."userId", p.status::text AS status, u."siteId", u.status::text AS "userStatus", u.invisible,
      (SELECT "siteId" FROM "User" WHERE id = ${likerId}) AS "likerSiteId",
      ${pairLockSql(Prisma.sql`p."userId"`, likerId)}::text AS locked
    FROM "Profile" p JOIN "User" u ON u.id = p."userId"
    WHERE p.id = ${profileId}`;
  if (!target || target.likerSiteId !== target.siteId || isGone(target.userStatus)) {
    return { ok: false, error: "notFound" } as const;
  }
  if (target.userId === likerId) return { ok: false, error: "self" } as const;
  if (target.status !== "active" || target.userStatus !== "confirmed" || target.invisible) {
    return { ok: false, error: "unavailable" } as const;
  }
  return { ok: true, userId: target.userId } as const;
}

/**
 * The like, and the match when the other member liked back, unless a block stands between the two:
 * one statement, run under the pair lock. Liking twice stores nothing new. A like given again soon
 * after the liked member was told of it is stored as already announced and mailed (`quiet`); any
 * other new like sets the pair's notice time.
 */
async function storeLike(tx: Tx, likerId: number, likedId: number) {
  const [userAId, userBId] = orderedPair(likerId, likedId);
  const now = new Date();
  const quietSince = new Date(now.getTime() - LIKE_NOTICE_QUIET_MS);
  const [row] = await tx.$queryRaw<
    { blocked: boolean; created: boolean; quiet: boolean; likedBack: boolean }[]
  >`
    WITH quiet AS (
      SELECT EXISTS (SELECT 1 FROM "LikeNotice" WHERE "likerId" = ${likerId} AND "likedId" = ${likedId}
        AND "notifiedAt" > ${quietSince}::timestamp) AS yes
    ), blocked AS (
      SELECT EXISTS (SELECT 1 FROM "Block"
        WHERE ("blockerId" = ${likerId} AND "blockedId" = ${likedId})
          OR ("blockerId" = ${likedId} AND "blockedId" = ${likerId})) AS yes
    ), liked_back AS (
      SELECT EXISTS (SELECT 1 FROM "Like" WHERE "likerId" = ${likedId} AND "likedId" = ${likerId}) AS yes
    ), created AS (
      INSERT INTO "Like" ("likerId", "likedId", "createdAt", "announcedAt", "mailedAt")
      SELECT ${likerId}, ${likedId}, ${now}::timestamp,
        CASE WHEN quiet.yes THEN ${now}::timestamp END, CASE WHEN quiet.yes THEN ${now}::timestamp END
      FROM blocked, quiet WHERE NOT blocked.yes
      ON CONFLICT DO NOTHING
      RETURNING id
    ), noticed AS (
      INSERT INTO "LikeNotice" ("likerId", "likedId", "notifiedAt")
      SELECT ${likerId}, ${likedId}, ${now}::timestamp FROM created, quiet WHERE NOT quiet.yes
      ON CONFLICT ("likerId", "likedId") DO UPDATE SET "notifiedAt" = EXCLUDED."notifiedAt"
    ), matched AS (
      INSERT INTO "Match" ("userAId", "userBId", "createdAt")
      SELECT ${userAId}, ${userBId}, ${now}::timestamp FROM blocked, liked_back
      WHERE NOT blocked.yes AND liked_back.yes
      ON CONFLICT DO NOTHING
    )
    SELECT blocked.yes AS blocked, EXISTS (SELECT 1 FROM created) AS created, quiet.yes AS quiet,
      liked_back.yes AS "likedBack"
    FROM blocked, liked_back, quiet`;
  return row!;
}

/**
 * Stores a like inside `tx` (with the pair locked); a like back makes the match in the same
 * transaction. Liking twice changes nothing. Shared by the profile buttons and the swipe game.
 */
export async function likeInTransaction(tx: Tx, likerId: number, profileId: number): Promise<LikeResult> {
  const target = await likeTargetLocked(tx, likerId, profileId);
  if (!target.ok) return target;
  const likedId = target.userId;
  // The block is checked after the pair lock, which block() takes too: a block made meanwhile is seen
  // here, or else it deletes this like once this transaction ends.
  const stored = await storeLike(tx, likerId, likedId);
  if (stored.blocked) return { ok: false, error: "blocked" };
  const announce = stored.created && !stored.quiet;
  // The liked member's open tabs update the new-likes badge at once (sent on commit).
  if (announce) await publishChatEvents(tx, [{ userId: likedId, type: "like", payload: {} }]);
  return {
    ok: true,
    likedUserId: likedId,
    created: stored.created,
    announce,
    matched: stored.likedBack,
  };
}

/** Counts a like against the member's hourly likes (profile buttons and swipe game together). */
export async function likeAllowed(likerId: number): Promise<boolean> {
  return withinLimit(LIKES_PER_MEMBER, likerId);
}

/**
 * A member likes the owner of a profile; the liked member gets a like mail (at most one an hour)
 * linking to `origin` (the site's address as this request reached it). Refused once the member
 * used up the hourly likes.
 */
export async function like(likerId: number, profileId: number, origin: string): Promise<LikeResult> {
  if (!(await likeAllowed(likerId))) return { ok: false, error: "rateLimited" };
  const result = await db().$transaction((tx) => likeInTransaction(tx, likerId, profileId));
  if (result.ok && result.announce) {
    await queueLikeMail({ userId: result.likedUserId, origin });
    await queueLikePush({ likerId, likedId: result.likedUserId });
  }
  return result;
}

/**
 * Takes a like back: the like and the match go, the other member's like stays (and the pair's
 * notice time, so liking again soon does not alert the other member again).
 */
export async function unlike(likerId: number, profileId: number): Promise<{ ok: boolean }> {
  return db().$transaction(async (tx) => {
    // The owner of the profile, with the pair's lock taken in the same statement.
    const [target] = await tx.$queryRaw<{ userId: number }[]>`
      SELECT p."userId", ${pairLockSql(Prisma.sql`p."userId"`, likerId)}::text AS locked
      FROM "Profile" p WHERE p.id = ${profileId} AND p."userId" <> ${likerId}`;
    if (!target) return { ok: false };
    const likedId = target.userId;
    const [userAId, userBId] = orderedPair(likerId, likedId);
    await tx.$executeRaw`
      WITH unliked AS (DELETE FROM "Like" WHERE "likerId" = ${likerId} AND "likedId" = ${likedId})
      DELETE FROM "Match" WHERE "userAId" = ${userAId} AND "userBId" = ${userBId}`;
    return { ok: true };
  });
}

/** Notice times past the quiet period decide nothing any more (the daily maintenance job). */
export async function pruneLikeNotices(now = new Date()) {
  const { count } = await db().likeNotice.deleteMany({
    where: { notifiedAt: { lt: new Date(now.getTime() - LIKE_NOTICE_QUIET_MS) } },
  });
  return count;
}
