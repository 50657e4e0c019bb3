import { countNewLikes } from "~/domain/likes/new-likes.server";

/** The top bar's numbers: unread messages (badge on Messages) and new likes (badge on Likes). */
export interface MemberCounts {
  unreadMessages: number;
  newLikes: number;
}

export async function memberCounts(userId: number): Promise<MemberCounts> {
  // Messages do not exist before the chat feature; it adds its unread count here.
  return { unreadMessages: 0, newLikes: await countNewLikes(userId) };
}
