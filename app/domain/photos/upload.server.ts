import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { createConcurrencyLimiter, type ConcurrencyLimiter } from "~/lib/concurrency-limiter.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { fileStorage } from "~/lib/storage.server";
import { photoFingerprint } from "./fingerprint.server";
import { blockingRejection } from "./photo-prints.server";

// One libvips thread per image (the decode limiter below decides how many images run at once), and
// no operation cache: every upload is a new image, so cached results would only hold memory.
sharp.concurrency(1);
sharp.cache(false);

/** Largest accepted upload. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Largest accepted upload request: one file plus the multipart envelope and a few small fields. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
/** Largest accepted image (width x height): stops decompression bombs before they are decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Free members at most 3 photos, Premium members 25 (photos not deleted). */
const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
/** Longest side of the stored large version. */
const LARGE_MAX_SIZE = 1200;
const THUMB_WIDTH = 240;
const THUMB_HEIGHT = 300;

/**
 * Formats whose bytes we accept (sniffed from the data, never from the file name). SVG is refused.
 * sharp names AVIF `heif` (AV1 in a HEIF container), which it decodes; HEIC (HEVC in a HEIF
 * container, as iPhones save photos) it reads the header of but cannot decode: the sharp we ship has
 * no HEVC decoder. Such a photo gets its own refusal (`heic`), and HEIC is not among the formats the
 * pages name.
 */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif", "tiff"]);

/** ISO-BMFF brands of HEVC-coded HEIF files (HEIC): images, image sequences, multi-layer. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** Whether the bytes start as a HEIC file: an `ftyp` box naming a HEIC brand and no AVIF one. */
function looksLikeHeic(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString("latin1", 4, 8) !== "ftyp") return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [bytes.toString("latin1", 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(bytes.toString("latin1", at, at + 4));
  return brands.some((brand) => HEIC_BRANDS.has(brand)) && !brands.some((brand) => AVIF_BRANDS.has(brand));
}

export type UploadError =
  | "missing"
  | "tooLarge"
  | "notImage"
  | "broken"
  | "tooManyPixels"
  | "limitReached"
  | "rateLimited"
  | "busy"
  | "heic"
  | "rejectedBefore";
export const UPLOAD_ERRORS: readonly UploadError[] = [
  "missing",
  "tooLarge",
  "notImage",
  "broken",
  "tooManyPixels",
  "limitReached",
  "rateLimited",
  "busy",
  "heic",
  "rejectedBefore",
];

/**
 * A refusal; `rejectedBefore` names the rejected photo whose fingerprint the upload matched and its
 * reason (docs/product.md, Photos).
 */
type UploadResult =
  | { ok: true; photoId: number }
  | { ok: false; error: UploadError; limit?: number; rejected?: { photoId: number; reason: string } };

export function photoLimitFor(paidUser: boolean): number {
  return paidUser ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
}

/** Photos that count towards the limit: every photo not deleted (under inspection included). */
export function countPhotos(profileId: number): Promise<number> {
  return db().photo.count({ where: { profileId, status: { not: "deleted" } } });
}

interface Processed {
  large: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  /** The upright picture's difference hash (fingerprint.server.ts); null for a picture too even. */
  fingerprint: bigint | null;
}

let decodes: ConcurrencyLimiter | undefined;

/**
 * This process's limit on images decoded at once (IMAGE_DECODE_CONCURRENCY) and on uploads let in
 * to wait for that (IMAGE_UPLOAD_QUEUE); tests read its counts.
 */
export function imageDecodes(): ConcurrencyLimiter {
  decodes ??= createConcurrencyLimiter(env().IMAGE_DECODE_CONCURRENCY, env().IMAGE_UPLOAD_QUEUE);
  return decodes;
}

/**
 * A place for one upload in this process's line of uploads (reading its body, waiting to be decoded,
 * decoding), to take before the body is read: a function that gives it back, or null when the line
 * is full (the caller answers "busy", the body unread). Without it, every parallel upload would hold
 * its body (up to 10 MB) in memory while it waits, however many there are.
 */
export function admitUpload(): (() => void) | null {
  return imageDecodes().admit();
}

/**
 * Decodes the image with sharp: checks it is a whole image of an accepted format and size, turns
 * it upright by its EXIF orientation and re-encodes it as WebP. Re-encoding drops all metadata
 * (EXIF incl. GPS, XMP, IPTC, ICC), because sharp keeps none unless asked. A decoded image may take
 * ~160 MB, so only IMAGE_DECODE_CONCURRENCY are decoded at a time; the others wait their turn, and
 * one whose request is aborted (the member left) gives up waiting. An uploaded file is copied into
 * a buffer only once its turn came, so a waiting upload holds one copy of its bytes, not two.
 */
export function processImage(source: Buffer | Blob, signal?: AbortSignal): Promise<Processed | UploadError> {
  return imageDecodes().run(
    async () => decode(Buffer.isBuffer(source) ? source : Buffer.from(await source.arrayBuffer())),
    signal,
  );
}

async function decode(bytes: Buffer): Promise<Processed | UploadError> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" as const, animated: false };
  let format: string | undefined;
  let compression: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    format = meta.format;
    compression = meta.compression;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    return looksLikeHeic(bytes) ? "heic" : "notImage";
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return "notImage";
  if (width * height > MAX_INPUT_PIXELS) return "tooManyPixels";
  try {
    // The upload is decoded once, upright and at the large size; both sizes are made from those pixels.
    const upright = await sharp(bytes, options)
      .rotate()
      .resize(LARGE_MAX_SIZE, LARGE_MAX_SIZE, { fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
    const large = await pixels().webp({ quality: 82 }).toBuffer();
    const thumb = await pixels()
      .resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: "cover", position: "attention" })
      .webp({ quality: 80 })
      .toBuffer();
    const fingerprint = await photoFingerprint(upright.data, { width, height, channels });
    return { large, thumb, width, height, fingerprint };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return "tooManyPixels";
    // Not broken: HEVC is what this sharp cannot decode (a sharp that can would not get here).
    if (compression === "hevc" || looksLikeHeic(bytes)) return "heic";
    return "broken";
  }
}

