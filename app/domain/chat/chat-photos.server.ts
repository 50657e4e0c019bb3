import { randomBytes } from "node:crypto";
import { CHAT_PHOTO_UPLOADS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { isBlockedBetween } from "~/domain/profiles/blocks.server";
import { MAX_UPLOAD_BYTES, processImage, type UploadError } from "~/domain/photos/upload.server";
import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";
import { isStaff } from "~/domain/core/staff-roles";

type ChatPhotoSize = "thumb" | "large";

/** Why no chat photo was made: the upload errors of profile photos, or an unknown own photo. */
export type ChatPhotoError = Exclude<UploadError, "limitReached"> | "notFound";
export const CHAT_PHOTO_ERRORS: readonly ChatPhotoError[] = [
  "missing",
  "tooLarge",
  "notImage",
  "broken",
  "tooManyPixels",
  "notFound",
  "rateLimited",
  "busy",
  "heic",
];

type ChatPhotoResult = { ok: true; chatPhotoId: number } | { ok: false; error: ChatPhotoError };

/** Writes both versions under new keys and adds the row; on a database failure the files go again. */
async function store(
  ownerId: number,
  files: { large: Buffer; thumb: Buffer; width: number; height: number },
): Promise<number> {
  const base = `chat-photos/${ownerId}/${randomBytes(16).toString("hex")}`;
  const filename = `${base}.webp`;
  const thumbFilename = `${base}-thumb.webp`;
  const storage = fileStorage();
  await storage.write(filename, files.large);
  await storage.write(thumbFilename, files.thumb);
  try {
    const photo = await db().chatPhoto.create({
      data: { ownerId, filename, thumbFilename, width: files.width, height: files.height },
      select: { id: true },
    });
    return photo.id;
  } catch (error) {
    await Promise.all([storage.remove(filename), storage.remove(thumbFilename)]);
    throw error;
  }
}

/**
 * A chat photo from an upload, through the profile photos' pipeline (sniffed, size-limited, turned
 * upright, re-encoded as WebP without any metadata: EXIF and GPS are gone), a limited number an hour.
 */
export async function createChatPhotoFromUpload(
  ownerId: number,
  file: File | null,
  signal?: AbortSignal,
): Promise<ChatPhotoResult> {
  if (!file || file.size === 0) return { ok: false, error: "missing" };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: "tooLarge" };
  if (!(await withinLimit(CHAT_PHOTO_UPLOADS_PER_MEMBER, ownerId)))
    return { ok: false, error: "rateLimited" };
  const processed = await processImage(file, signal);
  if (typeof processed === "string") {
    return { ok: false, error: processed === "limitReached" ? "broken" : processed };
  }
  return { ok: true, chatPhotoId: await store(ownerId, processed) };
}

/**
 * A chat photo from one of the member's own active profile photos: its stored files are copied to
 * new keys, so deleting the profile photo later leaves the chat photo as it was.
 */
export async function createChatPhotoFromProfilePhoto(
  ownerId: number,
  photoId: number,
): Promise<ChatPhotoResult> {
  const photo = await db().photo.findFirst({
    where: { id: photoId, status: "active", profile: { userId: ownerId } },
    select: { filename: true, thumbFilename: true, width: true, height: true },
  });
  if (!photo) return { ok: false, error: "notFound" };
  const storage = fileStorage();
  const [large, thumb] = await Promise.all([storage.read(photo.filename), storage.read(photo.thumbFilename)]);
  if (!large || !thumb) return { ok: false, error: "notFound" };
  return {
    ok: true,
    chatPhotoId: await store(ownerId, { large, thumb, width: photo.width, height: photo.height }),
  };
}

/** Removes a chat photo no message uses (e.g. when sending it was refused), files included. */
export async function discardChatPhoto(chatPhotoId: number): Promise<void> {
  const photo = await db().chatPhoto.findUnique({
    where: { id: chatPhotoId },
    select: { filename: true, thumbFilename: true, _count: { select: { messages: true } } },
  });
  if (!photo || photo._count.messages > 0) return;
  await db().chatPhoto.delete({ where: { id: chatPhotoId }, select: { id: true } });
  const storage = fileStorage();
  await Promise.all([storage.remove(photo.filename), storage.remove(photo.thumbFilename)]);
}

/** Who asks for a chat photo (the session's user). */
interface ChatPhotoViewer {
  id: number;
  role: string;
  siteId: number;
}

/**
 * Whether a member's report to the staff member's site named a message of a conversation of that
 * site the photo was sent in (the report's evidence lists that conversation's messages, photos by
 * id). Only reports made from a chat count: the public complaint form's message field is free text.
 */
async function reportedToStaff(chatPhotoId: number, siteId: number): Promise<boolean> {
  const [row] = await db().$queryRaw<{ reported: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM "Message" m
      JOIN "Conversation" conv ON conv.id = m."conversationId" AND conv."siteId" = ${siteId}
      JOIN "Message" r ON r."conversationId" = m."conversationId"
      JOIN "Complaint" c ON c."messageRef" = r.id::text AND c."siteId" = ${siteId}
        AND c."isMessageReport"
      WHERE m."chatPhotoId" = ${chatPhotoId}
    ) AS reported`;
  return row?.reported ?? false;
}

/**
 * Whether the viewer may see the chat photo: its owner always; otherwise only the other member of
 * a conversation in which the owner sent it (a message not deleted), never across a block; and the
 * site's staff once a message of such a conversation was reported to them (to check the report).
 */
async function canViewChatPhoto(chatPhotoId: number, viewer: ChatPhotoViewer | null): Promise<boolean> {
  if (viewer === null) return false;
  const viewerId = viewer.id;
  const photo = await db().chatPhoto.findUnique({ where: { id: chatPhotoId }, select: { ownerId: true } });
  if (!photo) return false;
  if (photo.ownerId === viewerId) return true;
  if (isStaff(viewer.role) && (await reportedToStaff(chatPhotoId, viewer.siteId))) return true;
  const shared = await db().message.count({
    where: {
      chatPhotoId,
      senderId: photo.ownerId,
      deletedAt: null,
      conversation: { members: { some: { userId: viewerId } } },
    },
  });
  if (shared === 0) return false;
  return !(await isBlockedBetween(viewerId, photo.ownerId));
}

/** The stored bytes for a viewer allowed to see them, otherwise null (served as a 404). */
export async function chatPhotoForViewer(
  chatPhotoId: number,
  size: ChatPhotoSize,
  viewer: ChatPhotoViewer | null,
): Promise<Buffer | null> {
  if (!(await canViewChatPhoto(chatPhotoId, viewer))) return null;
  const photo = await db().chatPhoto.findUnique({
    where: { id: chatPhotoId },
    select: { filename: true, thumbFilename: true },
  });
  if (!photo) return null;
  return fileStorage().read(size === "thumb" ? photo.thumbFilename : photo.filename);
}
