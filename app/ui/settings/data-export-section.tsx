import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";

/** The member's newest data archive as the settings page shows it; times and sizes already written out. */
export type DataExportView =
  | { state: "none" | "expired" | "failed"; nextAt: string | null }
  | { state: "pending"; nextAt: string }
  | { state: "ready"; id: number; until: string; size: string; nextAt: string | null };

/** What just happened: asked for, an expired download followed, or refused by the daily limit. */
export type DataExportNotice = { kind: "requested" } | { kind: "expired" } | { kind: "tooSoon"; at: string };

/**
 * "Download my data" (docs/product.md, Your data): the archive's state (none, being made, ready
 * with its link and end, expired) and the plain form that asks for a new one while the daily limit
 * allows, with the notice of what just happened.
 */
export function DataExportSection({
  view,
  notice,
}: {
  view: DataExportView;
  notice: DataExportNotice | null;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="data-export" data-state={view.state}>
      {notice && (
        <div
          className={`alert ${notice.kind === "requested" ? "alert-success" : "alert-warning"}`}
          role="status"
          data-testid="data-export-notice"
        >
          {t(`dataExport:section.notice.${notice.kind}`, notice.kind === "tooSoon" ? { at: notice.at } : {})}
        </div>
      )}
      <p>{t("dataExport:section.intro")}</p>
      {view.state === "pending" && <p data-testid="data-export-pending">{t("dataExport:section.pending")}</p>}
      {view.state === "ready" && (
        <p data-testid="data-export-ready">
          {t("dataExport:section.ready", { until: view.until })}{" "}
          <a href={`/settings/data-export/${view.id}`} download className="fw-semibold">
            {t("dataExport:section.download", { size: view.size })}
          </a>
        </p>
      )}
      {view.state === "expired" && <p className="text-body-secondary">{t("dataExport:section.expired")}</p>}
      {view.state === "failed" && <p className="text-body-secondary">{t("dataExport:section.failed")}</p>}
      {view.nextAt ? (
        <p className="text-body-secondary mb-0" data-testid="data-export-next">
          {t("dataExport:section.nextAt", { at: view.nextAt })}
        </p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="dataExport" />
          <button type="submit" className="btn btn-outline-primary">
            {t("dataExport:section.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}
