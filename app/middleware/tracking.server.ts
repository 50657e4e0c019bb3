import type { MiddlewareFunction } from "react-router";
import { pickTracking, type Tracking } from "~/domain/core/tracking";
import { cookieHeader, readCookie } from "~/lib/cookies.server";

const TRACKING_COOKIE = "tracking";
/** How long a landing's tracking data is remembered until the visitor signs up. */
const TRACKING_COOKIE_DAYS = 30;

const isEmpty = (tracking: Tracking) => Object.keys(tracking).length === 0;

/** The tracking parameters in a URL's query (empty when it has none). */
function trackingFromUrl(url: URL): Tracking {
  return pickTracking((key) => url.searchParams.get(key));
}

/** The tracking data remembered in the visitor's cookie. */
function trackingFromCookie(request: Request): Tracking {
  const raw = readCookie(request, TRACKING_COOKIE);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") return {};
    return pickTracking((key) => (parsed as Record<string, unknown>)[key]);
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
function trackingCookieHeader(tracking: Tracking): string {
  return cookieHeader(TRACKING_COOKIE, JSON.stringify(tracking), {
    httpOnly: true,
    maxAge: TRACKING_COOKIE_DAYS * 24 * 3600,
  });
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
