import type { NotificationKey } from "~/domain/core/notification-preferences";
import { db } from "~/lib/db.server";
import { deliverMail as sendStoredMail, type MailToSend } from "~/lib/mail.server";
import { wantsMail } from "./wants-mail";

/**
 * Whether the member still wants this notification mail now: preferences may change while a mail
 * waits in the queue (an account mail: always).
 */
export async function stillWantsMail(mail: MailToSend): Promise<boolean> {
  if (mail.notificationKey === null) return true;
  if (mail.userId === null) return false;
  const user = await db().user.findUnique({
    where: { id: mail.userId },
    select: { status: true, notificationsDisabled: true, emailNotificationsOff: true },
  });
  return user !== null && wantsMail(user, mail.notificationKey as NotificationKey);
}

/** Sends one stored mail (the send-mail job), skipping a notification its member no longer wants. */
export function deliverMail(mailId: number, from: string) {
  return sendStoredMail(mailId, from, stillWantsMail);
}
