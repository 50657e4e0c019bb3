import { EntryWarning } from "../entry-warning";
import { useAppBadge } from "../live-counts/use-app-badge";
import { TimeBonus } from "../payments/time-bonus";
import { useChrome } from "./use-chrome";

/**
 * SPEC "Chat" layout: bare; the conversation list (300-400 px, hidden below 992 px) beside the
 * message pane (at most 800 px); entry warning for NL and DE only. The time-bonus banner (and its
 * modal) shows above, as the chats are part of the members area.
 */
export function ChatLayout({ list, children }: { list: React.ReactNode; children: React.ReactNode }) {
  const chrome = useChrome("chat");
  const user = chrome?.data.user ?? null;
  useAppBadge(user ? user.counts.unreadMessages + user.counts.newLikes : 0);
  return (
    <div className="d-flex flex-column vh-100 overflow-hidden">
      {user?.timeBonusEndsAt && (
        <TimeBonus
          secondsLeft={user.timeBonusSecondsLeft}
          credits={user.credits}
          dismissed={user.timeBonusDismissed}
        />
      )}
      <div className="d-flex flex-grow-1 overflow-hidden" style={{ minHeight: 0 }}>
        <aside
          className="d-none d-lg-block border-end overflow-auto flex-shrink-0"
          style={{ width: "clamp(300px, 30vw, 400px)" }}
          data-testid="chat-list"
        >
          {list}
        </aside>
        <main className="flex-grow-1 d-flex flex-column mx-auto w-100" style={{ maxWidth: 800 }}>
          {children}
        </main>
      </div>
      {chrome?.showEntryWarning && (
        <EntryWarning siteName={chrome.data.site.name} minAge={chrome.data.site.minAge} />
      )}
    </div>
  );
}
