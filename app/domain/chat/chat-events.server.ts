import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";

/** The PostgreSQL channel that tells every app process about new chat events (payload: user ids). */
export const CHAT_CHANNEL = "chat_events";

export type ChatEventType = "message" | "read" | "deleted";

/**
 * Stores one event per member (numbered, for Last-Event-ID replay) and notifies every app process.
 * NOTIFY is transactional: the other processes hear of it only once `tx` commits.
 */
export async function publishChatEvents(
  tx: Prisma.TransactionClient,
  events: { userId: number; type: ChatEventType; payload: Prisma.InputJsonValue }[],
) {
  if (events.length === 0) return;
  await tx.chatEvent.createMany({ data: events });
  const userIds = [...new Set(events.map((e) => e.userId))];
  await tx.$executeRaw`SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ userIds })})`;
}

/** Live events are kept this long for reconnecting browsers; older ones only fill the table. */
export const CHAT_EVENT_DAYS = 7;

/** Deletes live events older than CHAT_EVENT_DAYS (index [createdAt]); run by the daily maintenance job. */
export async function pruneChatEvents(now = new Date()): Promise<number> {
  const { count } = await db().chatEvent.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - CHAT_EVENT_DAYS * 86_400_000) } },
  });
  return count;
}
