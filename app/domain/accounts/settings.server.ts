import type { NotificationsDisabledReason } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import type { Locale } from "~/lib/i18n";
import { pendingEmailChange } from "./email-change.server";
import {
  keysSwitchedOff,
  preferencesFrom,
  type NotificationKey,
} from "~/domain/core/notification-preferences";
import { listSessions } from "./session.server";
import { describeUserAgent } from "~/lib/user-agent";

/** Everything the settings page shows for a member. Session ids never leave the server. */
export async function loadSettings(userId: number, currentSessionId: string | null) {
  const [user, sessions, pendingEmail] = await Promise.all([
    db().user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        email: true,
        language: true,
        invisible: true,
        emailNotificationsOff: true,
        notificationsDisabled: true,
      },
    }),
    listSessions(userId),
    pendingEmailChange(userId),
  ]);
  return {
    email: user.email,
    pendingEmail,
    language: user.language,
    invisible: user.invisible,
    notifications: preferencesFrom(user.emailNotificationsOff),
    notificationsDisabled: user.notificationsDisabled as NotificationsDisabledReason[],
    sessions: sessions.map((session) => ({
      current: session.id === currentSessionId,
      ...describeUserAgent(session.userAgent),
      lastUsedAt: session.lastUsedAt.toISOString(),
      createdAt: session.createdAt.toISOString(),
    })),
  };
}

/** Stores which of the eight notification mails the member wants (User.emailNotificationsOff). */
export async function saveNotificationPreferences(
  userId: number,
  enabled: Partial<Record<NotificationKey, boolean>>,
) {
  await db().user.update({
    where: { id: userId },
    data: { emailNotificationsOff: keysSwitchedOff(enabled) },
    select: { id: true },
  });
}

/** Remembers a member's language, used for mails and on other devices. */
export async function saveUserLanguage(userId: number, locale: Locale) {
  await db().user.update({ where: { id: userId }, data: { language: locale }, select: { id: true } });
}

/** Invisible mode: hidden from search; others cannot message or like the member. */
export async function setInvisible(userId: number, invisible: boolean) {
  await db().user.update({ where: { id: userId }, data: { invisible }, select: { id: true } });
}

/**
 * The member asks for mail again after it was switched off for a spam report (fbl) or an
 * unsubscribe (docs/product.md, Notifications): an explicit request from the member lifts those
 * reasons. A hard bounce stays: the address does not take mail, and only a confirmed new address
 * clears it (email-change.server.ts). True when no reason is left, so mails go out again.
 */
export async function resumeMails(userId: number): Promise<boolean> {
  const [row] = await db().$queryRaw<{ resumed: boolean }[]>`
    UPDATE "User" SET "notificationsDisabled" = ARRAY(
      SELECT reason FROM unnest("notificationsDisabled") AS reason WHERE reason = 'bounce')
    WHERE id = ${userId}
    RETURNING cardinality("notificationsDisabled") = 0 AS resumed`;
  return row?.resumed ?? false;
}
