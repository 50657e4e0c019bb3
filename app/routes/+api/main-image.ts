import type { PhotoStatus } from "~/generated/prisma/enums";

/**
 * The path a client shows a profile's main photo at in the like and match modal (`main_image.match`):
 * the large version, served by /photos/{id}/{size} to who may see it.
 */
export function matchPath(photoId: number): string {
  return `/photos/${photoId}/large`;
}

/**
 * A member's own main photo as the JSON calls give it (docs/product.md, JSON calls): the paths of
 * its two files, which this site serves (the storage keys stay inside: photos are only served
 * through the route that checks who may see them), its status (`active` once staff approved it,
 * `inspection` until then) and the match path. Null without a photo; a deleted one counts as none.
 */
export function ownMainImage(photo: { id: number; status: PhotoStatus } | null) {
  if (!photo || photo.status === "deleted") return null;
  return {
    id: photo.id,
    filename: `/photos/${photo.id}/large`,
    thumb_filename: `/photos/${photo.id}/thumb`,
    status: photo.status,
    match: matchPath(photo.id),
  };
}
