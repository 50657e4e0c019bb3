import os from "node:os";
import type { PrismaClient } from "../../app/generated/prisma/client";
import type { FileStorage } from "../../app/lib/storage.server";
import { renderPortrait } from "./portrait";

function hashString(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Draws the image files of seeded photos that are missing from storage. Idempotent: files that exist
 * are left alone, so it can run in the background after start-up and again later.
 */
export async function renderSeedPhotos(
  prisma: PrismaClient,
  storage: FileStorage,
  {
    limit,
    signal,
    onProgress,
  }: { limit?: number; signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<number> {
  const photos = await prisma.photo.findMany({
    where: { filename: { startsWith: "seed/" } },
    // Newest members first: they are the ones on the home page.
    orderBy: [{ profile: { createdAt: "desc" } }, { id: "asc" }],
    take: limit,
    select: {
      id: true,
      filename: true,
      thumbFilename: true,
      profile: { select: { gender: true, hairColor: true, eyeColor: true } },
    },
  });
  let next = 0;
  let rendered = 0;
  const worker = async () => {
    while (next < photos.length && !signal?.aborted) {
      const photo = photos[next++]!;
      if ((await storage.exists(photo.thumbFilename)) && (await storage.exists(photo.filename))) continue;
      const { large, thumb } = await renderPortrait({
        seed: hashString(photo.filename),
        gender: photo.profile.gender,
        hairColor: photo.profile.hairColor,
        eyeColor: photo.profile.eyeColor,
      });
      await storage.write(photo.filename, large);
      await storage.write(photo.thumbFilename, thumb);
      rendered++;
      if (rendered % 500 === 0) onProgress?.(rendered, photos.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
  return rendered;
}
