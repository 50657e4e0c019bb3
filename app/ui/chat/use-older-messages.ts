import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { ChatMessage } from "~/domain/chat/chat-types";

/** What the conversation page's loader answers for `?before=` (the part this list reads). */
interface OlderPage {
  view: { messages: ChatMessage[]; olderBefore: number | null; historyHidden: boolean };
}

/** The newest page alone: at the start, and again after a navigation. */
function newestOnly(messages: ChatMessage[], fetched: OlderPage | undefined, locationKey: string) {
  return {
    /** Messages above the newest page, oldest first; empty until the member asks for them. */
    older: [] as ChatMessage[],
    /** The oldest loaded page's link and history line; null: the newest page's (the props). */
    oldest: null as { before: number | null; historyHidden: boolean } | null,
    newestPage: messages,
    /** Whether the member asked for older messages since the last navigation. */
    asked: false,
    /** The fetcher's answer already seen (it is loaded again at every revalidation). */
    taken: fetched,
    locationKey,
  };
}

/**
 * With JavaScript, "older messages" loads the page before the oldest shown one above it, keeping
 * what the member sees in place, instead of leaving the newest page. The newest page still follows
 * the conversation (revalidations): messages that leave it while older ones are shown move into the
 * older part, so nothing between the two goes missing. A navigation (deleting a message, say)
 * starts again from the newest page, as it does without JavaScript.
 */
export function useOlderMessages(
  messages: ChatMessage[],
  olderBefore: number | null,
  historyHidden: boolean,
) {
  const fetcher = useFetcher<OlderPage>();
  const { key } = useLocation();
  const [state, setState] = useState(() => newestOnly(messages, fetcher.data, key));
  let next = state;
  if (next.locationKey !== key) next = newestOnly(messages, fetcher.data, key);
  if (next.newestPage !== messages) {
    const start = messages[0]?.id ?? Infinity;
    const carried = next.older.length > 0 ? next.newestPage.filter((m) => m.id < start) : [];
    next = { ...next, newestPage: messages, older: [...next.older, ...carried] };
  }
  if (fetcher.data && fetcher.data !== next.taken) {
    const { view } = fetcher.data;
    const first = next.older[0]?.id ?? messages[0]?.id ?? Infinity;
    next = next.asked
      ? {
          ...next,
          taken: fetcher.data,
          older: [...view.messages.filter((m) => m.id < first), ...next.older],
          oldest: { before: view.olderBefore, historyHidden: view.historyHidden },
        }
      : { ...next, taken: fetcher.data };
  }
  if (next !== state) setState(next);
  // A message deleted from the newest page lets an older one into it: shown once, there.
  const start = messages[0]?.id ?? Infinity;
  return {
    shown: next.older.length > 0 ? [...next.older.filter((m) => m.id < start), ...messages] : messages,
    olderBefore: next.oldest ? next.oldest.before : olderBefore,
    historyHidden: next.oldest ? next.oldest.historyHidden : historyHidden,
    loading: fetcher.state !== "idle",
    load: (conversationId: number, before: number) => {
      setState((current) => ({ ...current, asked: true }));
      void fetcher.load(`/chats/${conversationId}?before=${before}`);
    },
  };
}
