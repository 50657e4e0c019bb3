import { useEffect } from "react";
import { fetchJsonWithRetry } from "../live-counts/fetch-with-retry";
import { eventStreamUrl, reportPageHidden } from "./tab-presence";

/**
 * Event types of /api/events: chat events, "like" (someone liked the member), "totals" (the member
 * read a conversation, in this tab or another), "ready" (connected: current totals) and "resync"
 * (too much was missed: reload your data). Every event carries the member's `totals`.
 */
const LIVE_EVENT_TYPES = ["ready", "message", "read", "deleted", "like", "totals", "resync"] as const;
type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

interface LiveTotals {
  num_unread_messages: number;
  num_new_likes: number;
}

interface LiveEvent {
  type: LiveEventType;
  id: string;
  data: { totals?: LiveTotals; [field: string]: unknown };
}

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let streamOpen = false;

/** Calls `listener` with every event of the tab's stream; returns the unsubscribe function. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the live stream is connected (the polling may then slow down). */
export function liveStreamOpen() {
  return streamOpen;
}

/** Retries after the server refused the stream: 1, 2, 4, 8, 16 s, then only polling is left. */
const REOPEN_TRIES = 5;
const REOPEN_BASE_MS = 1_000;
/** A dropped stream is reopened after this long (EventSource itself waits about 3 s). */
const RECONNECT_MS = 2_000;

/**
 * One EventSource per tab while logged in. After a network error it is reopened (resuming after the
 * last event); when the server answered with an error (e.g. 403) EventSource gives up: then a
 * logged-out member gets the page reloaded, otherwise the stream is reopened later.
 */
export function useLiveEvents(loggedIn: boolean) {
  useEffect(() => {
    if (!loggedIn || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let lastId = "";
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const dispatch = (type: LiveEventType) => (message: MessageEvent<string>) => {
      lastId = message.lastEventId || lastId;
      let data: LiveEvent["data"];
      try {
        data = JSON.parse(message.data) as LiveEvent["data"];
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener({ type, id: message.lastEventId, data });
    };

    const refused = async () => {
      try {
        const { body } = await fetchJsonWithRetry<{ user: unknown }>("/api/user.php");
        if (stopped) return;
        if (body.user === null) return window.location.reload();
      } catch {
        // offline: try again later
      }
      if (stopped || failures >= REOPEN_TRIES) return;
      timer = setTimeout(open, REOPEN_BASE_MS * 2 ** failures++);
    };

    function open() {
      const openedVisible = document.visibilityState !== "hidden";
      const current = new EventSource(eventStreamUrl(lastId));
      source = current;
      for (const type of LIVE_EVENT_TYPES) current.addEventListener(type, dispatch(type));
      current.onopen = () => {
        streamOpen = true;
        failures = 0;
        // Opened as visible but hidden while it connected: the beacon may have reached the server
        // before this stream's row (which says visible), and would then have marked nothing. Again.
        if (openedVisible && document.visibilityState === "hidden") reportPageHidden();
      };
      current.onerror = () => {
        if (source !== current) return;
        streamOpen = false;
        if (current.readyState === EventSource.CLOSED) return void refused();
        // Dropped (a network error, a server restarting). EventSource would reconnect to the same
        // address, which says whether the tab was hidden when it first opened: a tab hidden since
        // would count as looked at, and its member get no pushes. Reopened with the tab as it is now.
        current.close();
        timer = setTimeout(open, RECONNECT_MS);
      };
    }

    // Hidden: tell the server (pushes may come again). Visible again: a new stream says so. A tab
    // opened in the background says so in its stream's address.
    let reportedHidden = document.visibilityState === "hidden";
    const visibilityChanged = () => {
      if (document.visibilityState === "hidden") {
        reportPageHidden();
        reportedHidden = true;
      } else if (reportedHidden && source && source.readyState !== EventSource.CLOSED) {
        reportedHidden = false;
        source.close();
        open();
      }
    };
    document.addEventListener("visibilitychange", visibilityChanged);

    open();
    return () => {
      stopped = true;
      streamOpen = false;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", visibilityChanged);
      source?.close();
    };
  }, [loggedIn]);
}
