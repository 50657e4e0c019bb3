import { readListingVersion } from "./listing-cache.server";
import { ageRangeFor, bodyTypesFor, type MatchFinderOptions } from "./match-finder";
import { defaultFilters, searchMembers, type SearchPage } from "./search.server";
import type { SearchViewer } from "./search-viewer.server";

/**
 * Members matching the match-finder options: the member's default search (the gender they seek,
 * their own country, own region first; for visitors the country they are in) narrowed to the age
 * range and body type the options stand for. The "race" option is deliberately not applied.
 */
export async function findMatches({
  siteId,
  visibleFields,
  viewer,
  options,
  page = 1,
  visitor,
}: {
  siteId: number;
  /** The site's `visible_profile_fields`: what the cards may show. */
  visibleFields: readonly string[];
  viewer: SearchViewer | null;
  options: MatchFinderOptions;
  page?: number;
  visitor: { country: string; siteCountries: string[]; selectedCountry: string };
}): Promise<SearchPage> {
  const filters = { ...defaultFilters(viewer, visitor), ...ageRangeFor(options.age) };
  const { similar: _none, ...found } = await searchMembers({
    siteId,
    visibleFields,
    viewer,
    listingVersion: viewer ? viewer.listingVersion : await readListingVersion(),
    filters,
    bodyTypes: bodyTypesFor(options.appearance),
    page,
  });
  return found;
}
