import { useTranslation } from "~/ui/use-translation";
import { DeleteControl } from "./delete-control";
import type { OwnPhoto } from "./photo-card";
import { PhotoForm } from "./photo-form";

/** What can be done with one photo: switch its visibility, make it the main photo, delete it. */
export function PhotoButtons({ photo, confirmingDelete }: { photo: OwnPhoto; confirmingDelete: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-1">
      {photo.status !== "deleted" && (
        <PhotoForm intent="visibility" photoId={photo.id}>
          <input
            type="hidden"
            name="visibility"
            value={photo.visibility === "public" ? "private" : "public"}
          />
          <button type="submit" className="btn btn-sm btn-outline-secondary">
            {photo.visibility === "public" ? t("photos:actions.makePrivate") : t("photos:actions.makePublic")}
          </button>
        </PhotoForm>
      )}
      {photo.status === "active" && photo.visibility === "public" && !photo.isMain && (
        <PhotoForm intent="main" photoId={photo.id}>
          <button type="submit" className="btn btn-sm btn-outline-primary">
            {t("photos:actions.makeMain")}
          </button>
        </PhotoForm>
      )}
      <DeleteControl photoId={photo.id} confirming={confirmingDelete} />
    </div>
  );
}
