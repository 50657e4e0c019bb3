import type { Prisma } from "~/generated/prisma/client";
import { lockPair, orderedPair } from "~/domain/core/pair-lock.server";
import { db } from "~/lib/db.server";

/** Whether either of the two users blocked the other. */
export async function isBlockedBetween(a: number, b: number): Promise<boolean> {
  const count = await db().block.count({
    where: {
      OR: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    },
  });
  return count > 0;
}

export type BlockResult = { ok: true; blockedUserId: number } | { ok: false; error: "notFound" | "self" };

/**
 * Blocking (docs/product.md, Search and the members area): a member blocks the owner of a profile.
 * From then on both are hidden from each other everywhere (search, profiles, related profiles), and
 * their likes, match and conversation (with its messages; the credit ledger keeps its rows) are
 * deleted (unblocking does not bring them back). Blocking twice changes nothing.
 */
export async function block(blockerUserId: number, blockedProfileId: number): Promise<BlockResult> {
  return db().$transaction(async (tx) => {
    const target = await tx.profile.findUnique({
      where: { id: blockedProfileId },
      select: {
        userId: true,
        status: true,
        user: { select: { siteId: true, status: true, invisible: true } },
      },
    });
    const blocker = await tx.user.findUnique({ where: { id: blockerUserId }, select: { siteId: true } });
    // Only a profile the blocker can see (as on its page): the notice that follows a block names the
    // member, so a hidden (invisible, disabled, unconfirmed) one must not be blockable by its id.
    const visible =
      target?.status === "active" && target.user.status === "confirmed" && !target.user.invisible;
    if (!target || !blocker || target.user.siteId !== blocker.siteId)
      return { ok: false, error: "notFound" } as const;
    if (target.userId === blockerUserId) return { ok: false, error: "self" } as const;
    if (!visible) return { ok: false, error: "notFound" } as const;
    await tx.block.createMany({
      data: [{ blockerId: blockerUserId, blockedId: target.userId }],
      skipDuplicates: true,
    });
    await deleteLikesBetween(tx, blockerUserId, target.userId);
    const [userAId, userBId] = orderedPair(blockerUserId, target.userId);
    await tx.conversation.deleteMany({ where: { userAId, userBId } });
    return { ok: true, blockedUserId: target.userId } as const;
  });
}

/** Lifts the member's own block of a profile's owner; a block the other made stays. */
export async function unblock(blockerUserId: number, blockedProfileId: number): Promise<{ ok: boolean }> {
  const target = await db().profile.findUnique({ where: { id: blockedProfileId }, select: { userId: true } });
  if (!target) return { ok: false };
  await db().block.deleteMany({ where: { blockerId: blockerUserId, blockedId: target.userId } });
  return { ok: true };
}

/** Blocking ends everything between two members: their likes and their match. */
async function deleteLikesBetween(tx: Prisma.TransactionClient, a: number, b: number) {
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
