import { isBlockedBetween } from "~/domain/profiles/blocks.server";
import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";
import { isStaff } from "~/domain/core/staff-roles";

type PhotoSize = "thumb" | "large";

interface PhotoViewer {
  id: number;
  siteId: number;
  paidUser: boolean;
  role: string;
}

interface ServedPhoto {
  body: Buffer;
  /** Public active photos may be cached by browsers and proxies; everything else is private. */
  cacheable: boolean;
}

/** Whether the member belongs to the site (asked only for staff, so no other photo request pays for it). */
async function ofSite(userId: number, siteId: number) {
  return (await db().user.count({ where: { id: userId, siteId } })) > 0;
}

/** Whether the two members share a conversation (where each sees the other's photo). */
async function shareConversation(viewerId: number, ownerId: number) {
  const shared = await db().conversationMember.count({
    where: { userId: viewerId, conversation: { members: { some: { userId: ownerId } } } },
  });
  return shared > 0;
}

/**
 * A photo for a viewer on a site, or null when the viewer may not see it:
 * - the owner sees every own photo except deleted ones (also under inspection); staff of the
 *   owner's site likewise, to moderate;
 * - others only active photos of active profiles, never across a block (either direction), and
 *   only while the owner is listed on this site (confirmed and visible) or shares a conversation
 *   with the viewer: counting through photo ids finds no hidden member nor one of another site;
 * - private photos only to Premium members (and the owner).
 * Only photos anyone may see are cacheable by shared caches.
 */
export async function photoForViewer(
  photoId: number,
  size: PhotoSize,
  viewer: PhotoViewer | null,
  siteId: number,
): Promise<ServedPhoto | null> {
  const photo = await db().photo.findUnique({
    where: { id: photoId },
    select: {
      status: true,
      visibility: true,
      filename: true,
      thumbFilename: true,
      profile: { select: { userId: true, status: true, listedSiteId: true } },
    },
  });
  if (!photo || photo.status === "deleted") return null;
  const listed = photo.profile.listedSiteId === siteId;
  const cacheable =
    photo.status === "active" && photo.visibility === "public" && photo.profile.status === "active" && listed;
  const isOwner = viewer?.id === photo.profile.userId;
  const moderates =
    !isOwner && !!viewer && isStaff(viewer.role) && (await ofSite(photo.profile.userId, viewer.siteId));
  if (!isOwner && !moderates) {
    if (photo.status !== "active" || photo.profile.status !== "active") return null;
    if (photo.visibility === "private" && !viewer?.paidUser) return null;
    if (!listed && !(viewer && (await shareConversation(viewer.id, photo.profile.userId)))) return null;
    if (viewer && (await isBlockedBetween(viewer.id, photo.profile.userId))) return null;
  }
  const body = await fileStorage().read(size === "thumb" ? photo.thumbFilename : photo.filename);
  return body ? { body, cacheable } : null;
}
