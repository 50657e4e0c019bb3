import { Prisma } from "~/generated/prisma/client";
import { cardPhotoId } from "~/domain/profiles/member-card";
import { queryPrepared } from "~/lib/db.server";
import { gateFactsFrom, gateFactsSql, gateFor, type ChatViewer, type GateFactsRow } from "./chat-gate.server";
import { CHAT_CHANNEL, eventLocksSql } from "~/domain/notifications/live-events.server";
import { MESSAGES_PAGE_SIZE, type ChatGate, type ChatMessage, type ChatPartner } from "./chat-types";
import { isGone } from "~/domain/core/member-status";

const DAY = 86_400_000;

/** The oldest moment the site's history limit leaves visible. */
function historyLimit(chatHistoryDays: number, now: Date): Date {
  return new Date(now.getTime() - chatHistoryDays * DAY);
}

interface LoadConversationInput {
  /** The member opening the conversation (the gate needs their status and site). */
  viewer: ChatViewer;
  conversationId: number;
  chatHistoryDays: number;
  /** Show messages older than this message id (the "older" link); absent: the newest page. */
  before?: number;
  now?: Date;
}

interface ConversationView {
  conversationId: number;
  partner: ChatPartner;
  /** Whether the viewer can write to the partner (chatGate). */
  gate: ChatGate | "notFound";
  /** Oldest first. */
  messages: ChatMessage[];
  /** The id to pass as `before` for the previous page, or null when this is the oldest page. */
  olderBefore: number | null;
  /** On the oldest page: whether messages older than the site's history limit are hidden. */
  historyHidden: boolean;
}

interface MessageRow {
  id: number;
  senderId: number;
  kind: ChatMessage["kind"];
  body: string;
  chatPhotoId: number | null;
  giftId: number | null;
  gift: ChatMessage["gift"];
  createdAt: string;
}

interface ConversationRow extends GateFactsRow {
  otherUserId: number;
  unreadCount: number;
  lastReadMessageId: number | null;
  otherLastRead: number | null;
  receipts: boolean;
  newestFromOther: number | null;
  partnerStatus: string | null;
  profileId: number | null;
  name: string | null;
  photoId: number | null;
  photoStatus: string | null;
  photoVisibility: string | null;
  /** Newest first, one more than a page to know whether more follow. */
  messages: MessageRow[];
  /** Whether messages older than the member may see exist (history limit, their deletion). */
  older: boolean;
}

/**
 * The member's side of the conversation with everything the page needs, in one statement: their
 * read position, both read-receipt switches, the partner card, the gate's facts, the newest message
 * the other wrote (what opening the page marks as read) and a page of messages (those before
 * `before`, or the newest), each gift with its catalogue entry (code and picture; retired gifts
 * too). The member sees messages from the later of the history limit and their own deletion on
 * (`GREATEST` skips a null `clearedAt`).
 */
function readConversation(
  conversationId: number,
  userId: number,
  historyStart: Date,
  before: number | undefined,
) {
  const beforeClause = before ? Prisma.sql`AND id < ${before}` : Prisma.empty;
  return queryPrepared<ConversationRow>(Prisma.sql`
    SELECT me."otherUserId", me."unreadCount", me."lastReadMessageId",
      other."lastReadMessageId" AS "otherLastRead",
      (SELECT count(*) FILTER (WHERE NOT "hideReadReceipts") FROM "User"
        WHERE id IN (${userId}, me."otherUserId"))::int = 2 AS receipts,
      (SELECT id FROM "Message" WHERE "conversationId" = ${conversationId} AND "senderId" = me."otherUserId"
        AND "deletedAt" IS NULL ORDER BY id DESC LIMIT 1) AS "newestFromOther",
      o.status::text AS "partnerStatus", p.id AS "profileId", p.name, ph.id AS "photoId",
      ph.status::text AS "photoStatus", ph.visibility::text AS "photoVisibility",
      ${gateFactsSql(userId)},
      coalesce((SELECT json_agg(m ORDER BY m.id DESC) FROM (
        SELECT page.*, CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object('code', g.code, 'image', g.image, 'names', g.names) END AS gift
        FROM (
          SELECT id, "senderId", kind::text AS kind, body, "chatPhotoId", "giftId", "createdAt" FROM "Message"
          WHERE "conversationId" = ${conversationId} AND "deletedAt" IS NULL AND "createdAt" >= seen.since
            ${beforeClause}
          ORDER BY id DESC LIMIT ${MESSAGES_PAGE_SIZE + 1}
        ) page
        LEFT JOIN "Gift" g ON g.id = page."giftId"
      ) m), '[]'::json) AS messages,
      EXISTS(SELECT 1 FROM "Message" WHERE "conversationId" = ${conversationId} AND "deletedAt" IS NULL
        AND "createdAt" < seen.since AND "createdAt" >= coalesce(me."clearedAt", '-infinity')) AS older
    FROM "ConversationMember" me
    CROSS JOIN LATERAL (SELECT GREATEST(${historyStart}::timestamp, me."clearedAt") AS since) seen
    LEFT JOIN "ConversationMember" other
      ON other."conversationId" = me."conversationId" AND other."userId" = me."otherUserId"
    LEFT JOIN "User" o ON o.id = me."otherUserId"
    LEFT JOIN "Profile" p ON p."userId" = o.id
    LEFT JOIN "Photo" ph ON ph.id = p."mainPhotoId"
    WHERE me."conversationId" = ${conversationId} AND me."userId" = ${userId}`);
}

