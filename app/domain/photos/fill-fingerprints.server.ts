// Photos stored before fingerprints existed get theirs from the stored large version (docs/
// operations.md, Photo fingerprints): the daily maintenance job fills a batch each night, and
// `npm run photos:fingerprints` fills them all at once. A rejected photo's files are gone, so a
// rejection from before cannot be given a print: only rejections made since block re-uploads.
import sharp from "sharp";
import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";
import { photoFingerprint } from "./fingerprint.server";

/** Photos fingerprinted per call: a night's batch takes a few seconds of one core. */
export const FINGERPRINT_BATCH = 500;

/**
 * Fingerprints up to `batch` photos that have none yet (oldest first); a photo whose file cannot be
 * read or decoded is marked done without a print, so it is not tried again every night.
 */
export async function fillPhotoFingerprints(
  batch = FINGERPRINT_BATCH,
): Promise<{ filled: number; unreadable: number }> {
  const photos = await db().photo.findMany({
    where: { fingerprintedAt: null, status: { not: "deleted" } },
    orderBy: { id: "asc" },
    take: batch,
    select: { id: true, filename: true },
  });
  let filled = 0;
  let unreadable = 0;
  for (const photo of photos) {
    const print = await printOfFile(photo.filename);
    await db().photo.update({
      where: { id: photo.id },
      data: { fingerprint: print ?? null, fingerprintedAt: new Date() },
      select: { id: true },
    });
    if (print === undefined) unreadable++;
    else filled++;
  }
  return { filled, unreadable };
}

/** The stored picture's print; null for one too even; undefined when the file is missing or broken. */
async function printOfFile(filename: string): Promise<bigint | null | undefined> {
  const bytes = await fileStorage().read(filename);
  if (!bytes) return undefined;
  try {
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    return await photoFingerprint(data, { width: info.width, height: info.height, channels: info.channels });
  } catch {
    return undefined;
  }
}
