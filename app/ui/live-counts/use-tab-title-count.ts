import { useEffect } from "react";
import { useLocation } from "react-router";

const PREFIX = /^\(\d+\+?\) /;

/** The tab title as "(N) title" and the installed app's badge, for unread messages plus new likes. */
export function useTabTitleCount(total: number) {
  const location = useLocation();
  useEffect(() => {
    const base = document.title.replace(PREFIX, "");
    document.title = total > 0 ? `(${total}) ${base}` : base;
    const badge = navigator as Navigator & {
      setAppBadge?: (count: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    const update = total > 0 ? badge.setAppBadge?.(total) : badge.clearAppBadge?.();
    // Browsers refuse the badge outside an installed app; the title still shows the count.
    update?.catch(() => {});
  }, [total, location.key]);
}
