import { useTranslation } from "~/ui/use-translation";

/** A thumbnail linking to the large photo; a plain left click selects it in the gallery instead. */
export function PhotoThumb({
  photo,
  label,
  selected,
  onSelect,
}: {
  photo: { id: number; isPrivate: boolean };
  label: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <a
      href={`/photos/${photo.id}/large`}
      className="d-block position-relative"
      aria-label={label}
      aria-current={selected ? "true" : undefined}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        onSelect();
      }}
    >
      <img
        src={`/photos/${photo.id}/thumb`}
        alt=""
        className={`img-fluid rounded w-100 ${selected ? "border border-2 border-primary" : ""}`}
        loading="lazy"
        data-testid="photo-thumb"
      />
      {photo.isPrivate && (
        <span className="badge text-bg-dark position-absolute top-0 start-0 m-1">
          {t("member:photos.private")}
        </span>
      )}
    </a>
  );
}
