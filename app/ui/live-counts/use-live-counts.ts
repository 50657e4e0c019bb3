import { useEffect, useState } from "react";
import type { MemberCounts } from "~/domain/accounts/member-counts";
import { liveStreamOpen, subscribeLiveEvents } from "../live-events/use-live-events";
import { fetchJsonWithRetry } from "./fetch-with-retry";
import { pushSubscribed } from "./push-subscribed";

/**
 * The counts refresh every 60 s, or 300 s with push (or the live stream), starting after 5 s
 * (docs/product.md, Notifications).
 */
const FIRST_REFRESH_MS = 5_000;
export const REFRESH_MS = 60_000;
export const REFRESH_WITH_PUSH_MS = 300_000;

interface UserSummary {
  summary: { num_unread_messages: number; num_new_likes: number } | null;
}

/**
 * The top bar's counts: the server's on every page, refreshed in the browser through
 * /api/user.php and by the totals of live events. When the member turns out to be logged out
 * elsewhere the page reloads.
 */
export function useLiveCounts(serverCounts: MemberCounts | null): MemberCounts | null {
  const [polled, setPolled] = useState<MemberCounts | null>(null);
  // A newer page load (navigation, revalidation) wins over an older poll.
  const [shown, setShown] = useState(serverCounts);
  if (shown !== serverCounts) {
    setShown(serverCounts);
    setPolled(null);
  }
  const loggedIn = serverCounts !== null;
  useEffect(() => {
    if (!loggedIn) return;
    // Totals sent with a live event are newer than the page's and the last poll's.
    return subscribeLiveEvents(({ data: { totals } }) => {
      if (totals) setPolled({ unreadMessages: totals.num_unread_messages, newLikes: totals.num_new_likes });
    });
  }, [loggedIn]);
  useEffect(() => {
    if (!loggedIn) return;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const refresh = async () => {
      try {
        const { body } = await fetchJsonWithRetry<UserSummary>("/api/user.php");
        if (stopped) return;
        if (!body.summary) return window.location.reload();
        const counts = {
          unreadMessages: body.summary.num_unread_messages,
          newLikes: body.summary.num_new_likes,
        };
        setPolled(counts);
      } catch {
        // Offline for a while: the next round tries again.
      }
      const slow = liveStreamOpen() || (await pushSubscribed());
      if (!stopped) timer = setTimeout(refresh, slow ? REFRESH_WITH_PUSH_MS : REFRESH_MS);
    };
    timer = setTimeout(refresh, FIRST_REFRESH_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [loggedIn]);
  return serverCounts && (polled ?? serverCounts);
}
