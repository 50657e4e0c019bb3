import type { RootUser } from "~/lib/root-data";
import { ActivationReminder } from "../activation-reminder";
import { LikeNotice } from "../likes/like-notice";
import { NewLikeAnnouncer } from "../likes/new-like-announcer";
import { NewLikeBanner } from "../likes/new-like-banner";
import { MailsOffAlert } from "../mails-off-alert";
import { TimeBonus } from "../payments/time-bonus";
import { PhotoAlert } from "../photo-alert";
import { PushAlert } from "../push/push-alert";

// What only a logged-in member's default layout shows: a visitor's page never downloads it. The
// notices hydrate once the rest is interactive (`hydrateLater`); the prompts, which render nothing
// on the server, mount then (`mountLater`).

/** The notices above a member's page: time bonus, activation, photo and mail alerts, likes. */
export function MemberNotices({ user }: { user: RootUser }) {
  return (
    <>
      {user.timeBonusEndsAt && (
        <TimeBonus
          secondsLeft={user.timeBonusSecondsLeft}
          credits={user.credits}
          dismissed={user.timeBonusDismissed}
        />
      )}
      <ActivationReminder user={user} />
      <PhotoAlert show={user.photoAlert} />
      <MailsOffAlert alert={user.mailsOffAlert} />
      {user.newestLike && <NewLikeBanner like={user.newestLike} />}
      <LikeNotice />
    </>
  );
}

/** Below a member's page: the push offer and the "New like!" modal. */
export function MemberPrompts({ user }: { user: RootUser }) {
  return (
    <>
      <PushAlert show={user.pushAlert} />
      <NewLikeAnnouncer />
    </>
  );
}
