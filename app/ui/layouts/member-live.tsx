import { useEffect } from "react";
import type { MemberCounts } from "~/domain/accounts/member-counts";
import { useAppBadge } from "../live-counts/use-app-badge";
import { useLiveCounts } from "../live-counts/use-live-counts";
import { useTabTitleCount } from "../live-counts/use-tab-title-count";
import { useLiveEvents } from "../live-events/use-live-events";

// Mounted by the members' layouts after the page (`mountLater`): a visitor's page never downloads it.

/**
 * The live parts of a member's layout: the tab's event stream (`live`), the counts refreshed from
 * it and by polling, shown in the tab title and the installed app's badge and handed to the top
 * bar (`onCounts`). Renders nothing.
 */
export function MemberLive({
  counts: serverCounts,
  live = false,
  onCounts,
}: {
  counts: MemberCounts;
  live?: boolean;
  onCounts?: (counts: MemberCounts) => void;
}) {
  useLiveEvents(live);
  const counts = useLiveCounts(serverCounts)!;
  const total = counts.unreadMessages + counts.newLikes;
  useTabTitleCount(total);
  useAppBadge(total);
  useEffect(() => {
    onCounts?.(counts);
  }, [counts, onCounts]);
  return null;
}
