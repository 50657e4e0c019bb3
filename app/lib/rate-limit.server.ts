import { Prisma } from "~/generated/prisma/client";
import { db } from "./db.server";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit for `key` unless one of the limits is reached: `limit` hits already within its
 * window (several windows of one key, e.g. per minute and per hour, are checked together). Stored
 * in PostgreSQL, so every app instance sees the same count. Two statements in one transaction: the
 * advisory lock first, so that of two parallel requests the second one's count (a statement of its
 * own, with a snapshot taken after the lock) sees the first one's hit; then count and insert at once.
 */
export async function hitRateLimit(
  key: string,
  limits: RateLimit | readonly RateLimit[],
): Promise<{ allowed: boolean }> {
  const windows = Array.isArray(limits) ? limits : [limits as RateLimit];
  const now = new Date();
  const since = (windowMs: number) => new Date(now.getTime() - windowMs);
  const oldest = since(Math.max(...windows.map((w) => w.windowMs)));
  const counts = windows.map(
    (w, i) =>
      Prisma.sql`count(*) FILTER (WHERE "createdAt" > ${since(w.windowMs)}) AS ${Prisma.raw(`c${i}`)}`,
  );
  const underLimits = windows.map((w, i) => Prisma.sql`${Prisma.raw(`c${i}`)} < ${w.limit}::int`);
  const [, inserted] = await db().$transaction([
    db().$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`,
    // Reads index RateLimitHit(key, createdAt). A refused hit stores nothing, so a script hammering
    // a key keeps its count (and this statement's cost) at the limit.
    db().$queryRaw<{ id: bigint }[]>`
      INSERT INTO "RateLimitHit" (key, "createdAt")
      SELECT ${key}, ${now}
      FROM (
        SELECT ${Prisma.join(counts)} FROM "RateLimitHit" WHERE key = ${key} AND "createdAt" > ${oldest}
      ) hits
      WHERE ${Prisma.join(underLimits, " AND ")}
      RETURNING id`,
  ]);
  return { allowed: inserted.length > 0 };
}

/** Deletes hits older than a day; run by the daily maintenance job. */
export async function pruneRateLimitHits() {
  await db().rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 86_400_000) } } });
}
