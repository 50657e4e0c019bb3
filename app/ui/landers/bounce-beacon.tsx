import { useEffect } from "react";

/**
 * SPEC section 4 page-bounce logging (`?lb`): when the visitor leaves the lander (the page is hidden
 * or unloaded) without submitting the signup form, one beacon marks the visit as a bounce.
 */
export function BounceBeacon({ token }: { token: string }) {
  useEffect(() => {
    let done = false;
    const onSubmit = () => {
      done = true;
    };
    const send = () => {
      if (done) return;
      done = true;
      navigator.sendBeacon("/api/lander-bounce", new URLSearchParams({ visit: token }));
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") send();
    };
    document.addEventListener("submit", onSubmit, true);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", send);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", send);
    };
  }, [token]);
  return null;
}
