// A photo's perceptual fingerprint (docs/product.md, Photos; decision 0063): a difference hash.
// The upright image in greyscale, squeezed to 9 × 8 pixels whatever its shape; each of the 64 bits
// says whether a pixel is darker than its right-hand neighbour. Re-encoding, resizing, a little
// colour or brightness change keep almost every bit; another picture differs in about half of them.
import sharp from "sharp";

/** Bits in which two prints may differ and still be the same picture (decision 0063 measured it). */
export const SAME_PHOTO_MAX_DISTANCE = 6;

/**
 * Below this spread of grey levels in the 9 × 8 image (0–255) a picture is too even to tell apart
 * from others (a plain colour, a blank wall): its bits would come from noise and JPEG artefacts, and
 * any two such pictures would look alike. It gets no fingerprint.
 */
const MIN_GREY_SPREAD = 10;

/** The 64 bits as PostgreSQL's bigint holds them (signed), or null for a picture too even to print. */
export async function photoFingerprint(
  pixels: Buffer,
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<bigint | null> {
  const grey = await sharp(pixels, { raw })
    .greyscale()
    .resize(9, 8, { fit: "fill", kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = grey;
  const channels = info.channels;
  const value = (x: number, y: number) => data[(y * 9 + x) * channels]!;
  let low = 255;
  let high = 0;
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 9; x++) {
      low = Math.min(low, value(x, y));
      high = Math.max(high, value(x, y));
      if (x < 8) bits = (bits << 1n) | (value(x, y) < value(x + 1, y) ? 1n : 0n);
    }
  }
  if (high - low < MIN_GREY_SPREAD) return null;
  return BigInt.asIntN(64, bits);
}

/** In how many of the 64 bits two prints differ. */
export function printDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
