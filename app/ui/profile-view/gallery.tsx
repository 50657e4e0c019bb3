import { useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { LockedTile } from "./locked-tile";
import { PhotoThumb } from "./photo-thumb";
import type { Viewer } from "./viewer";

interface GalleryPhoto {
  id: number;
  width: number;
  height: number;
  isPrivate: boolean;
}

/** The large photo, the thumbnails that select it, and the lock tile for photos the viewer may not see. */
export function Gallery({
  name,
  photos,
  photoCount,
  lockedPhotos,
  viewer,
  path,
}: {
  name: string;
  photos: GalleryPhoto[];
  photoCount: number;
  lockedPhotos: number;
  viewer: Viewer;
  path: string;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const current: GalleryPhoto | undefined = photos[selected] ?? photos[0];
  return (
    <section aria-labelledby="photos-title" data-testid="gallery">
      <h2 className="visually-hidden" id="photos-title">
        {t("member:photos.title")}
      </h2>
      {current ? (
        <a href={`/photos/${current.id}/large`} className="d-block mb-2">
          <img
            src={`/photos/${current.id}/large`}
            alt={t("member:photos.photoOf", { name })}
            width={current.width}
            height={current.height}
            className="img-fluid rounded w-100"
            style={{ objectFit: "cover" }}
            data-testid="main-photo"
          />
        </a>
      ) : (
        <p className="text-body-secondary">{t("member:photos.none", { name })}</p>
      )}
      <p className="small text-body-secondary mb-2" data-testid="photo-count">
        {t("member:photos.count", { count: photoCount })}
      </p>
      <ul className="row g-2 list-unstyled mb-0">
        {photos.map((photo, index) => (
          <li className="col-3" key={photo.id}>
            <PhotoThumb
              photo={photo}
              label={t("member:photos.show", { number: index + 1, name })}
              selected={index === selected}
              onSelect={() => setSelected(index)}
            />
          </li>
        ))}
        {lockedPhotos > 0 && (
          <li className="col-12">
            <LockedTile name={name} count={lockedPhotos} viewer={viewer} path={path} />
          </li>
        )}
      </ul>
    </section>
  );
}
