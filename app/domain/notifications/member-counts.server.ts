import { countNewLikes } from "~/domain/likes/new-likes.server";
import type { MemberCounts } from "./member-counts";

export async function memberCounts(userId: number): Promise<MemberCounts> {
  // Messages do not exist before the chat feature; it adds its unread count here.
  return { unreadMessages: 0, newLikes: await countNewLikes(userId) };
}
