import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";

export type PhotoSize = "thumb" | "large";

/**
 * The bytes of an approved public photo of an active profile, or null. Private photos and photos
 * under inspection are not served here.
 */
export async function readPublicPhoto(photoId: number, size: PhotoSize): Promise<Buffer | null> {
  const photo = await db().photo.findFirst({
    where: { id: photoId, status: "active", visibility: "public", profile: { status: "active" } },
    select: { filename: true, thumbFilename: true },
  });
  if (!photo) return null;
  return fileStorage().read(size === "thumb" ? photo.thumbFilename : photo.filename);
}
