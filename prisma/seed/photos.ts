import os from "node:os";
import type { PrismaClient } from "../../app/generated/prisma/client";
import type { FileStorage } from "../../app/lib/storage.server";
import { renderPortrait } from "./portrait";

function hashString(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  return h >>> 0;
}

interface SeedPhoto {
  filename: string;
  thumbFilename: string;
  traits: { gender: "male" | "female"; hairColor: string | null; eyeColor: string | null };
}

/** Seeded photos to draw: the demo chats' photos (a few, which the demo logins see), then the profile photos. */
async function seedPhotos(prisma: PrismaClient, limit: number | undefined): Promise<SeedPhoto[]> {
  const traits = { gender: true, hairColor: true, eyeColor: true } as const;
  const chatPhotos = await prisma.chatPhoto.findMany({
    where: { filename: { startsWith: "seed/" } },
    orderBy: { id: "asc" },
    take: limit,
    select: { filename: true, thumbFilename: true, owner: { select: { profile: { select: traits } } } },
  });
  const photos = await prisma.photo.findMany({
    where: { filename: { startsWith: "seed/" } },
    // Newest members first: they are the ones on the home page.
    orderBy: [{ profile: { createdAt: "desc" } }, { id: "asc" }],
    take: limit === undefined ? undefined : Math.max(0, limit - chatPhotos.length),
    select: { filename: true, thumbFilename: true, profile: { select: traits } },
  });
  return [
    // A chat photo is a snapshot of its sender.
    ...chatPhotos.flatMap(({ owner, ...files }) =>
      owner.profile ? [{ ...files, traits: owner.profile }] : [],
    ),
    ...photos.map(({ profile, ...files }) => ({ ...files, traits: profile })),
  ];
}

/**
 * Draws the image files of seeded photos (profile and chat photos) that are missing from storage.
 * Idempotent: files that exist are left alone, so it can run in the background after start-up and
 * again later.
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
  const photos = await seedPhotos(prisma, limit);
  let next = 0;
  let rendered = 0;
  const worker = async () => {
    while (next < photos.length && !signal?.aborted) {
      const photo = photos[next++]!;
      if ((await storage.exists(photo.thumbFilename)) && (await storage.exists(photo.filename))) continue;
      const { large, thumb } = await renderPortrait({ seed: hashString(photo.filename), ...photo.traits });
      await storage.write(photo.filename, large);
      await storage.write(photo.thumbFilename, thumb);
      rendered++;
      if (rendered % 500 === 0) onProgress?.(rendered, photos.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
  return rendered;
}
