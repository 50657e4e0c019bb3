import { useTranslation } from "~/ui/use-translation";

export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="progress mb-2"
      role="progressbar"
      aria-label={t("photos:upload.uploading", { percent })}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="progress-bar" style={{ width: `${percent}%` }}>
        {t("photos:upload.uploading", { percent })}
      </div>
    </div>
  );
}
