// Whether a member wants a kind of notification mail: pure, so the mail queue can ask it again
// when a queued mail is finally sent (mail-delivery.server.ts).
import type { NotificationKey } from "~/domain/core/notification-preferences";
import type { NotificationsDisabledReason, UserStatus } from "~/generated/prisma/enums";

/** What decides whether a member gets a kind of notification mail. */
interface MailableUser {
  status: UserStatus;
  notificationsDisabled: readonly NotificationsDisabledReason[];
  emailNotificationsOff: readonly string[];
}

/** Confirmed, no reason to stop all mail (fbl, bounce, listunsubscribe) and this kind switched on. */
export function wantsMail(user: MailableUser, key: NotificationKey): boolean {
  return (
    user.status === "confirmed" &&
    user.notificationsDisabled.length === 0 &&
    !user.emailNotificationsOff.includes(key)
  );
}

/** The same conditions as a Prisma filter, for the batch jobs. */
export function wantsMailWhere(key: NotificationKey) {
  return {
    status: "confirmed" as const,
    notificationsDisabled: { isEmpty: true },
    NOT: { emailNotificationsOff: { has: key } },
  };
}
