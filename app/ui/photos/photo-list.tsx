import { useTranslation } from "~/ui/use-translation";
import { PhotoCard, type OwnPhoto } from "./photo-card";

/** The member's photos in a grid, newest first; `confirmDeleteId` asks to confirm deleting that one. */
export function PhotoList({
  photos,
  confirmDeleteId,
}: {
  photos: OwnPhoto[];
  confirmDeleteId: number | null;
}) {
  const { t } = useTranslation();
  if (photos.length === 0) return <p>{t("photos:page.empty")}</p>;
  return (
    <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3">
      {photos.map((photo) => (
        <div className="col" key={photo.id}>
          <PhotoCard photo={photo} confirmingDelete={confirmDeleteId === photo.id} />
        </div>
      ))}
    </div>
  );
}
