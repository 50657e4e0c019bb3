// The SSE response of /api/events: a better-sse Session on a Fetch `Response` body, fed by the
// member's chat feed. better-sse's own FetchConnection leaves write/close promises unhandled when
// the browser goes away (an unhandled rejection), so this small Connection enqueues into a
// ReadableStream directly.
import { Connection, Session } from "better-sse";
import {
  closeOpenTab,
  parseTabId,
  streamRowId,
  touchOpenTab,
  touchOpenTabWhileSignedIn,
} from "~/domain/notifications/open-tabs.server";
import { openChatFeed, parseLastEventId, type FeedEvent } from "./chat-feed.server";
import { realtimeHub, type RealtimeHub } from "./hub.server";
import { logger } from "~/lib/logger.server";

/** Sent so that nothing (proxies, compression) holds events back. */
const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
};

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 2_000;
/** A client this many chunks behind is cut off; it reconnects and catches up from its Last-Event-ID. */
const MAX_QUEUED_CHUNKS = 256;

const encoder = new TextEncoder();

class StreamConnection extends Connection {
  url: URL;
  request: Request;
  response: Response;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private open = true;
  private readonly ending = new AbortController();

  constructor(request: Request) {
    super();
    this.url = new URL(request.url);
    this.request = new Request(this.url, {
      method: request.method,
      headers: request.headers,
      signal: AbortSignal.any([request.signal, this.ending.signal]),
    });
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => this.end(),
    });
    this.response = new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS });
  }

  sendHead = () => {};

  sendChunk = (chunk: string) => {
    if (!this.open) return;
    if ((this.controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return this.end();
    this.controller.enqueue(encoder.encode(chunk));
  };

  cleanup = () => {
    if (!this.open) return;
    this.open = false;
    try {
      this.controller.close();
    } catch {
      // the reader cancelled
    }
  };

  /** Ends the stream from the server's side (the session sees an abort and cleans up). */
  end = () => this.ending.abort();
}

/**
 * The member's event stream: missed events after Last-Event-ID, then live ones, heartbeats between.
 * It ends at the first heartbeat after the session (`sessionId`) ended.
 */
export function chatEventStream(
  request: Request,
  { userId, sessionId }: { userId: number; sessionId: string },
  hub: RealtimeHub = realtimeHub(),
): Response {
  const connection = new StreamConnection(request);
  const session = new Session(connection, {
    keepAlive: HEARTBEAT_MS,
    retry: RETRY_MS,
    trustClientEventId: false,
  });
  const url = new URL(request.url);
  const lastEventId = parseLastEventId(
    request.headers.get("Last-Event-ID") ?? url.searchParams.get("lastEventId"),
  );
  const send = (events: FeedEvent[]) => {
    for (const event of events) session.push(event.data, event.type, event.id);
  };
  session.once("connected", () => {
    if (connection.request.signal.aborted) return;
    const stop = openChatFeed({ hub, userId, lastEventId, send, close: connection.end });
    const stopPresence = keepTabPresence(url, { userId, sessionId }, connection.end);
    session.once("disconnected", () => {
      stop();
      stopPresence();
    });
  });
  return connection.response;
}

const presenceFailed = (error: unknown) => logger.error("open tab", { error: String(error) });

/**
 * Presence for push and mail (domain/notifications/presence): an OpenTab row while the stream is
 * open, seen again at every heartbeat, gone when it closes. `?tab=` names the browser tab (its
 * page-hidden beacon names it too), `?hidden=1` when the page opened in the background. A heartbeat
 * that finds the session ended calls `sessionEnded`.
 */
function keepTabPresence(
  url: URL,
  { userId, sessionId }: { userId: number; sessionId: string },
  sessionEnded: () => void,
): () => void {
  const rowId = streamRowId(parseTabId(url.searchParams.get("tab")));
  // In order, so that a stream closing at once never has its row inserted after the delete.
  let last = touchOpenTab(rowId, userId, url.searchParams.get("hidden") !== "1").catch(presenceFailed);
  const then = (step: () => Promise<void>) => (last = last.then(step).catch(presenceFailed));
  const heartbeat = async () => {
    if (!(await touchOpenTabWhileSignedIn(rowId, userId, sessionId))) sessionEnded();
  };
  const timer = setInterval(() => then(heartbeat), HEARTBEAT_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    void then(() => closeOpenTab(rowId));
  };
}
