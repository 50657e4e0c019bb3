import { useTranslation } from "~/ui/use-translation";
import { Form, Link } from "react-router";
import { AppLink } from "~/ui/app-link";
import { REPORT_NOTE_MAX } from "~/domain/chat/chat-types";

/** The complaint categories a message report offers (all are ComplaintCategory values). */
const REPORT_REASONS = ["harassment", "spam", "fake_profile", "illegal_content", "minor", "other"] as const;

/**
 * "Report" on a message the member received: a link to the report page, so a conversation carries
 * one small link per message rather than a form each.
 */
export function ReportLink({ conversationId, messageId }: { conversationId: number; messageId: number }) {
  const { t } = useTranslation();
  return (
    <AppLink
      to={`/chats/${conversationId}/report?message=${messageId}`}
      className="link-secondary"
      aria-label={t("chat-extras:report.title")}
      data-testid="report-message"
    >
      {t("chat-extras:report.button")}
    </AppLink>
  );
}

interface ReportedMessage {
  kind: "text" | "photo" | "gift";
  /** Empty when the sender deleted the message. */
  body: string;
  deleted: boolean;
}

/**
 * The report page's form: the reported message, a reason, an optional note and a confirming submit.
 * Posts to /chats/{conversationId}/report, which returns to the conversation with `?reported=1`.
 */
export function ReportMessageForm({
  conversationId,
  messageId,
  message,
}: {
  conversationId: number;
  messageId: number;
  message: ReportedMessage;
}) {
  const { t } = useTranslation();
  const quoted = message.deleted
    ? t("chat:message.deleted")
    : message.kind === "text"
      ? message.body
      : t(`chat:message.${message.kind}`);
  return (
    <section className="p-3 overflow-auto" data-testid="report-message-form">
      <h1 className="h4">{t("chat-extras:report.title")}</h1>
      <blockquote className="chat-text rounded-3 px-3 py-2 bg-body-secondary">{quoted}</blockquote>
      <p>{t("chat-extras:report.text")}</p>
      <Form method="post" action={`/chats/${conversationId}/report`}>
        <input type="hidden" name="messageId" value={messageId} />
        <label className="form-label" htmlFor="report-category">
          {t("chat-extras:report.reason")}
        </label>
        <select id="report-category" name="category" className="form-select mb-3" defaultValue="harassment">
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`complaints:categories.${reason}`)}
            </option>
          ))}
        </select>
        <label className="form-label" htmlFor="report-note">
          {t("chat-extras:report.note")}
        </label>
        <textarea
          id="report-note"
          name="note"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          className="form-control mb-3"
        />
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-danger">
            {t("chat-extras:report.submit")}
          </button>
          <Link to={`/chats/${conversationId}`} className="btn btn-outline-secondary">
            {t("chat:message.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
