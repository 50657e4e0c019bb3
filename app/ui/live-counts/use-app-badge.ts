import { useEffect } from "react";

type BadgeNavigator = Navigator & {
  setAppBadge?: (count: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The installed app's badge shows unread messages plus new likes, where supported. */
export function useAppBadge(total: number) {
  useEffect(() => {
    const badge = navigator as BadgeNavigator;
    const update = total > 0 ? badge.setAppBadge?.(total) : badge.clearAppBadge?.();
    // Browsers refuse the badge outside an installed app (or without permission): nothing to show.
    update?.catch(() => {});
  }, [total]);
}
