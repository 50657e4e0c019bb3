import { db } from "~/lib/db.server";
import type { Currency } from "./currency";
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
const cache = new Map<string, { packages: CreditPackage[]; until: number }>();

/**
 * The active packages of a site in one currency, smallest first. Cached for 30 s per process like
 * the site's settings: a read cache only, every instance reads the same rows.
 */
export async function packagesFor(siteId: number, currency: Currency | string): Promise<CreditPackage[]> {
  const key = `${siteId}:${currency}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.packages;
  const packages = await db().creditPackage.findMany({
    where: { siteId, currency, active: true },
    orderBy: [{ sortOrder: "asc" }, { credits: "asc" }],
    select: packageSelect,
  });
  cache.set(key, { packages, until: Date.now() + CACHE_MS });
  return packages;
}

export function clearPackageCache() {
  cache.clear();
}
