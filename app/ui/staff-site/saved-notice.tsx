import { useTranslation } from "~/ui/use-translation";

/** The notice after a save: saved, or nothing was different. */
export function SavedNotice({ notice }: { notice: "saved" | "unchanged" }) {
  const { t } = useTranslation();
  return (
    <div
      className={`alert ${notice === "saved" ? "alert-success" : "alert-info"}`}
      role="status"
      data-testid="saved-notice"
    >
      {t(`staffSite:${notice}`)}
    </div>
  );
}
