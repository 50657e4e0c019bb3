import type { BodyType } from "~/generated/prisma/enums";
import { MAX_PAGE, MAX_SEARCH_AGE, MIN_SEARCH_AGE } from "./filters";

/** The match finder's options (docs/product.md, Search and the members area). */
export const MATCH_AGES = ["18-35", "35+"] as const;
export const MATCH_APPEARANCES = ["normal", "sexy"] as const;
export const MATCH_RACES = ["white", "other"] as const;

export type MatchAge = (typeof MATCH_AGES)[number];
export type MatchAppearance = (typeof MATCH_APPEARANCES)[number];
export type MatchRace = (typeof MATCH_RACES)[number];

export interface MatchFinderOptions {
  age: MatchAge | null;
  appearance: MatchAppearance | null;
  /**
   * Asked for (docs/product.md, Search and the members area), but never used to filter: we do not
   * record anyone's ethnicity (special-category data under GDPR article 9), so there is nothing to
   * match it against.
   */
  race: MatchRace | null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/**
 * The options in a match-finder URL; `submitted` once the form was sent: its button (`find`) or any
 * option, or a further page (no option chosen stands for any).
 */
export function parseMatchFinderParams(params: URLSearchParams): {
  submitted: boolean;
  options: MatchFinderOptions;
  page: number;
} {
  const submitted = ["find", "page", "age", "appearance", "race"].some((name) => params.has(name));
  const pageParam = Number(params.get("page"));
  return {
    submitted,
    page: Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_PAGE) : 1,
    options: {
      age: oneOf(MATCH_AGES, params.get("age")),
      appearance: oneOf(MATCH_APPEARANCES, params.get("appearance")),
      race: oneOf(MATCH_RACES, params.get("race")),
    },
  };
}

/**
 * The query string of a match-finder result page. It always carries `find`, as the form's button
 * does: with no option chosen and page 1 it would otherwise be empty, and an empty query is the
 * form not sent yet (no results).
 */
export function matchFinderQuery(options: MatchFinderOptions, page = 1): string {
  const params = new URLSearchParams({ find: "1" });
  for (const key of ["age", "appearance", "race"] as const) {
    if (options[key]) params.set(key, options[key]);
  }
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** Age option to age range: "18-35" is 18 to 35, "35+" is 35 and older. */
export function ageRangeFor(age: MatchAge | null): { minAge: number | null; maxAge: number | null } {
  if (age === "18-35") return { minAge: MIN_SEARCH_AGE, maxAge: 35 };
  if (age === "35+") return { minAge: 35, maxAge: MAX_SEARCH_AGE };
  return { minAge: null, maxAge: null };
}

/** Appearance to body type: "sexy" is slim, "normal" is normal or fat; no choice, any body type. */
export function bodyTypesFor(appearance: MatchAppearance | null): BodyType[] | undefined {
  if (appearance === "sexy") return ["slim"];
  if (appearance === "normal") return ["normal", "fat"];
  return undefined;
}
