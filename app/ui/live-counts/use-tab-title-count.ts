import { useEffect } from "react";
import { useLocation } from "react-router";
import { countedTitle } from "../page-title";

/**
 * The tab title as "(N) title", for unread messages plus new likes (the app badge: useAppBadge).
 * Each layout with a logged-in member calls it: the default and the chat layout alike.
 */
export function useTabTitleCount(total: number) {
  const location = useLocation();
  useEffect(() => {
    document.title = countedTitle(document.title, total);
  }, [total, location.key]);
}
