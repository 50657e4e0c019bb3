import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";
import { samePhotoElsewhere } from "./photo-prints.server";

const REVIEW_PAGE_SIZE = 24;
export const REJECTION_REASON_MAX = 300;

/**
 * The site's photos under inspection, oldest first, a page at a time; each with the other accounts
 * showing the same picture (`elsewhere`, docs/product.md, Photos).
 */
export async function listPhotosForReview(siteId: number, page: number) {
  const where = { status: "inspection" as const, profile: { user: { siteId } } };
  const total = await db().photo.count({ where });
  const pages = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const photos = await db().photo.findMany({
    where,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    skip: (current - 1) * REVIEW_PAGE_SIZE,
    take: REVIEW_PAGE_SIZE,
    select: {
      id: true,
      createdAt: true,
      visibility: true,
      width: true,
      height: true,
      profile: { select: { id: true, name: true, userId: true } },
    },
  });
  const elsewhere = await samePhotoElsewhere(
    siteId,
    photos.map((photo) => photo.id),
  );
  return {
    photos: photos.map((photo) => ({ ...photo, elsewhere: elsewhere.get(photo.id) ?? [] })),
    total,
    page: current,
    pages,
  };
}

/**
 * Approves a photo under inspection of a member of the staff member's site, logged in the staff
 * log in the same transaction. When the profile has no active main photo and this photo is
 * public, it becomes the main photo. False when the photo is no longer under inspection (another
 * staff member moderated it, or the owner deleted it, in the meantime): the status is changed only
 * where it is still `inspection`, so a concurrent rejection (which removes the files) is never
 * turned back into an active photo.
 */
export async function approvePhoto(photoId: number, staff: StaffActor): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.photo.updateMany({
      where: { id: photoId, status: "inspection", profile: { user: { siteId: staff.siteId } } },
      data: { status: "active", reviewedAt: new Date(), rejectionReason: null },
    });
    if (count === 0) return false;
    // Read after the update: the row stays locked until commit, so its visibility cannot change
    // between this check and making it the main photo (a photo made private meanwhile is read so).
    const photo = await tx.photo.findUniqueOrThrow({
      where: { id: photoId },
      select: {
        profileId: true,
        visibility: true,
        profile: { select: { mainPhoto: { select: { status: true, visibility: true } } } },
      },
    });
    const main = photo.profile.mainPhoto;
    const hasActiveMain = main?.status === "active" && main.visibility === "public";
    if (!hasActiveMain && photo.visibility === "public") {
      await tx.profile.updateMany({ where: { id: photo.profileId }, data: { mainPhotoId: photoId } });
    }
    await recordStaffAction(tx, staff, "photo_approved", photoId, { profileId: photo.profileId });
    return true;
  });
}

/**
 * Rejects a photo under inspection of a member of the staff member's site: status `deleted` with
 * the reason shown to the owner, and a row in the staff log, in one transaction. The files are
 * removed after it, as nobody may see them any more; the row keeps its fingerprint, which turns
 * away the same picture uploaded again with this reason until an appeal is granted.
 */
export async function rejectPhoto(photoId: number, staff: StaffActor, reason: string): Promise<boolean> {
  const rejectionReason = reason.trim().slice(0, REJECTION_REASON_MAX);
  const photo = await db().$transaction(async (tx) => {
    const found = await tx.photo.findFirst({
      where: { id: photoId, status: "inspection", profile: { user: { siteId: staff.siteId } } },
      select: { filename: true, thumbFilename: true, profileId: true },
    });
    if (!found) return null;
    const { count } = await tx.photo.updateMany({
      where: { id: photoId, status: "inspection" },
      data: { status: "deleted", reviewedAt: new Date(), rejectionReason },
    });
    if (count === 0) return null;
    await tx.profile.updateMany({ where: { mainPhotoId: photoId }, data: { mainPhotoId: null } });
    await recordStaffAction(tx, staff, "photo_rejected", photoId, {
      profileId: found.profileId,
      reason: rejectionReason,
    });
    return found;
  });
  if (!photo) return false;
  const storage = fileStorage();
  await Promise.all([storage.remove(photo.filename), storage.remove(photo.thumbFilename)]);
  return true;
}
