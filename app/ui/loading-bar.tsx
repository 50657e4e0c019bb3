import { useEffect, useState, useSyncExternalStore } from "react";
import { useNavigation } from "react-router";

/** A loading bar during page loads, throttled by 200 ms, animating over 5000 ms. */
const LOADING_BAR_THROTTLE_MS = 200;

// Whether the last navigation failed on the network: the error page that shows the failure says
// so (`markNavigationFailed`), the bar turns red until the next navigation starts.
let failed = false;
const listeners = new Set<() => void>();
function setFailed(value: boolean) {
  if (failed === value) return;
  failed = value;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the error page that shows a navigation's network failure, while it shows it. */
export function useMarkNavigationFailed(isFailure: boolean) {
  useEffect(() => {
    if (!isFailure) return;
    setFailed(true);
    return () => setFailed(false);
  }, [isFailure]);
}

export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [delayPassed, setDelayPassed] = useState(false);
  const failedNow = useSyncExternalStore(
    subscribe,
    () => failed,
    () => false,
  );

  useEffect(() => {
    if (!busy) return;
    // A new navigation (a retry, or another link) ends the failure's red.
    setFailed(false);
    const timer = setTimeout(() => setDelayPassed(true), LOADING_BAR_THROTTLE_MS);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [busy]);
  const visible = busy && delayPassed;

  return (
    <div
      className={`loading-bar${visible ? " is-loading" : failedNow ? " is-failed" : ""}`}
      role="presentation"
      data-testid="loading-bar"
    />
  );
}
