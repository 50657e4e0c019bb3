import { db } from "~/lib/db.server";
import { createCache } from "~/lib/cache.server";
import type { Currency } from "./money";
import type { CreditPackageView } from "./package-view";

const packageSelect = {
  id: true,
  currency: true,
  credits: true,
  priceCents: true,
  discountPercent: true,
  variant: true,
  popular: true,
} as const;

export type CreditPackage = CreditPackageView;

const CACHE_MS = 30_000;
/** One key per site and currency: the bound only guards memory. */
const cache = createCache<CreditPackage[]>({ max: 1_000, ttlMs: CACHE_MS });

/**
 * The active packages of a site in one currency, smallest first. Cached for 30 s per process like
 * the site's settings: a read cache only, every instance reads the same rows.
 */
export async function packagesFor(siteId: number, currency: Currency | string): Promise<CreditPackage[]> {
  const key = `${siteId}:${currency}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const packages = await db().creditPackage.findMany({
    where: { siteId, currency, active: true },
    orderBy: [{ sortOrder: "asc" }, { credits: "asc" }],
    select: packageSelect,
  });
  cache.set(key, packages);
  return packages;
}

/** Drops every cached package list: staff changed a site's packages (heard by every process, see realtime/site-changes). */
export function clearPackageCache() {
  cache.clear();
}
