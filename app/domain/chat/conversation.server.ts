import { db } from "~/lib/db.server";
import { publishChatEvents } from "./chat-events.server";
import { MESSAGES_PAGE_SIZE, type ChatMessage, type ChatPartner } from "./chat-types";
import { visibleSince } from "./history";
import { partnersById } from "./partner.server";

export interface LoadConversationInput {
  userId: number;
  conversationId: number;
  chatHistoryDays: number;
  /** Show messages older than this message id (the "older" link); absent: the newest page. */
  before?: number;
  now?: Date;
}

export interface ConversationView {
  conversationId: number;
  partner: ChatPartner;
  /** Oldest first. */
  messages: ChatMessage[];
  /** The id to pass as `before` for the previous page, or null when this is the oldest page. */
  olderBefore: number | null;
  /** On the oldest page: whether messages older than the site's history limit are hidden. */
  historyHidden: boolean;
}

/** Marks everything the other member wrote as read and tells them (read receipts), in one transaction. */
async function markRead(
  conversationId: number,
  userId: number,
  otherUserId: number,
  state: { unreadCount: number; lastReadMessageId: number | null },
) {
  const newest = await db().message.findFirst({
    where: { conversationId, senderId: otherUserId, deletedAt: null },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  const lastRead = newest?.id ?? state.lastReadMessageId;
  if (state.unreadCount === 0 && lastRead === state.lastReadMessageId) return;
  await db().$transaction(async (tx) => {
    await tx.conversationMember.update({
      where: { conversationId_userId: { conversationId, userId } },
      data: { unreadCount: 0, lastReadMessageId: lastRead },
      select: { userId: true },
    });
    await publishChatEvents(tx, [
      { userId: otherUserId, type: "read", payload: { conversationId, messageId: lastRead } },
    ]);
  });
}

/**
 * One conversation for one of its two members (null for anyone else: the page answers 404). Shows
 * the newest page of messages (or those before `before`), leaving out deleted messages, those before
 * the member deleted the chat and those older than the site's history limit. Opening the newest page
 * sets the member's unread count to 0 and tells the other member what was read.
 */
export async function loadConversation(input: LoadConversationInput): Promise<ConversationView | null> {
  const now = input.now ?? new Date();
  const { conversationId, userId } = input;
  const member = await db().conversationMember.findUnique({
    where: { conversationId_userId: { conversationId, userId } },
    select: { otherUserId: true, clearedAt: true, unreadCount: true, lastReadMessageId: true },
  });
  if (!member) return null;
  const since = visibleSince(input.chatHistoryDays, member.clearedAt, now);
  const [rows, partners, other, users] = await Promise.all([
    db().message.findMany({
      where: {
        conversationId,
        deletedAt: null,
        createdAt: { gte: since },
        ...(input.before ? { id: { lt: input.before } } : {}),
      },
      orderBy: { id: "desc" },
      take: MESSAGES_PAGE_SIZE + 1,
      select: {
        id: true,
        senderId: true,
        kind: true,
        body: true,
        chatPhotoId: true,
        giftId: true,
        createdAt: true,
      },
    }),
    partnersById([member.otherUserId]),
    db().conversationMember.findUnique({
      where: { conversationId_userId: { conversationId, userId: member.otherUserId } },
      select: { lastReadMessageId: true },
    }),
    db().user.findMany({
      where: { id: { in: [userId, member.otherUserId] } },
      select: { hideReadReceipts: true },
    }),
  ]);
  const more = rows.length > MESSAGES_PAGE_SIZE;
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  // Who hides their own read receipts sees no one else's either.
  const receipts = users.length === 2 && users.every((u) => !u.hideReadReceipts);
  const seenUpTo = receipts ? (other?.lastReadMessageId ?? 0) : 0;
  const messages: ChatMessage[] = page.map((m) => ({
    id: m.id,
    own: m.senderId === userId,
    kind: m.kind,
    body: m.body,
    chatPhotoId: m.chatPhotoId,
    giftId: m.giftId,
    createdAt: m.createdAt.toISOString(),
    seen: m.senderId === userId && m.id <= seenUpTo,
  }));
  const historyHidden =
    !more &&
    (await db().message.findFirst({
      where: {
        conversationId,
        deletedAt: null,
        createdAt: { lt: since, ...(member.clearedAt ? { gte: member.clearedAt } : {}) },
      },
      select: { id: true },
    })) !== null;
  if (!input.before) await markRead(conversationId, userId, member.otherUserId, member);
  return {
    conversationId,
    partner: partners.get(member.otherUserId)!,
    messages,
    olderBefore: more && page[0] ? page[0].id : null,
    historyHidden,
  };
}
