import { useRootData } from "~/lib/root-data";
import { shouldShowEntryWarning, type LayoutKind } from "~/domain/sites/entry-warning";
import type { FooterProps } from "../footer";
import { hydrateLater } from "../hydrate-later";

/** The entry warning of every layout: a visitor's first page only, and accepting it is a plain form. */
export const EntryWarning = hydrateLater(() => import("../entry-warning").then((m) => m.EntryWarning));

/** What every layout needs from the root loader, shaped for the top bar, footer and entry warning. */
export function useChrome(layout: LayoutKind) {
  const data = useRootData();
  if (!data) return null;
  const showEntryWarning = shouldShowEntryWarning({
    layout,
    installedApp: data.installedApp,
    loggedIn: data.user !== null,
    setting: data.site.enableSiteEntryPopup,
    dismissedAt: data.entryWarningDismissedAt,
    country: data.country,
  });
  const footer: FooterProps = {
    variant: data.installedApp ? "app" : data.user ? "member" : "public",
    siteName: data.site.name,
    companyName: data.site.companyName,
    minAge: data.site.minAge,
    fictionalPlural: data.site.fictionalWarning ? data.site.fictionalPlural : null,
    usFooter: data.locale === "en" && data.country === "US",
  };
  return { data, showEntryWarning, footer };
}
