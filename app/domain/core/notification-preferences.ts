/** The e-mail notification preference keys, in the order the settings page shows them. */
export const NOTIFICATION_KEYS = [
  "new_conversations",
  "new_messages",
  "like",
  "unread_message_reminders",
  "promotions",
  "weekly_updates",
  "news",
  "reminders",
] as const;

export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

/** Stored as the keys switched off, so a key added later starts switched on. */
export function keysSwitchedOff(enabled: Partial<Record<NotificationKey, boolean>>): NotificationKey[] {
  return NOTIFICATION_KEYS.filter((key) => !enabled[key]);
}

/** The switch state of every key, from the stored list of keys switched off. */
export function preferencesFrom(switchedOff: readonly string[]): Record<NotificationKey, boolean> {
  return Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, !switchedOff.includes(key)])) as Record<
    NotificationKey,
    boolean
  >;
}
