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