interface UploadInput {
  profileId: number;
  paidUser: boolean;
  file: File | null;
  visibility?: "public" | "private";
  /** The upload's request signal: an abandoned upload stops waiting for its turn to be decoded. */
  signal?: AbortSignal;
}

/**
 * Stores a new photo for a profile: checks size, limit and content, writes a large WebP and a
 * thumbnail under `photos/<profileId>/`, and adds the row with status `inspection`. On any refusal
 * nothing is stored.
 */
export async function uploadPhoto({
  profileId,
  paidUser,
  file,
  visibility = "public",
  signal,
}: UploadInput): Promise<UploadResult> {
  if (!file || file.size === 0) return { ok: false, error: "missing" };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: "tooLarge" };
  const limit = photoLimitFor(paidUser);
  if ((await countPhotos(profileId)) >= limit) return { ok: false, error: "limitReached", limit };

  const processed = await processImage(file, signal);
  if (typeof processed === "string") return { ok: false, error: processed };
  // The same picture as a photo staff rejected on this site comes back with that reason, until an
  // appeal against the rejection is granted (docs/product.md, Photos).
  const rejected =
    processed.fingerprint === null ? null : await blockingRejection(profileId, processed.fingerprint);
  if (rejected) return { ok: false, error: "rejectedBefore", rejected };

  const base = `photos/${profileId}/${randomBytes(16).toString("hex")}`;
  const filename = `${base}.webp`;
  const thumbFilename = `${base}-thumb.webp`;
  const storage = fileStorage();
  await storage.write(filename, processed.large);
  await storage.write(thumbFilename, processed.thumb);
  try {
    const photoId = await db().$transaction(async (tx) => {
      // One upload at a time per profile, so two parallel uploads cannot pass the limit together.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${profileId})`;
      const count = await tx.photo.count({ where: { profileId, status: { not: "deleted" } } });
      if (count >= limit) return null;
      const photo = await tx.photo.create({
        data: {
          profileId,
          filename,
          thumbFilename,
          width: processed.width,
          height: processed.height,
          status: "inspection",
          visibility,
          fingerprint: processed.fingerprint,
          fingerprintedAt: new Date(),
        },
        select: { id: true },
      });
      return photo.id;
    });
    if (photoId === null) {
      await Promise.all([storage.remove(filename), storage.remove(thumbFilename)]);
      return { ok: false, error: "limitReached", limit };
    }
    return { ok: true, photoId };
  } catch (error) {
    await Promise.all([storage.remove(filename), storage.remove(thumbFilename)]);
    throw error;
  }
}
