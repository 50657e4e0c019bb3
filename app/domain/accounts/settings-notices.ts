/**
 * The `?saved=` notices the settings page shows: one per settings form, plus the password reset and
 * the reactivation link and the delete page's stay offer, which also land on /settings.
 */
export const SAVED_NOTICES = [
  "password",
  "reset",
  "email",
  "notifications",
  "invisible",
  "language",
  "sessions",
  "resumeMails",
  "reactivated",
  "stayDiscount",
] as const;

export type SavedNotice = (typeof SAVED_NOTICES)[number];
