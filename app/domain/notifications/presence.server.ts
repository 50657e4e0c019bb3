import { db } from "~/lib/db.server";

/**
 * A tab counts as open while its live event stream was heard of this recently (the stream touches
 * its OpenTab row more often than this).
 */
export const TAB_FRESH_MS = 90_000;

/**
 * Whether the member has the site open in a visible tab now: then no push and no message mail
 * (they see the message live). Reads OpenTab by [userId, visible, seenAt].
 */
export async function hasVisibleTab(userId: number, now = new Date()): Promise<boolean> {
  const tab = await db().openTab.findFirst({
    where: { userId, visible: true, seenAt: { gt: new Date(now.getTime() - TAB_FRESH_MS) } },
    select: { id: true },
  });
  return tab !== null;
}
