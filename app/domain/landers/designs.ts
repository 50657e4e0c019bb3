import type { CamTeaser, ResellOfferData } from "./partner-offers";

import { LANDER_SLUG, type LanderName } from "./lander-names";

export { LANDER_NAMES, isLanderName, landerTakesSlug, type LanderName } from "./lander-names";

/** The member landers: /members/{id}/landing, landing2/{slug?}, landing3/{slug?} and signup. */
export const MEMBER_LANDERS = ["landing", "landing2", "landing3", "signup"] as const;
export type MemberLanderKind = (typeof MEMBER_LANDERS)[number];

/** Theme slugs: who a lander shows when the slug is not a region of the visitor's country. */
export const LANDER_THEMES = ["women", "men", "young", "mature"] as const;
export type LanderTheme = (typeof LANDER_THEMES)[number];

/** What the slug chose: a region of the visitor's country, a theme, or the default. */
export type LanderVariant =
  { kind: "default" } | { kind: "region"; region: string } | { kind: "theme"; theme: LanderTheme };

/** A member shown on a lander: only an approved public main photo, with its stored size. */
export interface LanderMember {
  id: number;
  name: string;
  /** Null when the site hides the field (`visible_profile_fields`), as are city and region. */
  age: number | null;
  city: string | null;
  region: string | null;
  isFictional: boolean;
  photo: { id: number; width: number; height: number };
}

/** Members per region of the country, for the map lander. */
export interface RegionCount {
  region: string;
  count: number;
}

/** A URL segment as a lander slug (LANDER_SLUG, in any case), lower-cased, or null. */
export function cleanSlug(value: string | undefined): string | null {
  if (!value) return null;
  const slug = value.toLowerCase();
  return LANDER_SLUG.test(slug) ? slug : null;
}

/** A region name as a slug: "Noord-Holland" → "noord-holland", "Thüringen" → "thuringen". */
export function regionSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The signup form's field carrying the lander's signed visit (with `?lb`): a signup clears its bounce. */
export const LANDER_VISIT_FIELD = "visit";

/** What every lander shows around its design: the signup form (or what replaces it), teasers, beacon. */
export interface LanderEntry {
  /** The signup form's settings; null when this visitor may not sign up here. */
  signup: {
    open: true;
    minAge: number;
    usesSignupMessage: boolean;
    supportEmail: string;
  } | null;
  /** The partner offer when signing up is closed to this visitor and the site resells. */
  resell: ResellOfferData | null;
  teasers: CamTeaser[];
  /** Where the form posts: the lander itself, with the query (tracking data) it came with. */
  action: string;
  /** With `?lb`: the signed visit for the bounce beacon. */
  bounceToken: string | null;
}

export interface PromoLanderData {
  design: LanderName;
  country: string;
  variant: LanderVariant;
  members: LanderMember[];
  /** The map lander only: members per region. */
  regions: RegionCount[] | null;
  /** The video lander only: the clip on the site's CDN, when one is configured. */
  videoUrl: string | null;
}

export interface MemberLanderProfile {
  id: number;
  name: string;
  /** Null when the site hides the field (`visible_profile_fields`), as are city and region. */
  age: number | null;
  city: string | null;
  region: string | null;
  country: string;
  isFictional: boolean;
  /** Approved PUBLIC photos only, the main photo first. */
  photos: { id: number; width: number; height: number }[];
}
