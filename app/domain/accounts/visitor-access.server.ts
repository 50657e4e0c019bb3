import type { Site } from "~/domain/sites/site.server";
import { loggedOutSearchAllowed } from "~/domain/search/access";
import { hasTrafficSource, type Tracking } from "~/middleware/tracking.server";
import { signupsOpen } from "./signup-visibility";

export type VisitorAccessSettings = Pick<Site, "signups" | "loggedOutSearch" | "loggedOutSearchTrafficsource">;

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
