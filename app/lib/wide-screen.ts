import { browserCookieString } from "./browser-cookies";

/**
 * Whether the browser's window is wide enough for the chat list beside a conversation (Bootstrap's
 * `lg`, as in app.scss). The chat layout's script sets it; the server renders the list beside a
 * conversation only for such a window, so a phone gets neither the list's HTML nor its data.
 */
export const WIDE_SCREEN_COOKIE = "wide_screen";
export const WIDE_SCREEN_QUERY = "(min-width: 992px)";

export function wideScreenCookieString(wide: boolean, secure: boolean): string {
  return browserCookieString(WIDE_SCREEN_COOKIE, wide ? "1" : "", secure);
}
