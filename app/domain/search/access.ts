import type { LoggedOutSearch } from "~/generated/prisma/enums";

interface LoggedOutSearchSettings {
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
