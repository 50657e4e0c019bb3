import { useEffect, useEffectEvent } from "react";
import { useRevalidator } from "react-router";
import { cookieValue } from "~/lib/browser-cookies";
import { INSTALLED_APP_COOKIE, installedAppCookieString, installedAppSync } from "~/lib/installed-app";

const STANDALONE = "(display-mode: standalone)";

/** Whether the page runs in the installed app's window (iOS says so with `navigator.standalone`). */
function isStandalone(): boolean {
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios || (typeof window.matchMedia === "function" && window.matchMedia(STANDALONE).matches);
}

/**
 * Tells the server (by cookie) whether this page shows the installed app, and reloads the page's
 * data once when the server rendered the other mode (footer variant, entry warning, Back button).
 */
export function useInstalledAppMode(serverInstalledApp: boolean) {
  const { revalidate } = useRevalidator();
  const sync = useEffectEvent(() => {
    const { cookie, reload } = installedAppSync({
      standalone: isStandalone(),
      appQuery: new URLSearchParams(window.location.search).get("app") === "1",
      cookie: cookieValue(document.cookie, INSTALLED_APP_COOKIE),
      serverInstalledApp,
    });
    if (cookie !== null) {
      document.cookie = installedAppCookieString(cookie, window.location.protocol === "https:");
    }
    if (reload) void revalidate();
  });
  useEffect(() => {
    sync();
    // Chrome can move a tab into the app's window ("Open in app") without loading the page again.
    const query = typeof window.matchMedia === "function" ? window.matchMedia(STANDALONE) : null;
    const onChange = () => sync();
    query?.addEventListener?.("change", onChange);
    return () => query?.removeEventListener?.("change", onChange);
  }, []);
}
