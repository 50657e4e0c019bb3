import { db } from "~/lib/db.server";
import type { ChatGate } from "./chat-types";

/**
 * Whether the viewer can write to another member, in the order sendMessage refuses (SPEC sections 4
 * and 6): a deleted member or one of another site is not found; invisible and disabled members and
 * blocked pairs cannot be written to; an unconfirmed member receives nothing until confirmed. An
 * unconfirmed viewer may write but is asked to confirm, or replies cannot reach them.
 */
export async function chatGate(
  viewer: { id: number; status: string; siteId: number },
  otherUserId: number,
): Promise<ChatGate | "notFound"> {
  const other = await db().user.findUnique({
    where: { id: otherUserId },
    select: { siteId: true, status: true, invisible: true, profile: { select: { status: true } } },
  });
  if (!other || other.siteId !== viewer.siteId || other.status === "deleted") return "notFound";
  if (other.invisible || other.profile?.status !== "active") {
    return other.status === "not_confirmed" ? "recipientUnconfirmed" : "unavailable";
  }
  if (other.status !== "confirmed") return "recipientUnconfirmed";
  const blocks = await db().block.count({
    where: {
      OR: [
        { blockerId: viewer.id, blockedId: otherUserId },
        { blockerId: otherUserId, blockedId: viewer.id },
      ],
    },
  });
  if (blocks > 0) return "blocked";
  if (viewer.status !== "confirmed") return "ownUnconfirmed";
  return "ok";
}

/** The user behind a profile id (not the viewer's own), or null. */
export async function profileOwner(profileId: number, viewerId: number): Promise<number | null> {
  const profile = await db().profile.findUnique({ where: { id: profileId }, select: { userId: true } });
  return profile && profile.userId !== viewerId ? profile.userId : null;
}

/** The viewer's conversation with another member, if there is one. */
export async function conversationWith(viewerId: number, otherUserId: number): Promise<number | null> {
  const [userAId, userBId] = viewerId < otherUserId ? [viewerId, otherUserId] : [otherUserId, viewerId];
  const row = await db().conversation.findUnique({
    where: { userAId_userBId: { userAId, userBId } },
    select: { id: true },
  });
  return row?.id ?? null;
}
