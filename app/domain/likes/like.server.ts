import { LIKES_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { queueLikePush } from "~/domain/notifications/push-notify.server";
import { queueLikeMail } from "./like-mail.server";
import { lockPair, orderedPair } from "./pair-lock.server";

/** Why a like was refused; each has its own message (`likes:refused.*`). */
export type LikeRefusal = "notFound" | "self" | "unavailable" | "blocked" | "rateLimited";

export type LikeResult =
  { ok: true; likedUserId: number; created: boolean; matched: boolean } | { ok: false; error: LikeRefusal };

type Tx = Prisma.TransactionClient;

/** Who owns the profile, and whether `likerId` may like them (SPEC sections 4 and 6), blocks aside. */
async function likeTarget(tx: Tx, likerId: number, profileId: number) {
  const target = await tx.profile.findUnique({
    where: { id: profileId },
    select: { userId: true, status: true, user: { select: { siteId: true, status: true, invisible: true } } },
  });
  const liker = await tx.user.findUnique({ where: { id: likerId }, select: { siteId: true } });
  if (!target || !liker || target.user.siteId !== liker.siteId || target.user.status === "deleted") {
    return { ok: false, error: "notFound" } as const;
  }
  if (target.userId === likerId) return { ok: false, error: "self" } as const;
  if (target.status !== "active" || target.user.status !== "confirmed" || target.user.invisible) {
    return { ok: false, error: "unavailable" } as const;
  }
  return { ok: true, userId: target.userId } as const;
}

async function blockedBetween(tx: Tx, a: number, b: number) {
  const blocks = await tx.block.count({
    where: {
      OR: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    },
  });
  return blocks > 0;
}

/**
 * Stores a like inside `tx` (with the pair locked); a like back makes the match in the same
 * transaction. Liking twice changes nothing. Shared by the profile buttons and the swipe game.
 */
export async function likeInTransaction(tx: Tx, likerId: number, profileId: number): Promise<LikeResult> {
  const target = await likeTarget(tx, likerId, profileId);
  if (!target.ok) return target;
  const likedId = target.userId;
  await lockPair(tx, likerId, likedId);
  // Checked under the pair lock, which block() takes too: a block made meanwhile is seen here, or
  // else it deletes this like once this transaction ends.
  if (await blockedBetween(tx, likerId, likedId)) return { ok: false, error: "blocked" };
  const { count } = await tx.like.createMany({ data: [{ likerId, likedId }], skipDuplicates: true });
  const likedBack = await tx.like.findUnique({
    where: { likerId_likedId: { likerId: likedId, likedId: likerId } },
    select: { id: true },
  });
  if (likedBack) {
    const [userAId, userBId] = orderedPair(likerId, likedId);
    await tx.match.createMany({ data: [{ userAId, userBId }], skipDuplicates: true });
  }
  return { ok: true, likedUserId: likedId, created: count === 1, matched: likedBack !== null };
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
  if (result.ok && result.created) {
    await queueLikeMail({ userId: result.likedUserId, origin });
    await queueLikePush({ likerId, likedId: result.likedUserId });
  }
  return result;
}

/** Takes a like back: the like and the match go, the other member's like stays. */
export async function unlike(likerId: number, profileId: number): Promise<{ ok: boolean }> {
  const target = await db().profile.findUnique({ where: { id: profileId }, select: { userId: true } });
  if (!target || target.userId === likerId) return { ok: false };
  const likedId = target.userId;
  await db().$transaction(async (tx) => {
    await lockPair(tx, likerId, likedId);
    await tx.like.deleteMany({ where: { likerId, likedId } });
    const [userAId, userBId] = orderedPair(likerId, likedId);
    await tx.match.deleteMany({ where: { userAId, userBId } });
  });
  return { ok: true };
}

/** Blocking ends everything between two members (SPEC section 4): their likes and their match. */
export async function deleteLikesBetween(tx: Tx, a: number, b: number) {
  await lockPair(tx, a, b);
  await tx.like.deleteMany({
    where: {
      OR: [
        { likerId: a, likedId: b },
        { likerId: b, likedId: a },
      ],
    },
  });
  const [userAId, userBId] = orderedPair(a, b);
  await tx.match.deleteMany({ where: { userAId, userBId } });
}