/**
 * Marks what the other member wrote up to `lastRead` as read and tells them (read receipts): the
 * update, its live event and the notification in one statement, so all or none of it happens.
 * The reader's own streams get a "totals" event too: their other open tabs then show the lower
 * unread count at once (every event carries the totals at send time) instead of at the next poll.
 * `readUnread` is the unread count read with `lastRead`: a message arriving since (another process's
 * send, committed before or while this update waits for the row) stays counted as unread.
 */
async function markRead(
  conversationId: number,
  userId: number,
  otherUserId: number,
  lastRead: number | null,
  readUnread: number,
) {
  const payload = JSON.stringify({ conversationId, messageId: lastRead });
  const ownPayload = JSON.stringify({ conversationId });
  const userIds = [otherUserId, userId];
  await queryPrepared(Prisma.sql`
    WITH updated AS (
      UPDATE "ConversationMember"
      SET "unreadCount" = GREATEST("unreadCount" - ${readUnread}::int, 0),
        "lastReadMessageId" = GREATEST("lastReadMessageId", ${lastRead}::int)
      WHERE "conversationId" = ${conversationId} AND "userId" = ${userId}
      RETURNING "userId"
    ), ${eventLocksSql(userIds)}, stored AS (
      INSERT INTO "ChatEvent" ("userId", type, payload, "createdAt")
      SELECT e."userId", e.type, e.payload::jsonb, ${new Date()}::timestamp
      FROM updated, event_locks, (VALUES
        (${otherUserId}::int, 'read', ${payload}::text),
        (${userId}::int, 'totals', ${ownPayload}::text)
      ) AS e("userId", type, payload)
    )
    SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ userIds })}) FROM updated`);
}

function partnerFrom(row: ConversationRow): ChatPartner {
  const present = row.partnerStatus !== null && !isGone(row.partnerStatus) && row.profileId !== null;
  return {
    userId: row.otherUserId,
    profileId: present ? row.profileId : null,
    name: present ? row.name : null,
    mainPhotoId:
      present && row.photoId !== null
        ? cardPhotoId({ id: row.photoId, status: row.photoStatus!, visibility: row.photoVisibility! })
        : null,
  };
}

/**
 * The newest own message the other member has read: "seen" stands under that one only (as in the
 * big messengers), and only on the newest page, where the messages up to it are all shown. Who
 * hides their own read receipts sees no one else's either.
 */
function lastSeenOwnMessage(
  page: readonly { id: number; senderId: number }[],
  userId: number,
  member: Pick<ConversationRow, "receipts" | "otherLastRead">,
): number | null {
  const lastRead = member.receipts ? member.otherLastRead : null;
  if (lastRead === null) return null;
  return page.findLast((m) => m.senderId === userId && m.id <= lastRead)?.id ?? null;
}

/**
 * One conversation for one of its two members (null for anyone else: the page answers 404). Shows
 * the newest page of messages (or those before `before`), leaving out deleted messages, those before
 * the member deleted the chat and those older than the site's history limit. Opening the newest page
 * sets the member's unread count to 0 and tells the other member what was read.
 */
export async function loadConversation(input: LoadConversationInput): Promise<ConversationView | null> {
  const now = input.now ?? new Date();
  const { conversationId, viewer } = input;
  const userId = viewer.id;
  const [member] = await readConversation(
    conversationId,
    userId,
    historyLimit(input.chatHistoryDays, now),
    input.before,
  );
  if (!member) return null;
  const { messages: rows, older } = member;
  const more = rows.length > MESSAGES_PAGE_SIZE;
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  const seenId = input.before ? null : lastSeenOwnMessage(page, userId, member);
  const messages: ChatMessage[] = page.map((m) => ({
    id: m.id,
    own: m.senderId === userId,
    kind: m.kind,
    body: m.body,
    chatPhotoId: m.chatPhotoId,
    giftId: m.giftId,
    gift: m.gift,
    createdAt: new Date(`${m.createdAt}Z`).toISOString(),
    seen: m.id === seenId,
  }));
  if (!input.before) {
    const lastRead = member.newestFromOther ?? member.lastReadMessageId;
    if (member.unreadCount !== 0 || lastRead !== member.lastReadMessageId) {
      await markRead(conversationId, userId, member.otherUserId, lastRead, member.unreadCount);
    }
  }
  return {
    conversationId,
    partner: partnerFrom(member),
    gate: gateFor(viewer, gateFactsFrom(member)),
    messages,
    olderBefore: more && page[0] ? page[0].id : null,
    historyHidden: !more && older,
  };
}
