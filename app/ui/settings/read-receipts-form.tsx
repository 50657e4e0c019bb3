import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";

/** The read-receipts privacy switch (intent "readReceipts"): who hides theirs sees no one else's. */
export function ReadReceiptsForm({ showReceipts, saved }: { showReceipts: boolean; saved: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      {saved && (
        <div className="alert alert-success" role="status" data-testid="read-receipts-saved">
          {t("settings:readReceipts.saved")}
        </div>
      )}
      <input type="hidden" name="intent" value="readReceipts" />
      <div className="form-check form-switch mb-2">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          name="showReadReceipts"
          id="show-read-receipts"
          defaultChecked={showReceipts}
          aria-describedby="read-receipts-help"
        />
        <label className="form-check-label" htmlFor="show-read-receipts">
          {t("settings:readReceipts.label")}
        </label>
      </div>
      <p className="form-text" id="read-receipts-help">
        {t("settings:readReceipts.help")}
      </p>
      <button type="submit" className="btn btn-primary">
        {t("settings:readReceipts.submit")}
      </button>
    </Form>
  );
}
