import { countNewLikes } from "~/domain/likes/new-likes.server";
import { db } from "~/lib/db.server";
import type { MemberCounts } from "./member-counts";

/** Unread messages over the member's conversations (their side's unread counts). */
async function countUnreadMessages(userId: number): Promise<number> {
  const { _sum } = await db().conversationMember.aggregate({
    where: { userId, hidden: false, unreadCount: { gt: 0 } },
    _sum: { unreadCount: true },
  });
  return _sum.unreadCount ?? 0;
}

export async function memberCounts(userId: number): Promise<MemberCounts> {
  const [unreadMessages, newLikes] = await Promise.all([countUnreadMessages(userId), countNewLikes(userId)]);
  return { unreadMessages, newLikes };
}
