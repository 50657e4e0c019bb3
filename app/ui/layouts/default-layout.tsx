import { ActivationReminder } from "../activation-reminder";
import { EntryWarning } from "../entry-warning";
import { Footer } from "../footer";
import { BackButton } from "../installed-app/back-button";
import { LikeNotice } from "../likes/like-notice";
import { NewLikeAnnouncer } from "../likes/new-like-announcer";
import { NewLikeBanner } from "../likes/new-like-banner";
import { MailsOffAlert } from "../mails-off-alert";
import { useAppBadge } from "../live-counts/use-app-badge";
import { useLiveCounts } from "../live-counts/use-live-counts";
import { useTabTitleCount } from "../live-counts/use-tab-title-count";
import { useLiveEvents } from "../live-events/use-live-events";
import { TimeBonus } from "../payments/time-bonus";
import { PhotoAlert } from "../photo-alert";
import { PushAlert } from "../push/push-alert";
import { TopBar } from "../top-bar";
import { useChrome } from "./use-chrome";

/** The "Default" layout: top navigation, footer with disclaimer, entry warning. */
export function DefaultLayout({ children }: { children: React.ReactNode }) {
  const chrome = useChrome("default");
  const user = chrome?.data.user ?? null;
  useLiveEvents(user !== null);
  const counts = useLiveCounts(user?.counts ?? null);
  useTabTitleCount(counts ? counts.unreadMessages + counts.newLikes : 0);
  useAppBadge(counts ? counts.unreadMessages + counts.newLikes : 0);
  if (!chrome) return <>{children}</>;
  const { data, showEntryWarning, footer } = chrome;
  return (
    <>
      <TopBar
        siteName={data.site.name}
        user={user}
        locales={data.visibleLocales}
        locale={data.locale}
        unreadMessages={counts?.unreadMessages}
        newLikes={counts?.newLikes}
      />
      {data.installedApp && <BackButton />}
      {user?.timeBonusEndsAt && (
        <TimeBonus
          secondsLeft={user.timeBonusSecondsLeft}
          credits={user.credits}
          dismissed={user.timeBonusDismissed}
        />
      )}
      <ActivationReminder user={user} />
      <PhotoAlert show={user?.photoAlert ?? false} />
      <MailsOffAlert alert={user?.mailsOffAlert} />
      {user?.newestLike && <NewLikeBanner like={user.newestLike} />}
      {user && <LikeNotice />}
      {children}
      <Footer {...footer} />
      {/* After the page, held at the bottom of the screen: it appears once the browser said it can do
          push, and nothing above it moves (no layout shift). */}
      <PushAlert show={user?.pushAlert ?? false} />
      {user && <NewLikeAnnouncer />}
      {showEntryWarning && <EntryWarning siteName={data.site.name} minAge={data.site.minAge} />}
    </>
  );
}
