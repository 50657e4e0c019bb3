import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { REFRESH_MS, REFRESH_WITH_PUSH_MS } from "~/ui/live-counts/use-live-counts";
import { pushSubscribed } from "~/ui/live-counts/push-subscribed";
import { subscribeLiveEvents, useLiveEvents } from "~/ui/live-events/use-live-events";

/** Focus or a visible tab refreshes at once, but not more often than this. */
const FOCUS_MIN_MS = 2_000;

/**
 * Keeps the chat list and conversation current without the live stream (docs/product.md,
 * Notifications): a revalidation every 60 s, or 300 s with a push subscription, and whenever the
 * window regains focus. The chat layout has no top bar, so the live stream is opened here: its chat
 * events ("message", "read", "deleted", "resync") refresh at once.
 *
 * A refresh waits while a page loads: a revalidation would restart the page the member is opening,
 * and one that is already running may have read the database before the event. It also waits while
 * a fetcher submits (a message, a gift): React Router drops the redirect of an action when a
 * revalidation starts during it, so a refused gift would say nothing. A refresh asked for meanwhile
 * follows once all are done. A fetcher's load does not hold it back: React Router can leave an
 * aborted fetcher "loading" for good, which would stop every refresh.
 */
export function ChatRefresh() {
  useLiveEvents(true);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const submitting = useFetchers().some((fetcher) => fetcher.state === "submitting");
  const busy = revalidator.state !== "idle" || navigation.state !== "idle" || submitting;
  const latest = useRef({ revalidator, busy });
  const pending = useRef(false);
  // First: the refresh below must see this render's state.
  useEffect(() => {
    latest.current = { revalidator, busy };
  });
  useEffect(() => {
    if (busy || !pending.current) return;
    pending.current = false;
    void revalidator.revalidate();
  }, [busy, revalidator]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    let last = Date.now();
    const refresh = () => {
      last = Date.now();
      if (latest.current.busy) pending.current = true;
      else void latest.current.revalidator.revalidate();
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
    // A "like" changes nothing here (the live totals carry its badge), and neither does "totals":
    // it follows this member's own reading, and reloading on it would load every chat read twice.
    const unsubscribe = subscribeLiveEvents(({ type }) => {
      if (type !== "like" && type !== "totals") refresh();
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
