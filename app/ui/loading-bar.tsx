import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** A loading bar during page loads, throttled by 200 ms, animating over 5000 ms. */
const LOADING_BAR_THROTTLE_MS = 200;

export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setDelayPassed(true), LOADING_BAR_THROTTLE_MS);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [busy]);
  const visible = busy && delayPassed;

  return (
    <div
      className={`loading-bar${visible ? " is-loading" : ""}`}
      role="presentation"
      data-testid="loading-bar"
    />
  );
}
