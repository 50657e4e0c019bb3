import type { TFunction } from "i18next";
import { isProfileCountry, regionLabelKey } from "./countries";
import { REGION_TABLE } from "./region-table";

const collator = new Intl.Collator("nl");

/** The region names of a country, sorted; empty for a country outside the list. */
export function regionsOf(country: string): string[] {
  if (!isProfileCountry(country)) return [];
  return REGION_TABLE[country].map((r) => r.name).sort(collator.compare);
}

export function isRegionOf(country: string, region: string): boolean {
  return isProfileCountry(country) && REGION_TABLE[country].some((r) => r.name === region);
}

/**
 * The region label inside a sentence ("Kies je provincie"): lower-cased, except in languages that
 * capitalise nouns (German), as each locale's `profile:regionLabelCase` says.
 */
export function regionLabelInSentence(t: TFunction, country: string | null | undefined): string {
  const label = t(regionLabelKey(country));
  return t("profile:regionLabelCase") === "keep" ? label : label.toLocaleLowerCase();
}
