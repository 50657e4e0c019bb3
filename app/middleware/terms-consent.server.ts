import { redirect, type MiddlewareFunction } from "react-router";
import { currentTermsVersion, mustAcceptTerms } from "~/domain/accounts/terms-acceptance.server";
import { requestInfoContext } from "./context";

/** The form that asks a member to accept the terms (routes/terms.accept.tsx). */
export const TERMS_ACCEPT_PATH = "/terms/accept";

/** The terms form, returning to `path` (a path on this site) once the member accepted. */
export function termsAcceptPath(path: string): string {
  return `${TERMS_ACCEPT_PATH}?redirectTo=${encodeURIComponent(path)}`;
}

/**
 * What a member who still has to accept opens anyway: the form itself, the static pages it links to
 * (terms, privacy), logging out, deleting the account (for who does not agree) and a mail's
 * unsubscribe link.
 */
const OPEN_PATHS = [TERMS_ACCEPT_PATH, "/logout", "/api/logout.php", "/settings/delete"];
const OPEN_PREFIXES = ["/pages/", "/unsubscribe/"];

/**
 * The page the request opens, path and query, as the address bar shows it: a data request's
 * `.data` ending and React Router's `_routes` parameter are not part of it.
 */
function pageLocation(url: URL): string {
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * A logged-in member whose terms moved past both their signup and their latest acceptance
 * (docs/decisions/0061-recorded-terms-consent.md) is sent to the terms form from the next page they
 * open, and comes back to it after accepting. Only pages being opened (documents and navigations'
 * data requests): JSON calls, event streams, photos and posts go on, so an open chat keeps working.
 * The session's read brought what the rule needs, so the check costs no statement.
 */
export const termsConsentMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const { user, site, rendersPage } = context.get(requestInfoContext);
  if (!user || !rendersPage || !mustAcceptTerms(user, currentTermsVersion(site))) return next();
  const location = pageLocation(new URL(request.url));
  const pathname = location.split("?")[0]!;
  if (OPEN_PATHS.includes(pathname) || OPEN_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
    return next();
  }
  return redirect(termsAcceptPath(location));
};
