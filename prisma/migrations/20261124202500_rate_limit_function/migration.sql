-- One hit of a rate limit in one statement (app/lib/rate-limit.server.ts). The advisory lock is
-- taken first; the INSERT that counts the hits is a statement of its own inside this VOLATILE
-- function, so in READ COMMITTED its snapshot is taken after the lock was granted and sees every
-- hit committed before. The lock is held until the caller's transaction ends. A refused hit stores
-- nothing. Returns whether the hit was allowed.
CREATE FUNCTION rate_limit_hit(hit_key TEXT, hit_at TIMESTAMP(3), window_starts TIMESTAMP(3)[], window_limits INTEGER[])
RETURNS BOOLEAN
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(hit_key));
  INSERT INTO "RateLimitHit" (key, "createdAt")
  SELECT hit_key, hit_at
  WHERE NOT EXISTS (
    SELECT 1 FROM unnest(window_starts, window_limits) AS w(since, lim)
    WHERE w.lim <= (SELECT count(*) FROM "RateLimitHit" h WHERE h.key = hit_key AND h."createdAt" > w.since)
  );
  RETURN FOUND;
END;
$$;
