// A site's settings, packages and gifts are read through per-process caches (sites/site.server.ts,
// credits/packages.server.ts). When staff change them, every app process hears of it on this
// PostgreSQL channel and drops what it cached (realtime/site-changes.server.ts), so a change shows
// within a second instead of after the caches' 30 s.
import type { Prisma } from "~/generated/prisma/client";

/** The channel that tells every app process that a site's settings, packages or gifts changed. */
export const SITE_CHANNEL = "site_changes";

/**
 * Tells every app process, once `tx` commits (NOTIFY is transactional), that the site changed; the
 * payload is the site's id.
 */
export async function announceSiteChange(tx: Prisma.TransactionClient, siteId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${SITE_CHANNEL}, ${String(siteId)})`;
}
