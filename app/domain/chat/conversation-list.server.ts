import { Prisma } from "~/generated/prisma/client";
import { queryPrepared } from "~/lib/db.server";
import { cardPhotoId } from "~/domain/profiles/member-card";
import {
  CONVERSATIONS_PAGE_SIZE,
  type ConversationList,
  type ConversationListItem,
  type MessagePreview,
} from "./chat-types";
import { isGone } from "~/domain/core/member-status";

const previewLength = 120;
const DAY = 86_400_000;

interface ListRow {
  total: number;
  items: {
    conversationId: number;
    otherUserId: number;
    unreadCount: number;
    lastMessageAt: string;
    userStatus: string | null;
    profileId: number | null;
    name: string | null;
    photoId: number | null;
    photoStatus: string | null;
    photoVisibility: string | null;
    kind: "text" | "photo" | "gift" | null;
    body: string | null;
    senderId: number | null;
    giftCode: string | null;
  }[];
}

function preview(userId: number, item: ListRow["items"][number]): MessagePreview {
  if (item.kind === null) return null;
  const own = item.senderId === userId;
  if (item.kind === "gift") return { kind: "gift", giftCode: item.giftCode, own };
  if (item.kind === "photo") return { kind: "photo", own };
  return { kind: "text", body: [...(item.body ?? "")].slice(0, previewLength).join(""), own };
}

/**
 * A member's conversations (docs/product.md, Chat): newest first, 24 a page, with the other member, the
 * last message and the unread count; deleted ones (hidden) are left out until a new message arrives.
 * A page past the end (an old link, a chat deleted since) shows the last page instead.
 * One statement: the count and the page, each row with its partner and the newest message the
 * member may still see (history limit and their own deletion), read backwards
 * along Message(conversationId, id), with its gift's code.
 */
export async function listConversations(
  userId: number,
  page: number,
  chatHistoryDays: number,
  now = new Date(),
): Promise<ConversationList> {
  const limit = new Date(now.getTime() - chatHistoryDays * DAY);
  const [row] = await queryPrepared<ListRow>(Prisma.sql`
    WITH counted AS (
      SELECT count(*)::int AS total FROM "ConversationMember" WHERE "userId" = ${userId} AND hidden = false
    )
    SELECT
      (SELECT total FROM counted) AS total,
      coalesce((SELECT json_agg(item ORDER BY item."lastMessageAt" DESC, item."conversationId" DESC) FROM (
        SELECT cm."conversationId", cm."otherUserId", cm."unreadCount", cm."lastMessageAt",
          u.status::text AS "userStatus", p.id AS "profileId", p.name, ph.id AS "photoId",
          ph.status::text AS "photoStatus", ph.visibility::text AS "photoVisibility",
          m.kind::text AS kind, m.body, m."senderId", g.code AS "giftCode"
        FROM (
          SELECT "conversationId", "otherUserId", "unreadCount", "lastMessageAt", "clearedAt"
          FROM "ConversationMember" WHERE "userId" = ${userId} AND hidden = false
          ORDER BY "lastMessageAt" DESC, "conversationId" DESC
          LIMIT ${CONVERSATIONS_PAGE_SIZE} OFFSET (SELECT least(${(page - 1) * CONVERSATIONS_PAGE_SIZE}::int,
            greatest(total - 1, 0) / ${CONVERSATIONS_PAGE_SIZE}::int * ${CONVERSATIONS_PAGE_SIZE}::int) FROM counted)
        ) cm
        LEFT JOIN "User" u ON u.id = cm."otherUserId"
        LEFT JOIN "Profile" p ON p."userId" = u.id
        LEFT JOIN "Photo" ph ON ph.id = p."mainPhotoId"
        LEFT JOIN LATERAL (
          SELECT kind, body, "senderId", "giftId" FROM "Message"
          WHERE "conversationId" = cm."conversationId" AND "deletedAt" IS NULL
            AND "createdAt" >= greatest(${limit}::timestamp, coalesce(cm."clearedAt", ${limit}::timestamp))
          ORDER BY id DESC LIMIT 1
        ) m ON true
        LEFT JOIN "Gift" g ON g.id = m."giftId"
      ) item), '[]'::json) AS items`);
  const { total, items: rows } = row!;
  const items: ConversationListItem[] = rows.map((item) => {
    const profile = item.userStatus !== null && !isGone(item.userStatus) ? item : null;
    return {
      conversationId: item.conversationId,
      partner: {
        userId: item.otherUserId,
        profileId: profile?.profileId ?? null,
        name: profile?.name ?? null,
        mainPhotoId:
          profile && item.photoId !== null
            ? cardPhotoId({ id: item.photoId, status: item.photoStatus!, visibility: item.photoVisibility! })
            : null,
      },
      unreadCount: item.unreadCount,
      lastMessageAt: new Date(`${item.lastMessageAt}Z`).toISOString(),
      lastMessage: preview(userId, item),
    };
  });
  const pageCount = Math.max(1, Math.ceil(total / CONVERSATIONS_PAGE_SIZE));
  return { items, total, page: Math.min(page, pageCount), pageCount };
}
