import { randomBytes, randomUUID } from "node:crypto";
import { data, type MiddlewareFunction } from "react-router";
import { getSession } from "~/middleware/session.server";
import { readsSearchViewer } from "~/domain/search/search-viewer.server";
import { detectCountry } from "~/domain/sites/country.server";
import { resolveSite } from "~/domain/sites/site.server";
import { requestInfoContext } from "~/middleware/context";
import { INSTALLED_APP_COOKIE, LOCALE_COOKIE, cookieHeader, readCookie } from "~/lib/cookies.server";
import { env } from "~/lib/env.server";
import { isDataRequest } from "~/lib/data-request.server";
import { isOwnOrigin } from "~/lib/same-origin.server";
import { localeForRequest, setLocaleFacts } from "./i18n.server";

function contentSecurityPolicy(nonce: string, development: boolean): string {
  const directives = [
    "default-src 'self'",
    development
      ? `script-src 'self' 'nonce-${nonce}' 'unsafe-inline'`
      : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    // https: for the partner's cam teaser images (ui/landers/cam-teasers), hosted by the partner.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    // https: for the video lander's clips on the site's CDN (cdn_prefix).
    "media-src 'self' https:",
    development ? "connect-src 'self' ws:" : "connect-src 'self'",
    // The service worker (public/sw.js): script-src's 'strict-dynamic' would not allow it.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/**
 * Installed-app mode: the web-app manifest starts at /?app=1; a cookie remembers it, and the page
 * sets or clears that cookie from `display-mode: standalone` (ui/installed-app).
 */
function isInstalledApp(request: Request, url: URL) {
  return url.searchParams.get("app") === "1" || readCookie(request, INSTALLED_APP_COOKIE) === "1";
}

/**
 * Mutations must come from our own pages: a browser's Origin header has to be one of our origins,
 * whole: an http page (which anyone on the network can forge) may not post to the https site.
 */
export function isCrossSiteMutation(
  request: Request,
  publicUrl: string | undefined = env().PUBLIC_URL,
): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  return !isOwnOrigin(origin, request, publicUrl);
}

/**
 * Cache-Control for an answer to a logged-in member: kept by no cache, neither a shared one (a CDN
 * would hand it to others) nor the browser's (Back after logout would show the chats again).
 * Answers that are the same for everyone keep their `public` caching (translations, public photos,
 * the interests list); an event stream keeps its `no-transform`.
 */
function memberCacheControl(current: string | null): string {
  const directives = (current ?? "").split(",").map((directive) => directive.trim().toLowerCase());
  if (directives.includes("public")) return current!;
  return ["private", "no-store", ...directives.filter((directive) => directive === "no-transform")].join(
    ", ",
  );
}

/**
 * A page as a browser asks for it: its document, or the data request of a navigation (the root
 * loader runs for both). Photos, API calls, event streams and form posts ask for other things.
 */
function rendersPage(request: Request) {
  if (request.method !== "GET") return false;
  return isDataRequest(request) || (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * Resolves site, country, user and a CSP nonce for every request before the i18n middleware runs,
 * then adds the security headers and the remembered-choice cookies to the response.
 */
export const requestInfoMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (isCrossSiteMutation(request)) throw data(null, { status: 403 });
  const url = new URL(request.url);
  const site = await resolveSite(request.headers.get("Host") ?? url.host);
  const geoipHeader = env().GEOIP_HEADER;
  const country = detectCountry(geoipHeader ? request.headers.get(geoipHeader) : null, site.geoipCountry);
  setLocaleFacts(request, { domainLanguage: site.domainLanguage, country });
  const installedApp = isInstalledApp(request, url);
  const nonce = randomBytes(16).toString("base64");
  const page = rendersPage(request);
  const session = await getSession(request, site.id, {
    withCounts: page,
    withSearchViewer: page && readsSearchViewer(url.pathname),
  });
  context.set(requestInfoContext, {
    requestId: request.headers.get("X-Request-Id") ?? randomUUID(),
    nonce,
    site,
    country,
    installedApp,
    rendersPage: page,
    user: session?.user ?? null,
    sessionId: session?.id ?? null,
    memberCounts: session?.counts ?? null,
    newLikers: session?.newLikers ?? null,
    searchViewer: session?.searchViewer ?? null,
  });

  const response = await next();
  const headers = response.headers;
  if (session?.user) headers.set("Cache-Control", memberCacheControl(headers.get("Cache-Control")));
  if (headers.get("Content-Type")?.startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, env().NODE_ENV === "development"));
  }
  if (!readCookie(request, LOCALE_COOKIE)) {
    headers.append("Set-Cookie", cookieHeader(LOCALE_COOKIE, localeForRequest(request).locale));
  }
  if (url.searchParams.get("app") === "1" && readCookie(request, INSTALLED_APP_COOKIE) !== "1") {
    headers.append("Set-Cookie", cookieHeader(INSTALLED_APP_COOKIE, "1"));
  }
  return response;
};
