import type { SearchFilters } from "./filters";

/** The site's `searchFields`: the filters /members can offer, by their setting names. */
export const SEARCH_FIELDS = ["gender", "country", "countryregion", "min_age", "max_age"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * The filters a site offers: those its `search_fields` setting names (unknown names ignored). An
 * empty setting means the site never set it: every filter is offered. A region needs its country.
 */
export function enabledSearchFields(setting: readonly string[]): SearchField[] {
  const named = SEARCH_FIELDS.filter((field) => setting.includes(field));
  const fields = setting.length === 0 ? [...SEARCH_FIELDS] : named;
  return fields.filter((field) => field !== "countryregion" || fields.includes("country"));
}

/** The filters with those the site does not offer set to "any", whatever the URL or the defaults said. */
export function limitToSearchFields(filters: SearchFilters, fields: readonly SearchField[]): SearchFilters {
  return {
    gender: fields.includes("gender") ? filters.gender : null,
    country: fields.includes("country") ? filters.country : null,
    region: fields.includes("countryregion") ? filters.region : null,
    minAge: fields.includes("min_age") ? filters.minAge : null,
    maxAge: fields.includes("max_age") ? filters.maxAge : null,
  };
}
