import { db } from "~/lib/db.server";

/**
 * Users hidden from `userId` because of a block in either direction: blocking hides both members
 * from each other everywhere (search, profiles, likes, chats).
 */
export async function hiddenByBlocks(userId: number): Promise<number[]> {
  const blocks = await db().block.findMany({
    where: { OR: [{ blockerId: userId }, { blockedId: userId }] },
    select: { blockerId: true, blockedId: true },
  });
  return blocks.map((b) => (b.blockerId === userId ? b.blockedId : b.blockerId));
}

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
