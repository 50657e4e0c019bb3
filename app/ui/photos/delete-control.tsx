import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { PHOTOS_PAGE } from "./paths";
import { PhotoForm } from "./photo-form";

/** A delete link; the page it leads to (`?confirmDelete=`) asks for confirmation in its place. */
export function DeleteControl({ photoId, confirming }: { photoId: number; confirming: boolean }) {
  const { t } = useTranslation();
  if (!confirming) {
    return (
      <Link
        to={`${PHOTOS_PAGE}?confirmDelete=${photoId}`}
        className="btn btn-sm btn-outline-danger"
        preventScrollReset
      >
        {t("photos:actions.delete")}
      </Link>
    );
  }
  return (
    <div className="w-100 border rounded p-2" data-testid="confirm-delete">
      <p className="mb-2">{t("photos:actions.confirmDelete")}</p>
      <PhotoForm intent="delete" photoId={photoId} className="d-inline">
        <button type="submit" className="btn btn-sm btn-danger me-1">
          {t("photos:actions.confirmYes")}
        </button>
      </PhotoForm>
      <Link to={PHOTOS_PAGE} className="btn btn-sm btn-link">
        {t("photos:actions.cancel")}
      </Link>
    </div>
  );
}
