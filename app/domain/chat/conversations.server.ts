import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import {
  CONVERSATIONS_PAGE_SIZE,
  type ConversationList,
  type ConversationListItem,
  type MessagePreview,
} from "./chat-types";
import { visibleSince } from "./history";
import { partnersById } from "./partner.server";

const previewLength = 120;

/** The newest message this member may still see, for the list's preview (index [conversationId, id]). */
async function lastMessage(userId: number, conversationId: number, since: Date): Promise<MessagePreview> {
  const message = await db().message.findFirst({
    where: { conversationId, deletedAt: null, createdAt: { gte: since } },
    orderBy: { id: "desc" },
    select: { kind: true, body: true, senderId: true },
  });
  if (!message) return null;
  const own = message.senderId === userId;
  if (message.kind !== "text") return { kind: message.kind, own };
  return { kind: "text", body: [...message.body].slice(0, previewLength).join(""), own };
}

/**
 * A member's conversations (SPEC "Chats"): newest first, 24 a page, with the other member, the
 * last message and the unread count; deleted ones (hidden) are left out until a new message arrives.
 */
export async function listConversations(
  userId: number,
  page: number,
  chatHistoryDays: number,
  now = new Date(),
): Promise<ConversationList> {
  const where = { userId, hidden: false } satisfies Prisma.ConversationMemberWhereInput;
  const [total, rows] = await Promise.all([
    db().conversationMember.count({ where }),
    db().conversationMember.findMany({
      where,
      orderBy: [{ lastMessageAt: "desc" }, { conversationId: "desc" }],
      skip: (page - 1) * CONVERSATIONS_PAGE_SIZE,
      take: CONVERSATIONS_PAGE_SIZE,
      select: {
        conversationId: true,
        otherUserId: true,
        unreadCount: true,
        clearedAt: true,
        lastMessageAt: true,
      },
    }),
  ]);
  const [partners, previews] = await Promise.all([
    partnersById(rows.map((r) => r.otherUserId)),
    Promise.all(
      rows.map((r) => lastMessage(userId, r.conversationId, visibleSince(chatHistoryDays, r.clearedAt, now))),
    ),
  ]);
  const items: ConversationListItem[] = rows.map((row, index) => ({
    conversationId: row.conversationId,
    partner: partners.get(row.otherUserId)!,
    unreadCount: row.unreadCount,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessage: previews[index] ?? null,
  }));
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / CONVERSATIONS_PAGE_SIZE)) };
}
