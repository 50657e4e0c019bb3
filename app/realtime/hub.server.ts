// The per-process realtime hub: ONE dedicated PostgreSQL connection (not from Prisma's pool) that
// LISTENs on the chat channel and wakes the in-process subscribers of the members named in each
// notification. The subscribers then read their new ChatEvent rows themselves (short queries on
// the normal pool), so a dropped LISTEN connection loses nothing: after every (re)connect all
// subscribers are woken and catch up from the last id they sent.
import pg from "pg";
import { CHAT_CHANNEL } from "~/domain/notifications/live-events.server";
import { timeouts } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";

export interface HubSubscriber {
  /** New events may exist for the member (or may have been missed while the hub reconnected). */
  notify(): void;
  /**
   * End the stream: the hub is stopping (server shutdown; the browser reconnects elsewhere), or the
   * member's sessions ended (the browser's reconnect is refused and the page finds itself logged out).
   */
  close(): void;
}

export interface RealtimeHub {
  /** Wakes `subscriber` on every notification for `userId`; returns the unsubscribe function. */
  subscribe(userId: number, subscriber: HubSubscriber): () => void;
  /**
   * Calls `listener` with the payload of every notification on `channel` (an extra channel on the
   * same connection), and with no payload after each (re)connect: what came while the connection
   * was down went unheard. Returns the function that stops listening.
   */
  watch(channel: string, listener: (payload: string | undefined) => void): () => void;
  /** Resolves once LISTEN is active (starts the hub when needed). */
  ready(): Promise<void>;
  /** Closes every subscriber and the listening connection. */
  stop(): Promise<void>;
}

export interface RealtimeHubOptions {
  connectionString: string;
  channel?: string;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /** First reconnect delay; doubles per failed try up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** How long one connect may take (a database that does not answer counts as a failed try). */
  connectTimeoutMs?: number;
  log?: (level: "warn" | "error", msg: string, fields: Record<string, unknown>) => void;
}

function defaultLog(level: "warn" | "error", msg: string, fields: Record<string, unknown>) {
  logger[level](msg, fields);
}

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];

/**
 * A notification's members: `userIds` have new events; `endUserIds` lost their sessions (logged out
 * by staff, banned), so their streams end on every process at once.
 */
function membersOf(payload: string | undefined): { wake: number[]; end: number[] } {
  try {
    const { userIds, endUserIds } = JSON.parse(payload ?? "") as { userIds?: unknown; endUserIds?: unknown };
    return { wake: idsOf(userIds), end: idsOf(endUserIds) };
  } catch {
    return { wake: [], end: [] };
  }
}

