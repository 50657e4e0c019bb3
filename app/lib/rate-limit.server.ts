import { Prisma } from "~/generated/prisma/client";
import { db, queryPrepared } from "./db.server";

interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit for `key` unless one of the limits is reached: `limit` hits already within its
 * window (several windows of one key, e.g. per minute and per hour, are checked together). Stored
 * in PostgreSQL, so every app instance sees the same count. One statement: the database function
 * `rate_limit_hit` (migration rate_limit_function) takes the key's advisory lock, then counts and
 * inserts in a statement of its own, whose snapshot sees the hit of a parallel request that held
 * the lock before. A refused hit stores nothing, so a script hammering a key keeps its count (and
 * this statement's cost) at the limit.
 */
export async function hitRateLimit(
  key: string,
  limits: RateLimit | readonly RateLimit[],
): Promise<{ allowed: boolean }> {
  const [row] = await queryPrepared<{ allowed: boolean }>(
    Prisma.sql`SELECT ${rateLimitHitSql(key, limits)} AS allowed`,
  );
  return { allowed: row!.allowed };
}

/** hitRateLimit's expression, for a statement that counts the hit beside reading what it needs anyway. */
export function rateLimitHitSql(key: string, limits: RateLimit | readonly RateLimit[]): Prisma.Sql {
  const windows = Array.isArray(limits) ? limits : [limits as RateLimit];
  const now = new Date();
  // As ISO strings (UTC): pg would write Dates inside an array in the process's own time zone.
  const windowStarts = windows.map((w) => new Date(now.getTime() - w.windowMs).toISOString());
  return Prisma.sql`rate_limit_hit(${key}, ${now}::timestamp, ${windowStarts}::timestamp[],
      ${windows.map((w) => w.limit)}::int[])`;
}

/** Removes the newest hit of `key` (one counted before an attempt whose outcome turned out not to count). */
export async function takeBackRateLimitHit(key: string): Promise<void> {
  await db().$executeRaw`DELETE FROM "RateLimitHit" WHERE id = (
    SELECT id FROM "RateLimitHit" WHERE key = ${key} ORDER BY "createdAt" DESC, id DESC LIMIT 1)`;
}

/** Deletes hits older than a day; run by the daily maintenance job. */
export async function pruneRateLimitHits() {
  await db().rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 86_400_000) } } });
}
