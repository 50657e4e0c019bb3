import type { TFunction } from "i18next";
import { REGION_TABLE } from "./region-table";

/** The 15 countries of SPEC section 9, in the order the country select shows them. */
export const PROFILE_COUNTRIES = [
  "NL",
  "BE",
  "GB",
  "IE",
  "DE",
  "AT",
  "IT",
  "FR",
  "CH",
  "ES",
  "US",
  "CA",
  "AU",
  "NZ",
  "PL",
] as const;

export type ProfileCountry = (typeof PROFILE_COUNTRIES)[number];

export function isProfileCountry(value: string): value is ProfileCountry {
  return (PROFILE_COUNTRIES as readonly string[]).includes(value);
}

const collator = new Intl.Collator("nl");

/** The region names of a country, sorted; empty for a country outside the list. */
export function regionsOf(country: string): string[] {
  if (!isProfileCountry(country)) return [];
  return REGION_TABLE[country].map((r) => r.name).sort(collator.compare);
}

export function isRegionOf(country: string, region: string): boolean {
  return isProfileCountry(country) && REGION_TABLE[country].some((r) => r.name === region);
}

/** The translation key of the region label of a country ("Provincie", "Bundesland", ...). */
export function regionLabelKey(country: string | null | undefined): string {
  return country && isProfileCountry(country)
    ? `profile:regionLabels.${country}`
    : "profile:regionLabels.default";
}

/**
 * The region label inside a sentence ("Kies je provincie"): lower-cased, except in languages that
 * capitalise nouns (German), as each locale's `profile:regionLabelCase` says.
 */
export function regionLabelInSentence(t: TFunction, country: string | null | undefined): string {
  const label = t(regionLabelKey(country));
  return t("profile:regionLabelCase") === "keep" ? label : label.toLocaleLowerCase();
}
