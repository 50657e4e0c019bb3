import type { MemberCardData } from "~/domain/profiles/member-card";

/** The likes overview's tabs: /likes/received (also /likes), /likes/given, /likes/matches. */
export const LIKE_TABS = ["received", "given", "matches"] as const;
export type LikeTab = (typeof LIKE_TABS)[number];
export const LIKES_PAGE_SIZE = 24;

/** A card in the likes overview: new (received, not yet looked at) and matched flags. */
export interface LikeCard extends MemberCardData {
  isNew: boolean;
  matched: boolean;
}
