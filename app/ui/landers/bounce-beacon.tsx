import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/**
 * Lander bounce logging (`?lb`): when the visitor leaves the lander (`pagehide`: the
 * page is unloaded or put in the back-forward cache) without signing up, one beacon marks the visit
 * as a bounce. Switching tabs is not leaving: a visitor may come back and sign up. While the signup
 * form is being submitted nothing is sent; a refused submit (the lander stays) arms it again. The
 * server has the last word (the form carries the visit): a signup clears a mark made before (a
 * visitor who left and came back through the back-forward cache) and ignores any later beacon.
 */
export function BounceBeacon({ token }: { token: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const pending = useRef(false);
  useEffect(() => {
    pending.current = submitting;
  }, [submitting]);

  useEffect(() => {
    let sent = false;
    const send = () => {
      if (sent || pending.current) return;
      sent = true;
      navigator.sendBeacon("/api/lander-bounce", new URLSearchParams({ visit: token }));
    };
    window.addEventListener("pagehide", send);
    return () => window.removeEventListener("pagehide", send);
  }, [token]);
  return null;
}
