import { useEffect, useRef, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import type { ConversationList } from "~/domain/chat/chat-types";
import { WIDE_SCREEN_QUERY } from "~/lib/wide-screen";

/**
 * The conversation list beside a conversation (decision 0028): loaded by the page's script once the
 * window is wide enough to show it, and kept current as the page is (React Router revalidates a
 * loaded fetcher with the page). `undefined` while it should not show; `null` while it loads.
 */
export function useListBeside(enabled: boolean): ConversationList | null | undefined {
  const wide = useWideWindow();
  const fetcher = useFetcher<{ list: ConversationList }>();
  const wanted = enabled && wide;
  const requested = useRef(false);
  useEffect(() => {
    if (!wanted || requested.current) return;
    requested.current = true;
    void fetcher.load("/chats/list");
  }, [wanted, fetcher]);
  if (!wanted) return undefined;
  return fetcher.data?.list ?? null;
}

/** Whether the window is at least Bootstrap's `lg` wide; false on the server and while hydrating. */
function useWideWindow(): boolean {
  return useSyncExternalStore(subscribeToWidth, isWide, () => false);
}

function subscribeToWidth(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener?.("change", onChange);
  return () => query.removeEventListener?.("change", onChange);
}

function isWide(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(WIDE_SCREEN_QUERY).matches;
}
