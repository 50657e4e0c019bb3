/** The landers that take no slug (`/landers/{name}`; docs/product.md, Sites, languages and countries). */
const LANDERS_WITHOUT_SLUG = ["adultonly", "tinderswipe", "whoneedsstrings"] as const;

/** The landers with an optional slug (`/landers/{name}/{slug?}`). */
export const LANDERS_WITH_SLUG = [
  "alonetonight",
  "collagelanding",
  "gallery",
  "iconslanding",
  "maplanding",
  "socialnetwork",
  "transitionsvideolanding",
  "video",
] as const;

export const LANDER_NAMES = [...LANDERS_WITHOUT_SLUG, ...LANDERS_WITH_SLUG] as const;

export type LanderName = (typeof LANDER_NAMES)[number];

export function isLanderName(value: string): value is LanderName {
  return (LANDER_NAMES as readonly string[]).includes(value);
}

export function landerTakesSlug(name: LanderName): boolean {
  return (LANDERS_WITH_SLUG as readonly string[]).includes(name);
}

/**
 * A lander slug (`/landers/{name}/{slug}`, `/members/{id}/landing2/{slug}`): lower case letters,
 * digits and dashes, not starting with a dash, at most 60 characters. One rule for what a lander
 * reads and what a campaign link may save, so a saved slug always reaches its lander.
 */
export const LANDER_SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;
export const LANDER_SLUG_MAX = 60;
