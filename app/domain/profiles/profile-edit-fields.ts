// What the profile page's forms show and send: their limits, value sets and intents; kept out of
// profile-edit-schemas.ts so the page loads without zod (the schemas follow once it is interactive).

export const ABOUT_ME_MAX = 2000;
export const CITY_MAX = 100;

/** The profile fields' value sets (docs/product.md, Profiles and photos), as the database stores them. */
export const PROFILE_FIELD_VALUES = {
  sexuality: ["hetero", "gay", "lesbian", "bi"],
  relationshipStatus: ["divorced", "living_together", "married", "unmarried", "single", "widowed"],
  hairColor: [
    "brunette",
    "blond",
    "brown",
    "white",
    "bald",
    "black",
    "dark_blond",
    "dark_brown",
    "gray",
    "red",
    "other",
  ],
  eyeColor: ["blue", "green", "hazel", "brown", "gray", "other"],
  bodyType: ["slim", "normal", "fat"],
  tattoos: ["none", "some", "many"],
  reason: ["relationship", "dating", "friendship", "chat", "adventure"],
} as const;

export type ProfileFieldName = keyof typeof PROFILE_FIELD_VALUES;
export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELD_VALUES) as ProfileFieldName[];

/**
 * The names of site.visibleProfileFields for what this page edits;
 * the living area counts as visible when the region or the city is.
 */
export const VISIBILITY_KEYS: Record<ProfileFieldName | "interests" | "region" | "city", string> = {
  sexuality: "sexuality",
  relationshipStatus: "relationship_status",
  hairColor: "hair_color",
  eyeColor: "eye_color",
  bodyType: "body_type",
  tattoos: "tattoos",
  reason: "reason",
  interests: "interests",
  region: "region",
  city: "city",
};

export const PROFILE_INTENTS = ["gender", "about", "location", "fields", "interests"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];
