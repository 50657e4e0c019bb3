import { parse, serialize, type SerializeOptions } from "cookie";
import { YEAR_IN_SECONDS } from "./browser-cookies";
import { env } from "./env.server";

export const LOCALE_COOKIE = "i18n_redirected";
export const ENTRY_WARNING_COOKIE = "entry_warning_dismissed";
export { INSTALLED_APP_COOKIE } from "./installed-app";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  return parse(header)[name];
}

export function cookieHeader(name: string, value: string, options: SerializeOptions = {}): string {
  return serialize(name, value, {
    path: "/",
    sameSite: "lax",
    maxAge: YEAR_IN_SECONDS,
    secure: secureCookies(),
    ...options,
  });
}

/** Secure cookies in production; an explicit http PUBLIC_URL (local e2e runs) turns them off. */
export function secureCookies(): boolean {
  const { PUBLIC_URL, NODE_ENV } = env();
  return PUBLIC_URL ? PUBLIC_URL.startsWith("https:") : NODE_ENV === "production";
}
