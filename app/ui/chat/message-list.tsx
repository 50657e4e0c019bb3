import { useEffect, useLayoutEffect, useRef, type MouseEvent } from "react";
import { isPlainLeftClick } from "~/ui/app-link";
import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import type { ChatMessage } from "~/domain/chat/chat-types";
import { MessageBubble } from "./message-bubble";
import { useOlderMessages } from "./use-older-messages";

/** What scrolls the messages: their pane, or the page when the pane is not (yet) taller than it. */
function scrollerOf(section: HTMLElement | null): Element | null {
  if (section && section.scrollHeight > section.clientHeight) return section;
  return document.scrollingElement;
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
  const loadOlder = (event: MouseEvent<HTMLAnchorElement>) => {
    if (conversationId === null || older.olderBefore === null) return;
    if (!isPlainLeftClick(event.nativeEvent, event.currentTarget.target)) return;
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
      // A keyboard scrolls it too, also when it holds no link (a short window, the pickers open).
      tabIndex={0}
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
