import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";

export type PhotoStatusLabel = "inspection" | "active" | "deleted";

/** The owner's own photos, newest first, with the main photo marked. */
export async function listOwnPhotos(profileId: number) {
  const [profile, photos] = await Promise.all([
    db().profile.findUnique({ where: { id: profileId }, select: { mainPhotoId: true } }),
    db().photo.findMany({
      where: { profileId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: {
        id: true,
        status: true,
        visibility: true,
        rejectionReason: true,
        width: true,
        height: true,
        createdAt: true,
      },
    }),
  ]);
  return photos.map((photo) => ({ ...photo, isMain: photo.id === profile?.mainPhotoId }));
}

async function ownPhoto(profileId: number, photoId: number) {
  return db().photo.findFirst({
    where: { id: photoId, profileId },
    select: { id: true, status: true, visibility: true, filename: true, thumbFilename: true },
  });
}

/**
 * Public or private. Only an active public photo can be the main photo, so a main photo made
 * private stops being the main photo.
 */
export async function setPhotoVisibility(
  profileId: number,
  photoId: number,
  visibility: "public" | "private",
): Promise<boolean> {
  const photo = await ownPhoto(profileId, photoId);
  if (!photo || photo.status === "deleted") return false;
  await db().$transaction(async (tx) => {
    await tx.photo.update({ where: { id: photoId }, data: { visibility }, select: { id: true } });
    if (visibility === "private") {
      await tx.profile.updateMany({
        where: { id: profileId, mainPhotoId: photoId },
        data: { mainPhotoId: null },
      });
    }
  });
  return true;
}

export type MainPhotoResult = { ok: true } | { ok: false; error: "notFound" | "notEligible" };

/** Makes a photo the main photo: only an approved (active) public photo can be. */
export async function setMainPhoto(profileId: number, photoId: number): Promise<MainPhotoResult> {
  const photo = await ownPhoto(profileId, photoId);
  if (!photo || photo.status === "deleted") return { ok: false, error: "notFound" };
  if (photo.status !== "active" || photo.visibility !== "public") return { ok: false, error: "notEligible" };
  await db().profile.update({
    where: { id: profileId },
    data: { mainPhotoId: photoId },
    select: { id: true },
  });
  return { ok: true };
}

/** Deletes an own photo: the row goes (main photo becomes null), then both files. */
export async function deletePhoto(profileId: number, photoId: number): Promise<boolean> {
  const photo = await ownPhoto(profileId, photoId);
  if (!photo) return false;
  await db().$transaction(async (tx) => {
    await tx.profile.updateMany({
      where: { id: profileId, mainPhotoId: photoId },
      data: { mainPhotoId: null },
    });
    await tx.photo.delete({ where: { id: photoId }, select: { id: true } });
  });
  const storage = fileStorage();
  await Promise.all([storage.remove(photo.filename), storage.remove(photo.thumbFilename)]);
  return true;
}

/** Whether a member should see the "profile photo" alert: no active main photo and not dismissed. */
export async function needsPhotoAlert(userId: number): Promise<boolean> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { photoAlertDismissedAt: true, profile: { select: { mainPhoto: { select: { status: true } } } } },
  });
  if (!user || user.photoAlertDismissedAt || !user.profile) return false;
  return user.profile.mainPhoto?.status !== "active";
}

/** Dismisses the "profile photo" alert for good. */
export async function dismissPhotoAlert(userId: number): Promise<void> {
  await db().user.update({
    where: { id: userId },
    data: { photoAlertDismissedAt: new Date() },
    select: { id: true },
  });
}
