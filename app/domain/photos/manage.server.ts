import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";

/**
 * The owner's own photos, newest first, with the main photo marked; a rejected photo with its
 * appeal, if any (not those the owner removed from the page).
 */
export async function listOwnPhotos(profileId: number) {
  const [profile, photos] = await Promise.all([
    db().profile.findUnique({ where: { id: profileId }, select: { mainPhotoId: true } }),
    db().photo.findMany({
      where: { profileId, hiddenByOwnerAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: {
        id: true,
        status: true,
        visibility: true,
        rejectionReason: true,
        width: true,
        height: true,
        createdAt: true,
        appeal: { select: { status: true, decisionReason: true } },
      },
    }),
  ]);
  return photos.map((photo) => ({ ...photo, isMain: photo.id === profile?.mainPhotoId }));
}

async function ownPhoto(profileId: number, photoId: number) {
  return db().photo.findFirst({
    where: { id: photoId, profileId, hiddenByOwnerAt: null },
    select: {
      id: true,
      status: true,
      visibility: true,
      filename: true,
      thumbFilename: true,
      rejectionReason: true,
    },
  });
}

/**
 * When `photoId` was the profile's main photo, its newest other approved (active) public photo
 * becomes the main photo, or none when there is no such photo; other photos change nothing. Run in
 * the transaction that takes the photo away, after it is deleted or made private. One statement:
 * the candidate is read with FOR SHARE, so a concurrent delete or visibility change of it is waited
 * for and then re-checked rather than making a deleted or private photo the main one.
 */
async function replaceMainPhoto(tx: Prisma.TransactionClient, profileId: number, photoId: number) {
  await tx.$executeRaw`
    UPDATE "Profile" p SET "mainPhotoId" = (
      SELECT ph.id FROM "Photo" ph
      WHERE ph."profileId" = p.id AND ph.id <> ${photoId}
        AND ph.status = 'active' AND ph.visibility = 'public'
      ORDER BY ph."createdAt" DESC, ph.id DESC
      LIMIT 1
      FOR SHARE
    )
    WHERE p.id = ${profileId} AND p."mainPhotoId" = ${photoId}`;
}

/**
 * Public or private. Only an active public photo can be the main photo, so a main photo made
 * private stops being the main photo: the newest other approved public photo takes its place.
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
    if (visibility === "private") await replaceMainPhoto(tx, profileId, photoId);
  });
  return true;
}

type MainPhotoResult = { ok: true } | { ok: false; error: "notFound" | "notEligible" };

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

/**
 * Deletes an own photo: the row goes (a main photo is replaced by the newest other approved public
 * photo, or none), then both files. A photo staff rejected only leaves the owner's page: its row
 * keeps the reason and the fingerprint that turns the picture away (docs/product.md, Photos).
 */
export async function deletePhoto(profileId: number, photoId: number): Promise<boolean> {
  const photo = await ownPhoto(profileId, photoId);
  if (!photo) return false;
  if (photo.status === "deleted" && photo.rejectionReason !== null) {
    await db().photo.update({
      where: { id: photoId },
      data: { hiddenByOwnerAt: new Date() },
      select: { id: true },
    });
    return true;
  }
  await db().$transaction(async (tx) => {
    await replaceMainPhoto(tx, profileId, photoId);
    await tx.photo.delete({ where: { id: photoId }, select: { id: true } });
  });
  const storage = fileStorage();
  await Promise.all([storage.remove(photo.filename), storage.remove(photo.thumbFilename)]);
  return true;
}

/** Dismisses the "profile photo" alert for good. */
export async function dismissPhotoAlert(userId: number): Promise<void> {
  await db().user.update({
    where: { id: userId },
    data: { photoAlertDismissedAt: new Date() },
    select: { id: true },
  });
}
