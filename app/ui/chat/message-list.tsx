import { useEffect, useRef } from "react";
import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import type { ChatMessage } from "~/domain/chat/chat-types";
import { MessageBubble } from "./message-bubble";

/**
 * The messages, oldest first, scrolled to the newest; an "older" link pages back, and on the oldest
 * page a line says when older history is hidden (the site's limit).
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
  const endRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    if (!paged) endRef.current?.scrollIntoView({ block: "end" });
  }, [newestId, paged]);
  return (
    <section className="flex-grow-1 overflow-auto p-3" aria-label={t("chat:conversation.messages")}>
      {olderBefore !== null && (
        <p className="text-center">
          <Link to={`?before=${olderBefore}`} className="btn btn-sm btn-outline-secondary" rel="prev">
            {t("chat:conversation.older")}
          </Link>
        </p>
      )}
      {historyHidden && (
        <p className="text-center small text-body-secondary" data-testid="history-hidden">
          {t("chat:conversation.historyHidden", { days: historyDays })}
        </p>
      )}
      {messages.length === 0 ? (
        <p className="text-center text-body-secondary" data-testid="chat-empty">
          {emptyText}
        </p>
      ) : (
        <ol className="chat-messages" data-testid="messages">
          {messages.map((message) => (
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
