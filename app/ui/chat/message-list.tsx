import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "~/ui/use-translation";
import { Link, useFetcher, useLocation } from "react-router";
import type { ChatMessage } from "~/domain/chat/chat-types";
import { MessageBubble } from "./message-bubble";

/** What the conversation page's loader answers for `?before=` (the part this list reads). */
interface OlderPage {
  view: { messages: ChatMessage[]; olderBefore: number | null; historyHidden: boolean };
}

/**
 * With JavaScript, "older messages" loads the page before the oldest shown one above it, keeping
 * what the member sees in place, instead of leaving the newest page. The newest page still follows
 * the conversation (revalidations): messages that leave it while older ones are shown move into the
 * older part, so nothing between the two goes missing. A navigation (deleting a message, say)
 * starts again from the newest page, as it does without JavaScript.
 */
function useOlderMessages(messages: ChatMessage[], olderBefore: number | null, historyHidden: boolean) {
  const fetcher = useFetcher<OlderPage>();
  const { key } = useLocation();
  const [state, setState] = useState({
    /** Messages above the newest page, oldest first; empty until the member asks for them. */
    older: [] as ChatMessage[],
    /** The oldest loaded page's link and history line; null: the newest page's (the props). */
    oldest: null as { before: number | null; historyHidden: boolean } | null,
    newestPage: messages,
    /** Whether the member asked for older messages since the last navigation. */
    asked: false,
    /** The fetcher's answer already seen (it is loaded again at every revalidation). */
    taken: fetcher.data,
    locationKey: key,
  });
  let next = state;
  if (next.locationKey !== key) {
    next = {
      older: [],
      oldest: null,
      newestPage: messages,
      asked: false,
      taken: fetcher.data,
      locationKey: key,
    };
  }
  if (next.newestPage !== messages) {
    const start = messages[0]?.id ?? Infinity;
    const carried = next.older.length > 0 ? next.newestPage.filter((m) => m.id < start) : [];
    next = { ...next, newestPage: messages, older: [...next.older, ...carried] };
  }
  if (fetcher.data && fetcher.data !== next.taken && !next.asked) next = { ...next, taken: fetcher.data };
  if (fetcher.data && fetcher.data !== next.taken) {
    const { view } = fetcher.data;
    const first = next.older[0]?.id ?? messages[0]?.id ?? Infinity;
    next = {
      ...next,
      taken: fetcher.data,
      older: [...view.messages.filter((m) => m.id < first), ...next.older],
      oldest: { before: view.olderBefore, historyHidden: view.historyHidden },
    };
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

/** What scrolls the messages: their pane, or the page when the pane is not (yet) taller than it. */
function scrollerOf(section: HTMLElement | null): Element | null {
  if (section && section.scrollHeight > section.clientHeight) return section;
  return document.scrollingElement;
}

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/**
 * The messages, oldest first, scrolled to the newest; an "older" link pages back (in place with
 * JavaScript), and on the oldest page a line says when older history is hidden (the site's limit).
 */
export function MessageList({
  messages,
  olderBefore,
  paged,
  historyHidden,
  historyDays,
  emptyText,
  conversationId,
}: {
  messages: ChatMessage[];
  olderBefore: number | null;
  paged: boolean;
  historyHidden: boolean;
  historyDays: number;
  emptyText: string;
  /** For reporting received messages (null before the first message). */
  conversationId: number | null;
}) {
  const { t } = useTranslation();
  const sectionRef = useRef<HTMLElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const older = useOlderMessages(messages, olderBefore, historyHidden);
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    if (!paged) endRef.current?.scrollIntoView({ block: "end" });
  }, [newestId, paged]);
  // Messages put above keep the ones on screen where they were (not every browser anchors the scroll).
  const fromBottom = useRef<number | null>(null);
  const oldestId = older.shown[0]?.id;
  useLayoutEffect(() => {
    const scroller = scrollerOf(sectionRef.current);
    if (!scroller || fromBottom.current === null) return;
    scroller.scrollTop = scroller.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [oldestId]);
  const loadOlder = (event: MouseEvent) => {
    if (conversationId === null || older.olderBefore === null || !isPlainLeftClick(event)) return;
    event.preventDefault();
    if (older.loading) return;
    const scroller = scrollerOf(sectionRef.current);
    if (scroller) fromBottom.current = scroller.scrollHeight - scroller.scrollTop;
    older.load(conversationId, older.olderBefore);
  };
  return (
    <section
      ref={sectionRef}
      className="flex-grow-1 overflow-auto p-3"
      aria-label={t("chat:conversation.messages")}
    >
      {older.olderBefore !== null && (
        <p className="text-center">
          <Link
            to={`?before=${older.olderBefore}`}
            className="btn btn-sm btn-outline-secondary"
            rel="prev"
            onClick={loadOlder}
            aria-busy={older.loading || undefined}
            data-testid="older-messages"
          >
            {t("chat:conversation.older")}
          </Link>
        </p>
      )}
      {older.historyHidden && (
        <p className="text-center small text-body-secondary" data-testid="history-hidden">
          {t("chat:conversation.historyHidden", { days: historyDays })}
        </p>
      )}
      {older.shown.length === 0 ? (
        <p className="text-center text-body-secondary" data-testid="chat-empty">
          {emptyText}
        </p>
      ) : (
        <ol className="chat-messages" data-testid="messages">
          {older.shown.map((message) => (
            <MessageBubble key={message.id} message={message} conversationId={conversationId} />
          ))}
        </ol>
      )}
      {paged && (
        <p className="text-center mt-2">
          <Link to="?" className="btn btn-sm btn-outline-secondary">
            {t("chat:conversation.newest")}
          </Link>
        </p>
      )}
      <div ref={endRef} />
    </section>
  );
}
