import type { LikeRefusal } from "./like.server";

/** What POST /members/{id}/like answers a script (the enhanced like button). */
export type LikeActionData =
  { ok: true; liked: boolean; matched: boolean } | { ok: false; error: LikeRefusal };

/** The query parameter that carries the outcome back to the page a plain form came from. */
export const LIKE_NOTICE_PARAM = "like";
export type LikeNotice = "matched" | LikeRefusal;
