import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";

/** The complaint categories a message report offers (all are ComplaintCategory values). */
export const REPORT_REASONS = [
  "harassment",
  "spam",
  "fake_profile",
  "illegal_content",
  "minor",
  "other",
] as const;

/**
 * "Report" on a message the member received: a small toggle (details/summary, so it works without
 * JavaScript) opening a form with a reason, an optional note and a confirming submit. Posts to
 * /chats/{conversationId}/report, which returns to the conversation with `?reported=1`.
 */
export function ReportButton({ conversationId, messageId }: { conversationId: number; messageId: number }) {
  const { t } = useTranslation();
  const field = (name: string) => `report-${messageId}-${name}`;
  return (
    <details className="report-message small" data-testid="report-message">
      <summary className="link-secondary" style={{ cursor: "pointer" }}>
        {t("chat-extras:report.button")}
      </summary>
      <Form method="post" action={`/chats/${conversationId}/report`} className="card card-body mt-1 p-2">
        <input type="hidden" name="messageId" value={messageId} />
        <p className="fw-semibold mb-1">{t("chat-extras:report.title")}</p>
        <p className="text-body-secondary mb-2">{t("chat-extras:report.text")}</p>
        <label className="form-label mb-1" htmlFor={field("category")}>
          {t("chat-extras:report.reason")}
        </label>
        <select
          id={field("category")}
          name="category"
          className="form-select form-select-sm mb-2"
          defaultValue="harassment"
        >
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`complaints:categories.${reason}`)}
            </option>
          ))}
        </select>
        <label className="form-label mb-1" htmlFor={field("note")}>
          {t("chat-extras:report.note")}
        </label>
        <textarea
          id={field("note")}
          name="note"
          rows={2}
          maxLength={1000}
          className="form-control form-control-sm mb-2"
        />
        <div>
          <button type="submit" className="btn btn-danger btn-sm">
            {t("chat-extras:report.submit")}
          </button>
        </div>
      </Form>
    </details>
  );
}
