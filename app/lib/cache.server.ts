import { LRUCache } from "lru-cache";

/**
 * A per-process read cache: at most `max` entries (the least recently used goes first), each kept
 * for `ttlMs` when given. Every process keeps its own, so nothing may depend on them agreeing.
 */
export type Cache<V extends NonNullable<unknown>> = LRUCache<string, V>;

export function createCache<V extends NonNullable<unknown>>(options: {
  max: number;
  ttlMs?: number;
}): Cache<V> {
  return new LRUCache<string, V>({
    max: options.max,
    ...(options.ttlMs === undefined ? {} : { ttl: options.ttlMs }),
    // Expiry follows Date.now() to the millisecond, so a test that moves the clock sees it.
    perf: { now: () => Date.now() },
    ttlResolution: 0,
  });
}

/**
 * The cached promise for `key`, else `load()`'s promise, kept at once so that callers arriving
 * together share one load. A promise that rejects is dropped: the next caller loads again.
 */
export function cachedPromise<V>(cache: Cache<Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
  const hit = cache.get(key);
  if (hit) return hit;
  const value = load();
  cache.set(key, value);
  value.catch(() => {
    if (cache.get(key) === value) cache.delete(key);
  });
  return value;
}
