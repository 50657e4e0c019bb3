import type { MiddlewareFunction } from "react-router";
import { cookieHeader, readCookie } from "~/lib/cookies.server";

/**
 * Tracking data from the landing URL, kept in storage and stored with the account.
 * `campaign` is the token of the campaign link (`/{token}`) that sent the visitor to a lander.
 */
const TRACKING_KEYS = ["network", "ref", "sub1", "sub2", "sub3", "campaign"] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type Tracking = Partial<Record<TrackingKey, string>>;

export const TRACKING_COOKIE = "tracking";
/** How long a landing's tracking data is remembered until the visitor signs up. */
const TRACKING_COOKIE_DAYS = 30;
const MAX_LENGTH = 100;

function clean(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  // Printable characters only, trimmed and capped: these values end up in reports.
  const printable = [...value].filter((c) => c >= " " && c !== "\u007f").join("");
  const trimmed = printable.trim().slice(0, MAX_LENGTH);
  return trimmed === "" ? undefined : trimmed;
}

function pick(get: (key: TrackingKey) => unknown): Tracking {
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = clean(get(key));
    if (value !== undefined) tracking[key] = value;
  }
  return tracking;
}

const isEmpty = (tracking: Tracking) => Object.keys(tracking).length === 0;

/** The tracking parameters in a URL's query (empty when it has none). */
function trackingFromUrl(url: URL): Tracking {
  return pick((key) => url.searchParams.get(key));
}

/** The tracking data remembered in the visitor's cookie. */
function trackingFromCookie(request: Request): Tracking {
  const raw = readCookie(request, TRACKING_COOKIE);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") return {};
    return pick((key) => (parsed as Record<string, unknown>)[key]);
  } catch {
    return {};
  }
}

/**
 * The visitor's tracking data: the current URL's parameters when it has any (a new landing wins),
 * otherwise what the cookie remembers from an earlier landing.
 */
export function readTracking(request: Request): Tracking {
  const fromUrl = trackingFromUrl(new URL(request.url));
  return isEmpty(fromUrl) ? trackingFromCookie(request) : fromUrl;
}

/** The Set-Cookie header that remembers tracking data. */
export function trackingCookieHeader(tracking: Tracking): string {
  return cookieHeader(TRACKING_COOKIE, JSON.stringify(tracking), {
    httpOnly: true,
    maxAge: TRACKING_COOKIE_DAYS * 24 * 3600,
  });
}

/** A traffic source is present when the visitor arrived through a network or a referrer code. */
export function hasTrafficSource(tracking: Tracking): boolean {
  return Boolean(tracking.network || tracking.ref);
}

/** Remembers the tracking parameters of a landing URL in a cookie, so a later signup can store them. */
export const trackingMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const fromUrl = trackingFromUrl(new URL(request.url));
  if (!isEmpty(fromUrl) && JSON.stringify(fromUrl) !== JSON.stringify(trackingFromCookie(request))) {
    response.headers.append("Set-Cookie", trackingCookieHeader(fromUrl));
  }
  return response;
};
