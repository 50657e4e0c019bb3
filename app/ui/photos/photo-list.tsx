import { useTranslation } from "~/ui/use-translation";
import type { FormResult } from "~/ui/use-validated-form";
import { PhotoCard, type OwnPhoto } from "./photo-card";

/**
 * The member's photos in a grid, newest first; `confirmDeleteId` asks to confirm deleting that one,
 * `appealResult` is a refused appeal form's answer for the photo it names.
 */
export function PhotoList({
  photos,
  confirmDeleteId,
  appealResult = null,
}: {
  photos: OwnPhoto[];
  confirmDeleteId: number | null;
  appealResult?: { photoId: number; result: FormResult } | null;
}) {
  const { t } = useTranslation();
  if (photos.length === 0) return <p>{t("photos:page.empty")}</p>;
  return (
    <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3">
      {photos.map((photo) => (
        <div className="col" key={photo.id}>
          <PhotoCard
            photo={photo}
            confirmingDelete={confirmDeleteId === photo.id}
            appealResult={appealResult?.photoId === photo.id ? appealResult.result : null}
          />
        </div>
      ))}
    </div>
  );
}
