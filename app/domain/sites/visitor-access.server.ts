import type { LoggedOutSearch } from "~/generated/prisma/enums";
import { hasTrafficSource, type Tracking } from "~/domain/core/tracking";
import type { Site } from "./site.server";

export type VisitorAccessSettings = Pick<
  Site,
  "signups" | "loggedOutSearch" | "loggedOutSearchTrafficsource"
>;

export interface VisitorAccess {
  /** Whether the visitor may search and view profiles (members area pages) without logging in. */
  mayBrowse: boolean;
  /** Whether the signup form is offered (otherwise the invite-only notice or the partner offer). */
  maySignUp: boolean;
  /** Whether the visitor arrived with a traffic source (network or ref). */
  trafficSource: boolean;
  /** The tracking data the decision was made on (the URL's, else the remembered one). */
  tracking: Tracking;
}

/**
 * What a logged-out visitor may do (docs/product.md, Members and roles), from the site's `signups`,
 * `logged_out_search` and `logged_out_search_trafficsource` settings and the traffic source.
 * The one place these rules are decided: pages, the signup modal and the landers all ask here.
 */
export function accessFor(site: VisitorAccessSettings, tracking: Tracking): VisitorAccess {
  const trafficSource = hasTrafficSource(tracking);
  return {
    mayBrowse: loggedOutSearchAllowed(site, trafficSource),
    maySignUp: signupsOpen(site.signups, trafficSource),
    trafficSource,
    tracking,
  };
}

/** The site's `signups` setting (docs/product.md, Accounts). */
export type SignupPolicy = "all" | "with_trafficsource" | "invite_only";

/**
 * Whether the signup form is offered. `all` always; `with_trafficsource` only to
 * visitors who arrived with a traffic source; anything else shows the invite-only notice.
 */
export function signupsOpen(policy: SignupPolicy, trafficSource: boolean): boolean {
  if (policy === "all") return true;
  if (policy === "with_trafficsource") return trafficSource;
  return false;
}

export interface LoggedOutSearchSettings {
  loggedOutSearch: LoggedOutSearch;
  loggedOutSearchTrafficsource: LoggedOutSearch;
}

/**
 * Whether a visitor (not logged in) may search (docs/product.md, Search and the members area).
 * Visitors who arrived with a traffic source follow `logged_out_search_trafficsource`, all others
 * `logged_out_search`.
 */
export function loggedOutSearchAllowed(site: LoggedOutSearchSettings, withTrafficSource: boolean): boolean {
  return (withTrafficSource ? site.loggedOutSearchTrafficsource : site.loggedOutSearch) !== "none";
}
