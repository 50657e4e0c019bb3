// Live delivery (docs/decisions/0002-chat.md): the per-process LISTEN hub across two "app servers",
// transactional NOTIFY, Last-Event-ID replay from the database and the /api/events stream itself.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publishChatEvents } from "~/domain/notifications/live-events.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { openChatFeed, type FeedEvent } from "~/realtime/chat-feed.server";
import { chatEventStream } from "~/realtime/event-stream.server";
import { createRealtimeHub, stopRealtime, type RealtimeHub } from "~/realtime/hub.server";
import { loader as eventsLoader } from "~/routes/api.events";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createApp } from "../../server/app";
import { createLogger } from "~/lib/logger.server";
import { createMember } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";

const hubs: RealtimeHub[] = [];
/** An open event stream's heartbeat comes every 25 s. */
const HEARTBEAT_MS = 25_000;
type ChatEventType = Parameters<typeof publishChatEvents>[1][number]["type"];

beforeAll(async () => {
  await seedBaseData(db());
});

afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.stop()));
  await stopRealtime();
  await stopJobs();
});

function newHub(options: Partial<Parameters<typeof createRealtimeHub>[0]> = {}) {
  const hub = createRealtimeHub({ connectionString: process.env.DATABASE_URL!, log: () => {}, ...options });
  hubs.push(hub);
  return hub;
}

type NewEvent = { userId: number; type?: ChatEventType; payload?: Record<string, number> };

