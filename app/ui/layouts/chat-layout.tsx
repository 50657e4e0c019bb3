import { hydrateLater, mountLater } from "../hydrate-later";
import { EntryWarning, useChrome } from "./use-chrome";

const TimeBonus = hydrateLater(() => import("../payments/time-bonus").then((m) => m.TimeBonus));
const MemberLive = mountLater(() => import("./member-live").then((m) => m.MemberLive));

/**
 * The chat layout: bare; the conversation list (300-400 px) beside the message pane (at most
 * 800 px); below 992 px the list shows only with `listFillsPhone` (on /chats), filling the page, so
 * it is rendered once for both widths. Without a list (a conversation in a narrow window, or without
 * JavaScript, which loads it beside a conversation: decision 0028) the conversation's back link
 * shows at every width. Entry warning for NL and DE only. The time-bonus banner (and its modal)
 * shows above, as the chats are part of the members area.
 */
export function ChatLayout({
  list,
  listFillsPhone,
  children,
}: {
  list: React.ReactNode | null;
  listFillsPhone: boolean;
  children: React.ReactNode;
}) {
  const chrome = useChrome("chat");
  const user = chrome?.data.user ?? null;
  // The same counts as the default layout's: the tab title and badge follow live events and polls.
  return (
    <div className={`d-flex flex-column vh-100 overflow-hidden${list ? "" : " chat-without-list"}`}>
      {user && <MemberLive counts={user.counts} />}
      {user?.timeBonusEndsAt && (
        <TimeBonus
          secondsLeft={user.timeBonusSecondsLeft}
          credits={user.credits}
          dismissed={user.timeBonusDismissed}
        />
      )}
      <div className="d-flex flex-grow-1 overflow-hidden" style={{ minHeight: 0 }}>
        {list && (
          <aside
            className={`chat-aside border-end overflow-auto flex-shrink-0${listFillsPhone ? " chat-aside-fills-phone" : ""}`}
            data-testid="chat-list"
          >
            {list}
          </aside>
        )}
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
