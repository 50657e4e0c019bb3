import { redirect, type RouterContextProvider } from "react-router";
import type { SessionUser } from "~/domain/accounts/session.server";
import { requestInfoContext } from "~/lib/context";
import { hasTrafficSource, readTracking } from "~/lib/tracking.server";
import { loggedOutSearchAllowed } from "./access";

/**
 * Search pages (member search, match finder): members always; visitors only as the site's
 * `logged_out_search` settings allow, otherwise they are sent to the login page and back.
 */
export function requireSearchAccess(
  context: Readonly<RouterContextProvider>,
  request: Request,
): SessionUser | null {
  const { site, user } = context.get(requestInfoContext);
  if (user) return user;
  if (loggedOutSearchAllowed(site, hasTrafficSource(readTracking(request)))) return null;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
