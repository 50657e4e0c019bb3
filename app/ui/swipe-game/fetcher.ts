/** One fetcher for the game's likes and skips, shared by the deck and the notice above it. */
export const SWIPE_FETCHER_KEY = "swipe-game";

export type SwipeIntent = "like" | "skip";

/**
 * What the page says after a swipe besides the next card: a new match, a member gone meanwhile, or
 * too many likes within the hour (domain/abuse/limits.ts).
 */
export const SWIPE_NOTICES = ["matched", "unavailable", "rateLimited"] as const;
export type SwipeNotice = (typeof SWIPE_NOTICES)[number];

/** What the game's action answers a fetcher (a plain form gets a redirect instead). */
export interface SwipeActionData {
  notice: SwipeNotice | null;
}
