import { useState } from "react";
import type { MemberCounts } from "~/domain/accounts/member-counts";
import { Footer } from "../footer";
import { hydrateLater, mountLater } from "../hydrate-later";
import { BackButton } from "../installed-app/back-button";
import { TopBar } from "../top-bar";
import { EntryWarning, useChrome } from "./use-chrome";

const MemberNotices = hydrateLater(() => import("./member-chrome").then((m) => m.MemberNotices));
const MemberPrompts = mountLater(() => import("./member-chrome").then((m) => m.MemberPrompts));
const MemberLive = mountLater(() => import("./member-live").then((m) => m.MemberLive));

/** The "Default" layout: top navigation, footer with disclaimer, entry warning. */
export function DefaultLayout({ children }: { children: React.ReactNode }) {
  const chrome = useChrome("default");
  const user = chrome?.data.user ?? null;
  // The counts the live parts refreshed since the page loaded (null: the server's are the newest).
  const [liveCounts, setLiveCounts] = useState<{ from: MemberCounts; now: MemberCounts } | null>(null);
  if (!chrome) return <>{children}</>;
  const { data, showEntryWarning, footer } = chrome;
  const counts = user && (liveCounts?.from === user.counts ? liveCounts.now : user.counts);
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
      {user && (
        <MemberLive
          counts={user.counts}
          live
          onCounts={(now) => setLiveCounts((last) => (last?.now === now ? last : { from: user.counts, now }))}
        />
      )}
      {/* In an element of its own: a boundary left empty directly in <body> (a member with no
          notice) may never hydrate, and React then holds every router update (decision 0074). */}
      {user && (
        <div style={{ display: "contents" }}>
          <MemberNotices user={user} />
        </div>
      )}
      {children}
      <Footer {...footer} />
      {/* After the page, held at the bottom of the screen: the push offer appears once the browser
          said it can do push, and nothing above it moves (no layout shift). */}
      {user && <MemberPrompts user={user} />}
      {showEntryWarning && <EntryWarning siteName={data.site.name} minAge={data.site.minAge} />}
    </>
  );
}