/** Stores and announces events in one committed transaction; returns their ids. */
async function publish(events: NewEvent[]) {
  const before = await db().chatEvent.aggregate({ _max: { id: true } });
  await db().$transaction((tx) =>
    publishChatEvents(
      tx,
      events.map((e) => ({ userId: e.userId, type: e.type ?? "message", payload: e.payload ?? {} })),
    ),
  );
  const rows = await db().chatEvent.findMany({
    where: { id: { gt: before._max.id ?? 0n }, userId: { in: events.map((e) => e.userId) } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The member's events after `afterId`, oldest first, as a reconnecting feed replays them. */
async function chatEventsAfter(userId: number, afterId: bigint) {
  let replayed: (events: FeedEvent[]) => void = () => {};
  const sent = new Promise<FeedEvent[]>((resolve) => (replayed = resolve));
  const stop = openChatFeed({ hub: newHub(), userId, lastEventId: afterId, send: replayed, close: () => {} });
  try {
    const events = await withTimeout(sent, 2000, "the replay");
    return events.map(({ id, type, data: { totals: _, ...payload } }) => ({ id: BigInt(id), type, payload }));
  } finally {
    stop();
  }
}

/** A hub subscriber that counts its wake-ups. */
function probe(hub: RealtimeHub, userId: number) {
  const waiters = new Set<() => void>();
  const state = {
    count: 0,
    closed: false,
    /** Resolves once woken `count` times in all. */
    reached: (count: number, ms = 2000) => {
      const done = new Promise<void>((resolve) => {
        const check = () => {
          if (state.count < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
      return withTimeout(done, ms, `wake-up ${count} of user ${userId}`);
    },
    unsubscribe: () => {},
  };
  state.unsubscribe = hub.subscribe(userId, {
    notify: () => {
      state.count++;
      for (const check of [...waiters]) check();
    },
    close: () => {
      state.closed = true;
    },
  });
  return state;
}

describe("the realtime hub (LISTEN/NOTIFY)", () => {
  it("wakes a subscriber on another app server's hub within a second, each hub on its own connection", async () => {
    const a = newHub({ applicationName: "it-realtime-a" });
    const b = newHub({ applicationName: "it-realtime-b" });
    await Promise.all([a.ready(), b.ready()]);
    const listeners = await db().$queryRaw<{ count: bigint }[]>`
      SELECT count(*) AS count FROM pg_stat_activity
      WHERE application_name IN ('it-realtime-a', 'it-realtime-b') AND query ILIKE 'LISTEN%'`;
    expect(Number(listeners[0]!.count)).toBe(2);

    const [anna, bram] = [await createMember(), await createMember()];
    const onA = probe(a, anna.userId);
    const onB = probe(b, anna.userId);
    const bramOnB = probe(b, bram.userId);
    const started = performance.now();
    await publish([{ userId: anna.userId, payload: { conversationId: 1, messageId: 1 } }]);
    await Promise.all([onA.reached(1), onB.reached(1)]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(bramOnB.count).toBe(0);

    onB.unsubscribe();
    await publish([{ userId: anna.userId }]);
    await onA.reached(2);
    expect(onB.count).toBe(1);
  });

  it("tells nothing before the commit and nothing after a rollback", async () => {
    const hub = newHub();
    await hub.ready();
    const [anna, bram] = [await createMember(), await createMember()];
    const annas = probe(hub, anna.userId);
    const brams = probe(hub, bram.userId);

    await db().$transaction(async (tx) => {
      await publishChatEvents(tx, [{ userId: anna.userId, type: "message", payload: {} }]);
      // A later, committed notification arrives while Anna's transaction is still open.
      await publish([{ userId: bram.userId }]);
      await brams.reached(1);
      expect(annas.count).toBe(0);
    });
    await annas.reached(1);

    await expect(
      db().$transaction(async (tx) => {
        await publishChatEvents(tx, [{ userId: anna.userId, type: "message", payload: {} }]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await publish([{ userId: bram.userId }]);
    await brams.reached(2); // NOTIFYs arrive in commit order: Anna's would have come first
    expect(annas.count).toBe(1);
    expect(await chatEventsAfter(anna.userId, 0n)).toHaveLength(1);
  });

  it("reconnects after losing its connection and wakes every subscriber to catch up", async () => {
    const warnings: string[] = [];
    const hub = newHub({
      applicationName: "it-realtime-reconnect",
      retryDelayMs: 20,
      log: (_level, msg) => warnings.push(msg),
    });
    await hub.ready();
    const anna = await createMember();
    const annas = probe(hub, anna.userId);
    await db().$executeRaw`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'it-realtime-reconnect' AND pid <> pg_backend_pid()`;
    await annas.reached(1, 3000); // woken by the reconnect: events of the gap are read from the database
    expect(warnings).toEqual(["realtime connection lost, reconnecting"]);
    await publish([{ userId: anna.userId }]);
    await annas.reached(2);
  });

  it("closes its subscribers when it stops", async () => {
    const hub = createRealtimeHub({ connectionString: process.env.DATABASE_URL!, log: () => {} });
    await hub.ready();
    const anna = await createMember();
    const annas = probe(hub, anna.userId);
    await hub.stop();
    expect(annas.closed).toBe(true);
  });
});

describe("replay from the database", () => {
  it("returns the member's events after an id, in order, and no one else's", async () => {
    const [anna, bram] = [await createMember(), await createMember()];
    const ids = await publish([
      { userId: anna.userId, payload: { messageId: 1 } },
      { userId: bram.userId, payload: { messageId: 1 } },
      { userId: anna.userId, type: "read", payload: { messageId: 2 } },
      { userId: anna.userId, payload: { messageId: 3 } },
    ]);
    const annasIds = (await chatEventsAfter(anna.userId, 0n)).map((e) => e.id);
    expect(annasIds).toHaveLength(3);
    const after = await chatEventsAfter(anna.userId, annasIds[0]!);
    expect(after.map((e) => [e.type, e.payload])).toEqual([
      ["read", { messageId: 2 }],
      ["message", { messageId: 3 }],
    ]);
    expect(after.map((e) => e.id)).toEqual(annasIds.slice(1));
    expect(ids).toHaveLength(4);
  });

  it("feeds the missed events with totals, or one resync when more were missed than the limit", async () => {
    const hub = newHub();
    const anna = await createMember();
    const ids = await publish(
      [1, 2, 3, 4].map((messageId) => ({ userId: anna.userId, payload: { messageId } })),
    );

    const open = (lastEventId: bigint | null, limit: number) => {
      const sent: FeedEvent[] = [];
      let wake: () => void = () => {};
      const arrived = new Promise<void>((resolve) => (wake = resolve));
      const stop = openChatFeed({
        hub,
        userId: anna.userId,
        lastEventId,
        limit,
        send: (events) => {
          sent.push(...events);
          wake();
        },
        close: () => {},
      });
      return { sent, arrived: withTimeout(arrived, 2000, "feed"), stop };
    };

    const small = open(ids[1]!, 2);
    await small.arrived;
    expect(small.sent.map((e) => [e.id, e.type, e.data])).toEqual([
      [String(ids[2]), "message", { messageId: 3, totals: { num_unread_messages: 0, num_new_likes: 0 } }],
      [String(ids[3]), "message", { messageId: 4, totals: { num_unread_messages: 0, num_new_likes: 0 } }],
    ]);
    small.stop();

    const gap = open(ids[0]!, 2);
    await gap.arrived;
    expect(gap.sent).toEqual([
      { id: String(ids[3]), type: "resync", data: { totals: { num_unread_messages: 0, num_new_likes: 0 } } },
    ]);
    gap.stop();

    const ahead = open(ids[3]! + 1000n, 2);
    await ahead.arrived;
    expect(ahead.sent.map((e) => [e.id, e.type])).toEqual([[String(ids[3]), "resync"]]);
    ahead.stop();
  });
});

interface SseBlock {
  id?: string;
  event?: string;
  /** Parsed JSON. */
  data?: unknown;
  retry?: string;
  comment?: boolean;
}

/** Reads an SSE body block by block. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const parse = (block: string): SseBlock => {
    const parsed: SseBlock = {};
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) parsed.comment = true;
      const [field, ...rest] = line.split(":");
      const value = rest.join(":");
      if (field === "id" || field === "event" || field === "retry") parsed[field] = value;
      if (field === "data") parsed.data = JSON.parse(value);
    }
    return parsed;
  };
  const next = async (): Promise<SseBlock> => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended");
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return {
    /** The next event (skipping retry and heartbeat blocks). */
    event: async (ms = 2000): Promise<SseBlock> => {
      for (;;) {
        const block = await withTimeout(next(), ms, "an SSE event");
        if (block.event) return block;
      }
    },
    next: (ms = 2000) => withTimeout(next(), ms, "an SSE block"),
    cancel: () => reader.cancel(),
  };
}

async function openStream(userId: number | null, headers: Record<string, string> = {}, query = "") {
  let response: unknown;
  const outcome = await runRoute(await siteRequest(`/api/events${query}`, userId, { headers }), [
    (async (args: Parameters<typeof eventsLoader>[0]) => (response = await eventsLoader(args))) as never,
  ]);
  return { outcome, response: response as Response };
}

describe("GET /api/events", () => {
  it("refuses visitors with authentication_required", async () => {
    const { outcome } = await openStream(null);
    expect(outcome.status).toBe(403);
    expect(outcome.body).toEqual({ error: "authentication_required" });
  });

  it("answers anything but GET with 405 and opens no stream, so no open tab holds mail back", async () => {
    const anna = await createMember();
    const get = await siteRequest("/api/events?tab=t1", anna.userId);
    for (const method of ["HEAD", "OPTIONS"]) {
      let response: unknown;
      const outcome = await runRoute(new Request(get, { method }), [
        (async (args: Parameters<typeof eventsLoader>[0]) => (response = await eventsLoader(args))) as never,
      ]);
      expect(outcome.status, method).toBe(405);
      expect(response, method).not.toBeInstanceOf(Response);
    }
    // A stream would have written its open-tab row by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await db().openTab.count({ where: { userId: anna.userId } })).toBe(0);
  });

  it("replays what was missed after Last-Event-ID with the ids, then streams live events", async () => {
    const [anna, bram] = [await createMember(), await createMember()];
    const ids = await publish([
      { userId: anna.userId, payload: { conversationId: 7, messageId: 1 } },
      { userId: anna.userId, type: "read", payload: { conversationId: 7, messageId: 2 } },
      { userId: bram.userId, payload: { conversationId: 7, messageId: 2 } },
      { userId: anna.userId, payload: { conversationId: 7, messageId: 3 } },
    ]);
    const annasIds = ids.filter((_, index) => index !== 2);

    const { response } = await openStream(anna.userId, { "Last-Event-ID": String(annasIds[0]) });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    expect(response.headers.get("Connection")).toBe("keep-alive");

    const stream = sseReader(response.body!);
    expect(await stream.next()).toEqual({ retry: "2000" });
    const totals = { num_unread_messages: 0, num_new_likes: 0 };
    expect(await stream.event()).toEqual({
      id: String(annasIds[1]),
      event: "read",
      data: { conversationId: 7, messageId: 2, totals },
    });
    expect(await stream.event()).toEqual({
      id: String(annasIds[2]),
      event: "message",
      data: { conversationId: 7, messageId: 3, totals },
    });

    const [live] = await publish([{ userId: anna.userId, payload: { conversationId: 7, messageId: 4 } }]);
    expect(await stream.event()).toEqual({
      id: String(live),
      event: "message",
      data: { conversationId: 7, messageId: 4, totals },
    });
    await stream.cancel();

    // An EventSource polyfill's `lastEventId` parameter works as well.
    const polyfill = await openStream(anna.userId, {}, `?lastEventId=${annasIds[2]}`);
    const replayed = sseReader(polyfill.response.body!);
    expect((await replayed.event()).id).toBe(String(live));
    await replayed.cancel();

    // A first connect replays nothing: "ready" sets the browser's Last-Event-ID to the newest event.
    const first = await openStream(anna.userId);
    const fresh = sseReader(first.response.body!);
    expect(await fresh.event()).toEqual({ id: String(live), event: "ready", data: { totals } });
    const [newest] = await publish([{ userId: anna.userId, payload: { conversationId: 7, messageId: 5 } }]);
    expect((await fresh.event()).id).toBe(String(newest));
    await fresh.cancel();
  });
});

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 2000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a stream whose session ended", () => {
  it("ends at the next heartbeat after the member logged out, and its open tab goes with it", async () => {
    const anna = await createMember();
    const openTabs = () => db().openTab.count({ where: { userId: anna.userId } });
    // Only the heartbeats' intervals are the test's: the database and the reads keep real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const { response } = await openStream(anna.userId, {}, "?tab=t1");
      const stream = sseReader(response.body!);
      expect((await stream.event()).event).toBe("ready");
      await until(async () => (await openTabs()) === 1, "the open tab's row");

      // A heartbeat while the session lasts: the stream goes on (better-sse's keep-alive comment).
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      expect(await stream.next()).toEqual({ comment: true });

      await db().session.deleteMany({ where: { userId: anna.userId } });
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      await expect(
        (async () => {
          for (;;) await stream.next(3000);
        })(),
      ).rejects.toThrow("stream ended");
      await until(async () => (await openTabs()) === 0, "the open tab's row to go");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the stream through Express", () => {
  it("is neither compressed nor held back, and unsubscribes when the browser goes away", async () => {
    const anna = await createMember();
    const hub = newHub();
    let subscribed = 0;
    const counting: RealtimeHub = {
      ...hub,
      subscribe: (userId, subscriber) => {
        subscribed++;
        const unsubscribe = hub.subscribe(userId, subscriber);
        return () => {
          subscribed--;
          unsubscribe();
        };
      },
    };
    // As @react-router/express sends a loader's Response (the build is not needed here).
    const routes: RequestHandler = (req, res, next) => {
      if (req.path === "/plain-sse") {
        res.setHeader("Content-Type", "text/event-stream");
        return void res.end("data: {}\n\n".repeat(500));
      }
      if (req.path !== "/api/events") return next();
      const aborted = new AbortController();
      res.on("close", () => aborted.abort());
      const headers = Object.entries(req.headers).filter(
        (h): h is [string, string] => typeof h[1] === "string",
      );
      const request = new Request(`http://localhost${req.originalUrl}`, { headers, signal: aborted.signal });
      const response = chatEventStream(
        request,
        { userId: anna.userId, sessionId: "not-checked-before-a-heartbeat" },
        counting,
      );
      res.status(response.status);
      for (const [key, value] of response.headers) res.append(key, value);
      res.flushHeaders();
      writeReadableStreamToWritable(response.body!, res).catch(() => {});
    };
    const app = createApp({
      build: () => Promise.reject(new Error("no app build in this test")),
      buildDir: "build",
      standIns: true,
      databaseUrl: process.env.DATABASE_URL!,
      logger: createLogger("silent"),
      trustProxy: 0,
      viteMiddleware: routes,
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // Not compressed even without "no-transform" (compression would hold events back).
      const plain = await fetch(`${url}/plain-sse`, { headers: { "Accept-Encoding": "gzip" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      await plain.text();

      const browser = new AbortController();
      const response = await fetch(`${url}/api/events`, {
        headers: { "Accept-Encoding": "gzip" },
        signal: browser.signal,
      });
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const stream = sseReader(response.body!);
      expect((await stream.event()).event).toBe("ready");
      const [live] = await publish([{ userId: anna.userId, payload: { conversationId: 9, messageId: 1 } }]);
      expect((await stream.event()).id).toBe(String(live));
      expect(subscribed).toBe(1);
      browser.abort();
      await until(() => subscribed === 0, "the subscription to end");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("a member's event ids", () => {
  it("commit in id order: a second event for the member waits until the first one's transaction ends", async () => {
    const member = await createMember();
    const event = { userId: member.userId, type: "deleted" as ChatEventType, payload: {} };
    let stored: () => void = () => {};
    const firstStored = new Promise<void>((resolve) => (stored = resolve));
    let commit: () => void = () => {};
    const firstMayCommit = new Promise<void>((resolve) => (commit = resolve));
    const first = db().$transaction(async (tx) => {
      await publishChatEvents(tx, [event]);
      stored();
      await firstMayCommit;
    });
    await firstStored;
    let secondDone = false;
    const second = db()
      .$transaction((tx) => publishChatEvents(tx, [event]))
      .then(() => (secondDone = true));
    // Had the second committed now, a stream could read its id and then skip the first one's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    commit();
    await Promise.all([first, second]);
    expect(secondDone).toBe(true);
    expect(await db().chatEvent.count({ where: { userId: member.userId } })).toBe(2);
  });
});
