/** Cookies the page's script writes for the server (installed-app mode). */
export const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** A `document.cookie` assignment: kept for a year, or removed when `value` is empty. */
export function browserCookieString(name: string, value: string, secure: boolean): string {
  const age = value ? YEAR_IN_SECONDS : 0;
  return `${name}=${value}; Path=/; Max-Age=${age}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** One cookie's value from `document.cookie`. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}
