// Kept apart from the region table, which pages that only need a country or its label do not load.

/** The 15 profile countries, in the order the country select shows them. */
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

/** The translation key of the region label of a country ("Provincie", "Bundesland", ...). */
export function regionLabelKey(country: string | null | undefined): string {
  return country && isProfileCountry(country)
    ? `profile:regionLabels.${country}`
    : "profile:regionLabels.default";
}
