import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";

/** The PostgreSQL channel that tells every app process about new chat events (payload: user ids). */
export const CHAT_CHANNEL = "chat_events";

/**
 * What a live event tells a member: chat changes, a new like (for the badge), or only new totals
 * ("totals": the member read a conversation, so their other tabs lower their counts).
 */
type ChatEventType = "message" | "read" | "deleted" | "like" | "totals";

/** Advisory lock class of a member's live events (the second key is the user id). */
const CHAT_EVENT_LOCK = 41;

/**
 * The CTE `event_locks`: each member's event lock, in id order, held until the transaction ends.
 * A statement that stores events must read it first. Ids come from a sequence but become visible
 * in commit order: without the lock, a member's event 100 could commit after event 101, and a
 * stream that had already read 101 would never send it (it reads `id > 101`).
 */
export function eventLocksSql(userIds: number[]) {
  const members = [...new Set(userIds)].sort((a, b) => a - b);
  return Prisma.sql`event_locks AS (
    SELECT count(pg_advisory_xact_lock(${CHAT_EVENT_LOCK}::int, member)) AS taken
    FROM unnest(ARRAY[${Prisma.join(members)}]::int[]) AS member
  )`;
}

/**
 * Stores one event per member (numbered, for Last-Event-ID replay) and notifies every app process.
 * NOTIFY is transactional: the other processes hear of it only once `tx` commits.
 */
export async function publishChatEvents(
  tx: Prisma.TransactionClient,
  events: { userId: number; type: ChatEventType; payload: Prisma.InputJsonValue }[],
) {
  if (events.length === 0) return;
  const userIds = [...new Set(events.map((e) => e.userId))];
  // One statement for both: sending a message publishes on its hot path.
  await tx.$executeRaw`
    WITH ${eventLocksSql(userIds)}, stored AS (
      INSERT INTO "ChatEvent" ("userId", type, payload, "createdAt")
      SELECT e."userId", e.type, e.payload, ${new Date()}
      FROM event_locks, jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS e("userId" int, type text, payload jsonb)
    )
    SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ userIds })})`;
}

/**
 * Ends the members' open event streams on every app process, once `tx` commits: their sessions were
 * deleted (staff ended them, or a ban), and a stream would otherwise run on until its next
 * heartbeat found that out. The browser's reconnect is then refused and the page reloads logged out.
 */
export async function endLiveStreams(tx: Prisma.TransactionClient, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx.$executeRaw`SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ endUserIds: userIds })})`;
}

/**
 * For a statement that stores a message in a CTE named `message`: the CTEs that store its "message"
 * event for each member (after their event locks), and the expression that notifies the app
 * processes (only when stored).
 */
export function messageEventSql(conversationId: number, userIds: number[]) {
  return {
    events: Prisma.sql`${eventLocksSql(userIds)}, events AS (
      INSERT INTO "ChatEvent" ("userId", type, payload, "createdAt")
      SELECT member, 'message', jsonb_build_object('conversationId', ${conversationId}::int, 'messageId', message.id),
        ${new Date()}
      FROM message, event_locks, unnest(ARRAY[${Prisma.join(userIds)}]::int[]) AS member
    )`,
    notify: Prisma.sql`(SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ userIds })}) FROM message)`,
  };
}

/** Live events are kept this long for reconnecting browsers; older ones only fill the table. */
const CHAT_EVENT_DAYS = 7;

/** Deletes live events older than CHAT_EVENT_DAYS (index [createdAt]); run by the daily maintenance job. */
export async function pruneChatEvents(now = new Date()): Promise<number> {
  const { count } = await db().chatEvent.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - CHAT_EVENT_DAYS * 86_400_000) } },
  });
  return count;
}
