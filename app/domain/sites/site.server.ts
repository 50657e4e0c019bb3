import { db } from "~/lib/db.server";
import { createCache } from "~/lib/cache.server";
import type { Prisma } from "~/generated/prisma/client";

const siteSelect = {
  id: true,
  domain: true,
  name: true,
  countries: true,
  domainLanguage: true,
  indexTitle: true,
  description: true,
  cdnPrefix: true,
  geoipCountry: true,
  geoipSelectedCountry: true,
  enableSiteEntryPopup: true,
  signups: true,
  loggedOutSearch: true,
  loggedOutSearchTrafficsource: true,
  pushPublicKey: true,
  supportPhone: true,
  supportEmail: true,
  fictionalIcon: true,
  fictionalWarning: true,
  fictionalSingular: true,
  fictionalPlural: true,
  visibleProfileFields: true,
  visibleProfileNotes: true,
  searchFields: true,
  messageCredits: true,
  photoCredits: true,
  giftCredits: true,
  signupCredits: true,
  messageLength: true,
  minimumMessageCosts: true,
  refundDays: true,
  memberResell: true,
  resellUrl: true,
  resellCountdownSeconds: true,
  camFeedUrl: true,
  minAge: true,
  loginMaxAttempts: true,
  loginBlockMinutes: true,
  resetMailsPerDay: true,
  usesSignupMessage: true,
  timeZone: true,
  swipeLikesPerDay: true,
  swipeWaitHours: true,
  chatHistoryDays: true,
  newConversationsPerHour: true,
  newConversationsPerDay: true,
  newAccountConversationsPerHour: true,
  newAccountConversationsPerDay: true,
  sameTextRecipientsPerHour: true,
  freeConversations: true,
  company: {
    select: {
      name: true,
      address: true,
      zip: true,
      city: true,
      country: true,
      kvk: true,
      tradenames: true,
      vatNumbers: true,
      supportPhone: true,
      supportEmail: true,
      deleteDiscount: true,
      added: true,
    },
  },
} satisfies Prisma.SiteSelect;

export type Site = Prisma.SiteGetPayload<{ select: typeof siteSelect }>;

const CACHE_MS = 30_000;
/** Hosts cached at most: the Host header is the client's to choose, and bots send any. */
const SITE_CACHE_HOSTS = 200;
const cache = createCache<Site>({ max: SITE_CACHE_HOSTS, ttlMs: CACHE_MS });

/** The host without port and without a leading "www.", lower-cased. */
export function normalizeHost(host: string | null): string {
  return (host ?? "")
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^www\./, "");
}

/**
 * The site for a request host, or the default site for an unknown host. Settings are cached for
 * 30 s per process: a read cache only, every instance reads the same database.
 */
export async function resolveSite(host: string | null): Promise<Site> {
  const key = normalizeHost(host);
  const hit = cache.get(key);
  if (hit) return hit;
  const site = await readSite(key);
  if (!site) throw new Error("No default site configured: run `npm run db:seed` or add a site row");
  cache.set(key, site);
  return site;
}

function pick<T extends object>(keys: object, row: Record<string, unknown>): T {
  return Object.fromEntries(Object.keys(keys).map((key) => [key, row[key]])) as T;
}

/**
 * The site of a domain, else the first default site, with its company: one statement (a cache miss
 * happens on requests too). Rows come as JSON; the only timestamp is the company's `added`.
 */
async function readSite(domain: string): Promise<Site | null> {
  const [row] = await db().$queryRaw<{ site: Record<string, unknown>; company: Record<string, unknown> }[]>`
    SELECT to_jsonb(s) AS site, to_jsonb(c) AS company
    FROM "Site" s JOIN "Company" c ON c.id = s."companyId"
    WHERE s.domain = ${domain} OR s."isDefault"
    ORDER BY (s.domain = ${domain}) DESC, s.id
    LIMIT 1`;
  if (!row) return null;
  const { company: companySelect, ...fields } = siteSelect;
  const company = pick<Site["company"]>(companySelect.select, row.company);
  company.added = new Date(`${row.company.added as string}Z`);
  return { ...pick<Omit<Site, "company">>(fields, row.site), company };
}

/** Drops every cached site: staff changed a site's settings (heard by every process, see realtime/site-changes). */
export function clearSiteCache() {
  cache.clear();
}
