// Each app process keeps the sites and packages it read for 30 s. A change by staff is announced on
// SITE_CHANNEL (domain/core/site-changes.server.ts); this drops the caches of the process that
// hears it, and after a reconnect of the hub too (a change may have come while it was down).
import { SITE_CHANNEL } from "~/domain/core/site-changes.server";
import { clearPackageCache } from "~/domain/credits/packages.server";
import { clearSiteCache } from "~/domain/sites/site.server";
import { realtimeHub, type RealtimeHub } from "./hub.server";

let watching: (() => void) | undefined;

/** Drops this process's cached sites and packages whenever a site changes; once per module instance. */
export function watchSiteChanges(hub: RealtimeHub = realtimeHub()): () => void {
  watching ??= hub.watch(SITE_CHANNEL, () => {
    clearSiteCache();
    clearPackageCache();
  });
  return watching;
}

/** Stops watching (tests). */
export function stopWatchingSiteChanges() {
  watching?.();
  watching = undefined;
}
