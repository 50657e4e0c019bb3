/** One fetcher for the game's likes and skips, shared by the deck and the notice above it. */
export const SWIPE_FETCHER_KEY = "swipe-game";

export type SwipeIntent = "like" | "skip";

/** What the page says after a swipe besides the next card: a new match, or a member gone meanwhile. */
export const SWIPE_NOTICES = ["matched", "unavailable"] as const;
export type SwipeNotice = (typeof SWIPE_NOTICES)[number];

/** What the game's action answers a fetcher (a plain form gets a redirect instead). */
export interface SwipeActionData {
  notice: SwipeNotice | null;
}
