import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { LIKE_NOTICE_PARAM } from "~/domain/likes/like-action";

// Apart from the like button: a list renders its form at once, the buttons' code comes later.

/** Where a member's like button posts. */
export const likePath = (profileId: number) => `/members/${profileId}/like`;

/** Where a plain form returns to: this page, without the notice of an earlier like. */
export function useReturnPath(): string {
  const location = useLocation();
  const back = new URLSearchParams(location.search);
  back.delete(LIKE_NOTICE_PARAM);
  const query = back.toString();
  return location.pathname + (query ? `?${query}` : "");
}

/**
 * The one plain form of a list of member cards: each card's like button (`inListForm`) posts to its
 * own member's like route (`formAction`) with the return path given here once, rather than a form
 * and two hidden fields per card (a search page shows 24 cards).
 */
export function LikeListForm({ children }: { children: ReactNode }) {
  return (
    <form method="post">
      <input type="hidden" name="redirectTo" value={useReturnPath()} />
      {children}
    </form>
  );
}
