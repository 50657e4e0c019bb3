import type { RouterContextProvider } from "react-router";
import { requireUser } from "~/domain/accounts/guards.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import { visitorAccess } from "~/domain/accounts/visitor-access.server";
import { requestInfoContext } from "~/middleware/context";

/**
 * Search pages (member search, match finder, profiles): members always; visitors only as
 * `visitorAccess` allows, otherwise they are sent to the login page and back.
 */
export function requireSearchAccess(
  context: Readonly<RouterContextProvider>,
  request: Request,
): SessionUser | null {
  const { site, user } = context.get(requestInfoContext);
  if (user) return user;
  if (visitorAccess(site, request).mayBrowse) return null;
  return requireUser(context, request);
}
