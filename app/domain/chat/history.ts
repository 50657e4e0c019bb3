const DAY = 86_400_000;

/** The oldest moment the site's history limit leaves visible. */
export function historyLimit(chatHistoryDays: number, now: Date): Date {
  return new Date(now.getTime() - chatHistoryDays * DAY);
}
