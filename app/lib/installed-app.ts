import { browserCookieString } from "./browser-cookies";

/** Remembers installed-app mode for the server: set by `?app=1` (the manifest's start_url) and by the page. */
export const INSTALLED_APP_COOKIE = "installed_app";

interface DisplayFacts {
  /** The page runs in the installed app's own window (`display-mode: standalone`). */
  standalone: boolean;
  /** The address asks for app mode (`?app=1`). */
  appQuery: boolean;
  /** The installed-app cookie's value, if any. */
  cookie: string | undefined;
  /** The mode the server rendered this page in. */
  serverInstalledApp: boolean;
}

/**
 * What the browser knows better than the server: whether it shows the installed app. Returns the
 * cookie to write (null: keep it) and whether the page must load its data again to switch mode.
 * A browser tab clears the cookie, since on Android the app and the browser share cookies.
 */
export function installedAppSync({ standalone, appQuery, cookie, serverInstalledApp }: DisplayFacts) {
  const installedApp = standalone || appQuery;
  const cookieSays = cookie === "1";
  return {
    cookie: installedApp === cookieSays ? null : installedApp ? "1" : "",
    reload: installedApp !== serverInstalledApp,
  };
}

/** A `document.cookie` assignment for the cookie value (empty: remove it). */
export function installedAppCookieString(value: string, secure: boolean): string {
  return browserCookieString(INSTALLED_APP_COOKIE, value, secure);
}
