import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";
import { cookieValue } from "~/lib/browser-cookies";
import { WIDE_SCREEN_COOKIE, WIDE_SCREEN_QUERY, wideScreenCookieString } from "~/lib/wide-screen";

/**
 * Tells the server (by cookie) whether this window is wide enough for the chat list beside a
 * conversation, and loads the list once when it is but the server left it out (the first visit
 * from this browser, or a window made wider).
 */
export function useWideScreenCookie(listMissing: boolean) {
  const { revalidate } = useRevalidator();
  const sync = useEffectEvent((wide: boolean) => {
    if ((cookieValue(document.cookie, WIDE_SCREEN_COOKIE) === "1") !== wide) {
      document.cookie = wideScreenCookieString(wide, window.location.protocol === "https:");
    }
    if (wide && listMissing) void revalidate();
  });
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(WIDE_SCREEN_QUERY);
    sync(query.matches);
    const onChange = () => sync(query.matches);
    query.addEventListener?.("change", onChange);
    return () => query.removeEventListener?.("change", onChange);
  }, []);
}
