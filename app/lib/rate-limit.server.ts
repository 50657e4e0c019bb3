import { db } from "./db.server";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit for `key` unless `limit` hits already fall within the window. Stored in PostgreSQL,
 * so every app instance sees the same count.
 */
export async function hitRateLimit(
  key: string,
  { limit, windowMs }: RateLimit,
): Promise<{ allowed: boolean }> {
  const since = new Date(Date.now() - windowMs);
  return db().$transaction(async (tx) => {
    // Serialise hits on the same key so two parallel requests cannot both take the last slot.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
    const count = await tx.rateLimitHit.count({ where: { key, createdAt: { gt: since } } });
    if (count >= limit) return { allowed: false };
    await tx.rateLimitHit.create({ data: { key }, select: { id: true } });
    return { allowed: true };
  });
}

/** Deletes hits older than a day; run by the daily maintenance job. */
export async function pruneRateLimitHits() {
  await db().rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 86_400_000) } } });
}
