import { useTranslation } from "~/ui/use-translation";
import { PhotoAppeal, type PhotoAppealState } from "~/ui/appeals/photo-appeal";
import type { FormResult } from "~/ui/use-validated-form";
import { PhotoButtons } from "./photo-buttons";

export interface OwnPhoto {
  id: number;
  status: "inspection" | "active" | "deleted";
  visibility: "public" | "private";
  rejectionReason: string | null;
  isMain: boolean;
  /** A rejected photo's appeal, once made. */
  appeal: PhotoAppealState | null;
}

const STATUS_BADGES = {
  inspection: "text-bg-warning",
  active: "text-bg-success",
  deleted: "text-bg-danger",
} as const;

/**
 * One of the member's own photos: thumbnail (none once deleted), badges, rejection reason with the
 * appeal against it, buttons. `appealResult` is the refused answer of this photo's appeal form.
 */
export function PhotoCard({
  photo,
  confirmingDelete,
  appealResult,
}: {
  photo: OwnPhoto;
  confirmingDelete: boolean;
  appealResult: FormResult | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="card h-100" data-testid="own-photo" data-status={photo.status}>
      {photo.status === "deleted" ? (
        <div
          className="card-img-top bg-body-secondary d-flex align-items-center justify-content-center"
          style={{ aspectRatio: "4 / 5" }}
        />
      ) : (
        <img
          src={`/photos/${photo.id}/thumb`}
          alt=""
          className="card-img-top"
          width={240}
          height={300}
          style={{ aspectRatio: "4 / 5", objectFit: "cover", height: "auto" }}
        />
      )}
      <div className="card-body p-2 small">
        <div className="d-flex flex-wrap gap-1 mb-2">
          <span className={`badge ${STATUS_BADGES[photo.status]}`}>{t(`photos:status.${photo.status}`)}</span>
          {photo.status !== "deleted" && (
            <span className="badge text-bg-light">{t(`photos:visibility.${photo.visibility}`)}</span>
          )}
          {photo.isMain && <span className="badge text-bg-primary">{t("photos:main")}</span>}
        </div>
        {photo.status === "deleted" && photo.rejectionReason && (
          <p className="mb-2" data-testid="rejection-reason">
            {t("photos:rejectionReason", { reason: photo.rejectionReason })}
          </p>
        )}
        {photo.status === "deleted" && photo.rejectionReason && (
          <PhotoAppeal photoId={photo.id} appeal={photo.appeal} result={appealResult} />
        )}
        <PhotoButtons photo={photo} confirmingDelete={confirmingDelete} />
      </div>
    </div>
  );
}
