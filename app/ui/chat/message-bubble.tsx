import { useTranslation } from "~/ui/use-translation";
import { dateTimeFormat } from "~/lib/intl-formats";
import { useRootData } from "~/lib/root-data";
import type { ChatMessage } from "~/domain/chat/chat-types";
import { GiftMessage } from "~/ui/chat-extras/gift-message";
import { ReportLink } from "~/ui/chat-extras/report-message";
import { DeleteMessageButton } from "./delete-message-button";

/**
 * A text or photo whose sender's account was erased: the text is blanked (none is ever sent
 * empty) and the chat photo is gone. Its place in the conversation stays.
 */
const isRemoved = (message: Pick<ChatMessage, "kind" | "body" | "chatPhotoId">) =>
  message.kind === "text" ? message.body === "" : message.kind === "photo" && message.chatPhotoId === null;

function Content({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (isRemoved(message)) return <em data-testid="message-removed">{t("chat:message.removed")}</em>;
  switch (message.kind) {
    case "gift":
      return <GiftMessage gift={message.gift} />;
    case "photo":
      return (
        <img
          src={`/chat-photos/${message.chatPhotoId}/thumb`}
          alt={t("chat:message.photo")}
          className="img-fluid rounded chat-photo"
          loading="lazy"
        />
      );
    case "text":
      // Plain text, never HTML, and links are not made clickable.
      return (
        <span className="chat-text" data-testid="message-text">
          {message.body}
        </span>
      );
  }
}

/** One message: own messages on the right with a delete button, "seen" under the newest one read. */
export function MessageBubble({
  message,
  conversationId,
}: {
  message: ChatMessage;
  conversationId: number | null;
}) {
  const { t, language } = useTranslation();
  const siteTimeZone = useRootData()?.site.timeZone ?? "Europe/Amsterdam";
  const time = dateTimeFormat(language, {
    dateStyle: "short",
    timeStyle: "short",
    // The site's time zone, the same on the server and in the browser (no hydration mismatch).
    timeZone: siteTimeZone,
  }).format(new Date(message.createdAt));
  return (
    // Component classes (app.scss) rather than utility lists: a page shows up to MESSAGES_PAGE_SIZE of these.
    <li
      className={message.own ? "chat-bubble own text-bg-primary" : "chat-bubble bg-body-secondary"}
      data-testid={message.own ? "message-own" : "message-other"}
      data-message-id={message.id}
    >
      <Content message={message} />
      <div className="chat-bubble-meta">
        <time dateTime={message.createdAt} suppressHydrationWarning>
          {time}
        </time>
        {message.seen && <span data-testid="message-seen">{t("chat:message.seen")}</span>}
        {message.own && <DeleteMessageButton messageId={message.id} />}
        {!message.own && conversationId !== null && !isRemoved(message) && (
          <ReportLink conversationId={conversationId} messageId={message.id} />
        )}
      </div>
    </li>
  );
}
