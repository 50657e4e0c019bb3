// The timing rules of the notification mails (pure, so they are unit-tested on their own).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A message mail waits this long: a member who reads the message meanwhile gets none. */
export const MESSAGE_MAIL_DELAY_MS = 5 * MINUTE;
/**
 * While the recipient is online (a visible tab) the message mail looks again this many times, one
 * MESSAGE_MAIL_DELAY_MS apart (an hour in all): a member who leaves without reading the message
 * still gets its mail. Online longer, the unread reminder a day later is what remains.
 */
export const MESSAGE_MAIL_ONLINE_CHECKS = 12;
/** At most one mail about new messages per conversation in this time. */
export const MESSAGE_MAIL_INTERVAL_MS = 6 * HOUR;
/** Messages unread this long bring one reminder. */
const UNREAD_REMINDER_AFTER_MS = DAY;
/** The weekly update: at most once in this time, with the members who joined in it. */
export const WEEKLY_UPDATE_INTERVAL_MS = 7 * DAY;
/** Inactivity reminders: after this many days away, one mail each. */
export const INACTIVITY_STEPS = [7, 30] as const;
export type InactivityStep = (typeof INACTIVITY_STEPS)[number];
/** A step is only sent within this many days after it became due (no reminders for long-gone members). */
const INACTIVITY_GRACE_DAYS = 7;

export const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** Whether a new-messages mail about a conversation may go now (none in the last 6 hours). */
export function messageMailAllowed(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= MESSAGE_MAIL_INTERVAL_MS;
}

/** When the unread reminder for the oldest message not reminded of yet is due. */
export function unreadReminderDue(oldestUnreadAt: Date): Date {
  return later(oldestUnreadAt, UNREAD_REMINDER_AFTER_MS);
}

/** The members joined since this time go into the weekly update: the last week, or since the last update. */
export function weeklyUpdateSince(lastSentAt: Date | null, now: Date): Date {
  const weekAgo = later(now, -WEEKLY_UPDATE_INTERVAL_MS);
  return lastSentAt && lastSentAt > weekAgo ? lastSentAt : weekAgo;
}

/** The time window of `lastSeenAt` for members due for a step's reminder now: [from, to). */
export function inactivityWindow(step: InactivityStep, now: Date): { from: Date; to: Date } {
  return { from: later(now, -(step + INACTIVITY_GRACE_DAYS) * DAY), to: later(now, -step * DAY) };
}
