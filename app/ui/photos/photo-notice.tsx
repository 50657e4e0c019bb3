import { useTranslation } from "~/ui/use-translation";

/** The outcome of the last action (`?notice=`): a warning when the photo could not become the main one. */
export function PhotoNotice({ notice }: { notice: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={`alert ${notice === "notEligible" ? "alert-warning" : "alert-success"}`}
      role="status"
      data-testid="photo-notice"
    >
      {notice === "uploaded"
        ? t("photos:upload.done")
        : notice === "appealSent"
          ? t("appeals:photo.sent")
          : t(`photos:notices.${notice}`)}
    </div>
  );
}