export function createRealtimeHub({
  connectionString,
  channel = CHAT_CHANNEL,
  applicationName = "hartklop-realtime",
  retryDelayMs = 500,
  maxRetryDelayMs = 30_000,
  connectTimeoutMs = 5_000,
  log = defaultLog,
}: RealtimeHubOptions): RealtimeHub {
  const subscribers = new Map<number, Set<HubSubscriber>>();
  const watchers = new Map<string, Set<(payload: string | undefined) => void>>();
  let client: pg.Client | null = null;
  let listening = false;
  let started = false;
  let stopped = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let waiters: (() => void)[] = [];

  const wake = (set: Iterable<HubSubscriber>) => {
    for (const subscriber of [...set]) {
      try {
        subscriber.notify();
      } catch (error) {
        log("error", "realtime subscriber failed", { error: String(error) });
      }
    }
  };

  const closeAll = (set: Iterable<HubSubscriber>) => {
    for (const subscriber of [...set]) {
      try {
        subscriber.close();
      } catch (error) {
        log("error", "realtime subscriber failed", { error: String(error) });
      }
    }
  };

  const tell = (listeners: Iterable<(payload: string | undefined) => void>, payload?: string) => {
    for (const listener of [...listeners]) {
      try {
        listener(payload);
      } catch (error) {
        log("error", "realtime watcher failed", { error: String(error) });
      }
    }
  };

  const listen = (connection: pg.Client, name: string) =>
    connection.query(`LISTEN ${connection.escapeIdentifier(name)}`);

  const onNotification = (message: pg.Notification) => {
    const listeners = message.channel === channel ? undefined : watchers.get(message.channel);
    if (listeners) return tell(listeners, message.payload);
    const members = membersOf(message.payload);
    for (const userId of members.wake) {
      const set = subscribers.get(userId);
      if (set) wake(set);
    }
    for (const userId of members.end) {
      const set = subscribers.get(userId);
      if (set) closeAll(set);
    }
  };

  const dropped = (connection: pg.Client, error?: unknown) => {
    if (client !== connection) return;
    client = null;
    listening = false;
    connection.removeAllListeners("notification");
    connection.on("error", () => {});
    void connection.end().catch(() => {});
    if (stopped) return;
    const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** failures++);
    log("warn", "realtime connection lost, reconnecting", {
      error: String(error ?? "ended"),
      delayMs: delay,
    });
    retryTimer = setTimeout(connect, delay);
  };

  async function connect() {
    retryTimer = undefined;
    if (stopped) return;
    const connection = new pg.Client({
      connectionString,
      application_name: applicationName,
      keepAlive: true,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    client = connection;
    connection.on("notification", onNotification);
    connection.on("error", (error) => dropped(connection, error));
    connection.on("end", () => dropped(connection));
    try {
      await connection.connect();
      for (const name of [channel, ...watchers.keys()]) await listen(connection, name);
    } catch (error) {
      dropped(connection, error);
      return;
    }
    if (client !== connection) return;
    failures = 0;
    listening = true;
    for (const resolve of waiters) resolve();
    waiters = [];
    // Anything committed before LISTEN was active (or while it was down) went unheard: let every
    // subscriber look for itself.
    for (const set of subscribers.values()) wake(set);
    for (const set of watchers.values()) tell(set);
  }

  const start = () => {
    if (started || stopped) return;
    started = true;
    void connect();
  };

  return {
    subscribe(userId, subscriber) {
      if (stopped) {
        queueMicrotask(() => subscriber.close());
        return () => {};
      }
      start();
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId);
      };
    },

    watch(name, listener) {
      if (stopped) return () => {};
      let set = watchers.get(name);
      if (!set) {
        watchers.set(name, (set = new Set()));
        // A connection already listening adds the channel; a later connect LISTENs on every one.
        const connection = client;
        if (connection && listening) {
          listen(connection, name).then(
            () => tell([listener]),
            (error: unknown) => dropped(connection, error),
          );
        }
      }
      set.add(listener);
      start();
      return () => {
        set.delete(listener);
      };
    },

    ready() {
      start();
      if (listening) return Promise.resolve();
      if (stopped) return Promise.reject(new Error("realtime hub stopped"));
      return new Promise((resolve) => waiters.push(resolve));
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(retryTimer);
      const all = [...subscribers.values()].flatMap((set) => [...set]);
      subscribers.clear();
      watchers.clear();
      for (const subscriber of all) {
        try {
          subscriber.close();
        } catch {
          // already gone
        }
      }
      const connection = client;
      client = null;
      listening = false;
      if (connection) {
        connection.removeAllListeners();
        connection.on("error", () => {});
        await connection.end().catch(() => {});
      }
      // Give the ended streams a moment to finish their responses, so the HTTP server's
      // closeIdleConnections() can close those sockets right away.
      if (all.length > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}

declare global {
  var __realtimeHub: RealtimeHub | undefined;
}

/**
 * The process's hub, created on first use. Kept on globalThis: in development server/main.ts (run
 * by tsx) and Vite's module graph load this module separately.
 */
export function realtimeHub(): RealtimeHub {
  if (!globalThis.__realtimeHub) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set: start the app through server/start.ts");
    globalThis.__realtimeHub = createRealtimeHub({
      connectionString,
      connectTimeoutMs: timeouts().DB_CONNECT_TIMEOUT_MS,
    });
  }
  return globalThis.__realtimeHub;
}

/** Shutdown: ends every event stream and the LISTEN connection (before the database stops). */
export async function stopRealtime() {
  await globalThis.__realtimeHub?.stop();
}
