import type { Gender } from "~/generated/prisma/enums";
import { GENDERS } from "~/domain/profiles/genders";

/** Search results per page. */
export const PAGE_SIZE = 24;
/** The age range a search may ask for (min_age / max_age). */
export const MIN_SEARCH_AGE = 18;
export const MAX_SEARCH_AGE = 99;
/** Pages beyond this are not served (a crawler paging forever gets the last allowed page). */
export const MAX_PAGE = 1000;

/** What a search asks for; null means "any". Both ages null means all ages. */
export interface SearchFilters {
  gender: Gender | null;
  country: string | null;
  region: string | null;
  minAge: number | null;
  maxAge: number | null;
}

/** The query parameters that count as filters: a URL without any of them gets the default search. */
const FILTER_PARAMS = ["gender", "country", "region", "min_age", "max_age", "all_ages"] as const;

function ageParam(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return null;
  return Math.min(MAX_SEARCH_AGE, Math.max(MIN_SEARCH_AGE, Number(value.trim())));
}

/**
 * The filters in a search URL, read leniently: a shared or hand-edited URL never fails, unknown
 * values mean "any", ages are clamped to 18-99 and a reversed range is turned round. A region only
 * counts together with a country. `given` is false when the URL holds no filter at all.
 */
/**
 * Whether the member chose an age range in a form that had "all ages" ticked (`ages_were=all`, a
 * hidden field): the age fields then differ from the full range, and the choice wins over the box
 * left ticked. Ticking the box after a search for a range (`ages_were=range`) means all ages.
 */
function agesChosen(params: URLSearchParams) {
  if (params.get("ages_were") !== "all") return false;
  const min = ageParam(params.get("min_age"));
  const max = ageParam(params.get("max_age"));
  return (min !== null && min !== MIN_SEARCH_AGE) || (max !== null && max !== MAX_SEARCH_AGE);
}

export function parseSearchParams(
  params: URLSearchParams,
  isCountry: (code: string) => boolean,
): { given: boolean; filters: SearchFilters; page: number } {
  const given = FILTER_PARAMS.some((name) => params.has(name));
  const gender = params.get("gender");
  const countryParam = params.get("country")?.trim().toUpperCase() ?? "";
  const country = isCountry(countryParam) ? countryParam : null;
  // The form sends which country its region list belonged to: after a change of country the old
  // region no longer applies (even when the new country has a region of the same name).
  const regionOf = params.get("region_of");
  const regionParam =
    regionOf === null || regionOf.trim().toUpperCase() === countryParam
      ? (params.get("region")?.trim().slice(0, 100) ?? "")
      : "";
  const allAges = params.has("all_ages") && params.get("all_ages") !== "0" && !agesChosen(params);
  let minAge = allAges ? null : ageParam(params.get("min_age"));
  let maxAge = allAges ? null : ageParam(params.get("max_age"));
  if (minAge !== null && maxAge !== null && minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  const pageParam = Number(params.get("page"));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_PAGE) : 1;
  return {
    given,
    page,
    filters: {
      gender: (GENDERS as readonly string[]).includes(gender ?? "") ? (gender as Gender) : null,
      country,
      region: country && regionParam ? regionParam : null,
      minAge,
      maxAge,
    },
  };
}

/** The query string of a search (filters and page), as the search form itself would send it. */
export function searchQuery(filters: SearchFilters, page = 1): string {
  const params = new URLSearchParams();
  params.set("gender", filters.gender ?? "");
  params.set("country", filters.country ?? "");
  if (filters.country && filters.region) params.set("region", filters.region);
  if (filters.minAge === null && filters.maxAge === null) {
    params.set("all_ages", "1");
  } else {
    params.set("min_age", String(filters.minAge ?? MIN_SEARCH_AGE));
    params.set("max_age", String(filters.maxAge ?? MAX_SEARCH_AGE));
  }
  if (page > 1) params.set("page", String(page));
  return params.toString();
}
