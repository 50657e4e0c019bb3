import { ActivationReminder } from "../activation-reminder";
import { EntryWarning } from "../entry-warning";
import { Footer } from "../footer";
import { PhotoAlert } from "../photo-alert";
import { TopBar } from "../top-bar";
import { useChrome } from "./use-chrome";

/** SPEC "Default" layout: top navigation, footer with disclaimer, entry warning. */
export function DefaultLayout({ children }: { children: React.ReactNode }) {
  const chrome = useChrome("default");
  if (!chrome) return <>{children}</>;
  const { data, showEntryWarning, footer } = chrome;
  return (
    <>
      <TopBar siteName={data.site.name} user={data.user} locales={data.visibleLocales} locale={data.locale} />
      <ActivationReminder user={data.user} />
      <PhotoAlert show={data.user?.photoAlert ?? false} />
      {children}
      <Footer {...footer} />
      {showEntryWarning && <EntryWarning siteName={data.site.name} minAge={data.site.minAge} />}
    </>
  );
}
