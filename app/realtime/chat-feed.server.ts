// One member's feed of chat events: first what they missed after their Last-Event-ID (read from
// the database), then, each time the hub wakes it, the rows after the last id it sent. One short
// query per wake-up on the normal pool: an open stream holds no database connection.
import { memberCounts, memberCountsSql } from "~/domain/accounts/member-counts.server";
import { Prisma } from "~/generated/prisma/client";
import { db, queryPrepared } from "~/lib/db.server";
import type { RealtimeHub } from "./hub.server";
import { logger } from "~/lib/logger.server";

/** Most events replayed on a reconnect; a larger gap gets one "resync" event instead. */
const REPLAY_LIMIT = 500;

export interface LiveTotals {
  num_unread_messages: number;
  num_new_likes: number;
}

/** One SSE event: id = ChatEvent id, event = type, data = payload plus the member's totals. */
export interface FeedEvent {
  id: string;
  type: string;
  data: Record<string, unknown> & { totals: LiveTotals };
}

interface StoredChatEvent {
  id: bigint;
  type: string;
  payload: Prisma.JsonValue;
}

/**
 * The member's events after `afterId` (oldest first) with their totals now, in one statement: a
 * live message wakes both members' feeds on every app process, so this runs twice per message.
 */
async function chatEventsAndTotals(
  userId: number,
  afterId: bigint,
  limit: number,
): Promise<{ rows: StoredChatEvent[]; totals: LiveTotals }> {
  const result = await queryPrepared<{
    id: bigint | null;
    type: string | null;
    payload: Prisma.JsonValue;
    unreadMessages: number;
    newLikes: number;
  }>(Prisma.sql`
    SELECT e.id, e.type, e.payload, c."unreadMessages", c."newLikes"
    FROM (${memberCountsSql(userId)}) c
    LEFT JOIN LATERAL (
      SELECT id, type, payload FROM "ChatEvent"
      WHERE "userId" = ${userId} AND id > ${afterId}
      ORDER BY id LIMIT ${limit}
    ) e ON true
    ORDER BY e.id`);
  const first = result[0]!;
  return {
    rows: result.flatMap((row) =>
      row.id === null ? [] : [{ id: row.id, type: row.type!, payload: row.payload }],
    ),
    totals: { num_unread_messages: first.unreadMessages, num_new_likes: first.newLikes },
  };
}

/** The member's newest event id (0 without events). */
async function latestChatEventId(userId: number): Promise<bigint> {
  const latest = await db().chatEvent.findFirst({
    where: { userId },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  return latest?.id ?? 0n;
}

/** A client's Last-Event-ID (header, or `lastEventId` query parameter): a ChatEvent id or nothing. */
export function parseLastEventId(value: string | null | undefined): bigint | null {
  if (!value || !/^\d{1,19}$/.test(value)) return null;
  const id = BigInt(value);
  return id <= 9_223_372_036_854_775_807n ? id : null;
}

/** The SSE data of an event: its payload (an object) with the totals at send time. */
function feedData(payload: Prisma.JsonValue, totals: LiveTotals): FeedEvent["data"] {
  const fields =
    payload !== null && typeof payload === "object" && !Array.isArray(payload) ? payload : { value: payload };
  return { ...fields, totals };
}

async function totalsOf(userId: number): Promise<LiveTotals> {
  const counts = await memberCounts(userId);
  return { num_unread_messages: counts.unreadMessages, num_new_likes: counts.newLikes };
}

interface ChatFeedOptions {
  hub: RealtimeHub;
  userId: number;
  /** What the client last received; null on a first connect (nothing is replayed then). */
  lastEventId: bigint | null;
  /** Delivers a batch (in id order); throwing ends the feed. */
  send: (events: FeedEvent[]) => void;
  /** The hub stopped or the feed failed: end the stream. */
  close: () => void;
  limit?: number;
  onError?: (error: unknown) => void;
}

/** Starts a member's feed; call the returned function when the stream ends. */
export function openChatFeed({
  hub,
  userId,
  lastEventId,
  send,
  close,
  limit = REPLAY_LIMIT,
  onError = (error) => logger.error("chat feed", { error: String(error) }),
}: ChatFeedOptions): () => void {
  let lastId: bigint | null = null; // set once the replay has run
  let running = false;
  let again = false;
  let ended = false;

  const end = () => {
    if (ended) return;
    ended = true;
    unsubscribe();
  };

  const deliver = (rows: StoredChatEvent[], totals: LiveTotals) => {
    if (ended) return;
    send(rows.map((row) => ({ id: row.id.toString(), type: row.type, data: feedData(row.payload, totals) })));
  };

  /** An event without payload that sets the client's Last-Event-ID to the member's newest event. */
  const mark = async (type: "ready" | "resync"): Promise<bigint> => {
    const latest = await latestChatEventId(userId);
    const totals = await totalsOf(userId);
    if (!ended) send([{ id: latest.toString(), type, data: { totals } }]);
    return latest;
  };

  /**
   * First run. A first connect gets "ready" (so that even a stream that dropped before any event
   * resumes from here); a reconnect gets what it missed after its Last-Event-ID, or one "resync"
   * when that is more than the limit (or the id is ahead of the database: restored or reset).
   */
  const replay = async (): Promise<bigint> => {
    if (lastEventId === null) return mark("ready");
    const { rows, totals } = await chatEventsAndTotals(userId, lastEventId, limit + 1);
    if (rows.length > 0 && rows.length <= limit) {
      deliver(rows, totals);
      return rows.at(-1)!.id;
    }
    if (rows.length === 0 && (await latestChatEventId(userId)) >= lastEventId) return lastEventId;
    return mark("resync");
  };

  const step = async () => {
    if (lastId === null) {
      lastId = await replay();
      return;
    }
    for (;;) {
      const { rows, totals } = await chatEventsAndTotals(userId, lastId, limit);
      if (rows.length === 0 || ended) return;
      deliver(rows, totals);
      lastId = rows.at(-1)!.id;
      if (rows.length < limit) return;
    }
  };

  const pump = async () => {
    if (ended) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await step();
      } while (again && !ended);
    } catch (error) {
      if (!ended) {
        onError(error);
        end();
        close();
      }
    } finally {
      running = false;
    }
  };

  // Subscribe before the replay query, so nothing committed in between goes unnoticed.
  const unsubscribe = hub.subscribe(userId, {
    notify: () => void pump(),
    close: () => {
      end();
      close();
    },
  });
  void pump();
  return end;
}
