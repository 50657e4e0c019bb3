import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { REFRESH_MS, REFRESH_WITH_PUSH_MS } from "~/ui/live-counts/use-live-counts";
import { pushSubscribed } from "~/ui/live-counts/push-subscribed";
import { subscribeLiveEvents, useLiveEvents } from "~/ui/live-events/use-live-events";

/** Focus or a visible tab refreshes at once, but not more often than this. */
const FOCUS_MIN_MS = 2_000;

/**
 * Keeps the chat list and conversation current without the live stream (SPEC section 9): a
 * revalidation every 60 s, or 300 s with a push subscription, and whenever the window regains focus.
 * The chat layout has no top bar, so the live stream is opened here: its chat events ("message",
 * "read", "deleted", "resync") refresh at once. One that arrives during a revalidation is not lost:
 * that revalidation may have read the database before the event, so another one follows it.
 */
export function ChatRefresh() {
  useLiveEvents(true);
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  const pending = useRef(false);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    if (revalidator.state !== "idle" || !pending.current) return;
    pending.current = false;
    void revalidator.revalidate();
  }, [revalidator]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    let last = Date.now();
    const refresh = () => {
      last = Date.now();
      if (latest.current.state === "idle") void latest.current.revalidate();
      else pending.current = true;
    };
    const schedule = async () => {
      const wait = (await pushSubscribed()) ? REFRESH_WITH_PUSH_MS : REFRESH_MS;
      if (stopped) return;
      timer = setTimeout(() => {
        refresh();
        void schedule();
      }, wait);
    };
    const onFocus = () => {
      if (document.visibilityState === "visible" && Date.now() - last > FOCUS_MIN_MS) refresh();
    };
    void schedule();
    // "ready" too: an event committed between this page's load and the stream's start is not replayed.
    // A "like" changes nothing here (the live totals carry its badge).
    const unsubscribe = subscribeLiveEvents(({ type }) => {
      if (type !== "like") refresh();
    });
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, []);
  return null;
}
