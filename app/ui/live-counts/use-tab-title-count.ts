import { useEffect } from "react";
import { useLocation } from "react-router";

const PREFIX = /^\(\d+\+?\) /;

/** The tab title as "(N) title", for unread messages plus new likes (the app badge: useAppBadge). */
export function useTabTitleCount(total: number) {
  const location = useLocation();
  useEffect(() => {
    const base = document.title.replace(PREFIX, "");
    document.title = total > 0 ? `(${total}) ${base}` : base;
  }, [total, location.key]);
}
