import { z } from "zod";
import { createCache } from "~/lib/cache.server";
import type { Site } from "~/domain/sites/site.server";
import type { CamTeaser } from "./partner-offers";
import { logger } from "~/lib/logger.server";

const FETCH_TIMEOUT_MS = 3_000;
/** A good feed is reused for 5 minutes; a failing one is retried after a minute, not per page view. */
const CACHE_MS = 5 * 60_000;
const FAILURE_CACHE_MS = 60_000;
/** The most teasers a page shows. */
const MAX_TEASERS = 12;

const urlWithScheme = (scheme: RegExp, label: string) =>
  z
    .string()
    .max(2000)
    .refine((value) => scheme.test(value) && URL.canParse(value), label);
const httpUrl = urlWithScheme(/^https?:\/\//i, "http(s) URL");
/** The CSP's img-src allows outside images only over https: an http image would never show. */
const httpsUrl = urlWithScheme(/^https:\/\//i, "https URL");

/** The feed format (README "Cam feed"): a JSON array of these objects; unknown fields are ignored. */
const feedSchema = z.array(
  z.object({
    name: z.string().trim().min(1).max(100),
    imageUrl: httpsUrl,
    url: httpUrl,
    live: z.boolean().default(false),
    featured: z.boolean().default(false),
  }),
);

// Only a cache (every process may fetch on its own), so in-process is enough. Keys are one per site.
const cache = createCache<CamTeaser[]>({ max: 1_000, ttlMs: CACHE_MS });

async function fetchFeed(feedUrl: string): Promise<CamTeaser[]> {
  const response = await fetch(feedUrl, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`status ${response.status}`);
  const parsed = feedSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`malformed feed: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data.slice(0, MAX_TEASERS);
}

/**
 * The site's cam teasers ("featured", "live now") from its partner feed: featured first, then live.
 * Empty when no feed is set or it fails (timeout, HTTP error, not JSON, wrong shape): the page
 * then simply shows none, and a warning is logged.
 */
export async function camTeasers(site: Pick<Site, "id" | "camFeedUrl">): Promise<CamTeaser[]> {
  const feedUrl = site.camFeedUrl;
  if (!feedUrl) return [];
  const key = `${site.id} ${feedUrl}`;
  const hit = cache.get(key);
  if (hit) return hit;
  try {
    const teasers = await fetchFeed(feedUrl);
    teasers.sort((a, b) => Number(b.featured) - Number(a.featured) || Number(b.live) - Number(a.live));
    cache.set(key, teasers);
    return teasers;
  } catch (error) {
    logger.warn("cam feed failed", { siteId: site.id, feedUrl, error: String(error) });
    cache.set(key, [], { ttl: FAILURE_CACHE_MS });
    return [];
  }
}
