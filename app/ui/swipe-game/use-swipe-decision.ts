import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import { SWIPE_FETCHER_KEY, type SwipeActionData, type SwipeIntent } from "./fetcher";

interface Decision {
  profileId: number;
  intent: SwipeIntent;
}

/**
 * Likes and skips through the game's fetcher, without a page load. `decision` is the choice made on
 * the shown card while it is on its way out: it ends when the page's data brings the next card (or
 * the request failed and the same card is back). One decision at a time.
 */
export function useSwipeDecision(profileId: number) {
  const fetcher = useFetcher<SwipeActionData>({ key: SWIPE_FETCHER_KEY });
  const { submit } = fetcher;
  const busy = fetcher.state !== "idle";
  const [made, setMade] = useState<Decision | null>(null);
  const [wasBusy, setWasBusy] = useState(busy);
  if (wasBusy !== busy) {
    setWasBusy(busy);
    // The request is over but the same card came back (it failed): show it again.
    if (!busy && made?.profileId === profileId) setMade(null);
  }
  const decision = made?.profileId === profileId ? made : null;
  const pending = busy || decision !== null;

  const decide = useCallback(
    (intent: SwipeIntent) => {
      if (pending) return;
      setMade({ profileId, intent });
      void submit(
        { intent, profileId: String(profileId), via: "fetcher" },
        { method: "post", action: "/swipe-game" },
      );
    },
    [pending, profileId, submit],
  );

  return { decision, busy: pending, decide };
}
