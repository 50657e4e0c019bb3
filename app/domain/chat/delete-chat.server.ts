import { db } from "~/lib/db.server";
import { publishChatEvents } from "~/domain/notifications/live-events.server";

/**
 * A member deletes a conversation from their list (docs/product.md, Chat): it is hidden and its messages so
 * far stay hidden for them; a new message brings it back with only the newer messages. The other
 * member keeps their side. False when the member is not in the conversation.
 */
export async function deleteChat(userId: number, conversationId: number, now = new Date()): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.conversationMember.updateMany({
      where: { conversationId, userId },
      data: { hidden: true, clearedAt: now, unreadCount: 0 },
    });
    if (count === 0) return false;
    await publishChatEvents(tx, [{ userId, type: "deleted", payload: { conversationId } }]);
    return true;
  });
}

type DeleteMessageResult = "deleted" | "notFound";

/**
 * A member deletes one of their own messages: it disappears for both. If the other member had not
 * read it yet, their unread count goes down.
 */
export async function deleteOwnMessage(
  userId: number,
  conversationId: number,
  messageId: number,
  now = new Date(),
): Promise<DeleteMessageResult> {
  return db().$transaction(async (tx) => {
    const member = await tx.conversationMember.findUnique({
      where: { conversationId_userId: { conversationId, userId } },
      select: { otherUserId: true },
    });
    if (!member) return "notFound";
    const { count } = await tx.message.updateMany({
      where: { id: messageId, conversationId, senderId: userId, deletedAt: null },
      data: { deletedAt: now },
    });
    if (count === 0) return "notFound";
    await tx.conversationMember.updateMany({
      where: {
        conversationId,
        userId: member.otherUserId,
        unreadCount: { gt: 0 },
        OR: [{ lastReadMessageId: null }, { lastReadMessageId: { lt: messageId } }],
      },
      data: { unreadCount: { decrement: 1 } },
    });
    const payload = { conversationId, messageId };
    await publishChatEvents(tx, [
      { userId, type: "deleted", payload },
      { userId: member.otherUserId, type: "deleted", payload },
    ]);
    return "deleted";
  });
}

/** Whether the member takes part in the conversation (before asking to confirm a deletion). */
export async function isConversationMember(userId: number, conversationId: number) {
  const row = await db().conversationMember.findUnique({
    where: { conversationId_userId: { conversationId, userId } },
    select: { userId: true },
  });
  return row !== null;
}
