// `npm run photos:fingerprints`: gives every stored photo without a fingerprint its print, batch by
// batch, from the stored files (docs/operations.md, Photo fingerprints). Safe to run again.
import { fillPhotoFingerprints } from "../app/domain/photos/fill-fingerprints.server";
import { db } from "../app/lib/db.server";

let total = 0;
try {
  for (;;) {
    const { filled, unreadable } = await fillPhotoFingerprints();
    total += filled + unreadable;
    if (unreadable > 0) console.warn(`photo-fingerprints: ${unreadable} stored photos could not be read`);
    if (filled + unreadable === 0) break;
  }
  console.log(`photo-fingerprints: ${total} photos done`);
} finally {
  await db().$disconnect();
}
