const DAY = 86_400_000;

/**
 * The oldest moment a member still sees in a conversation: older history is hidden after the site's
 * `chatHistoryDays`, and a member who deleted the chat sees only what came after.
 */
export function visibleSince(chatHistoryDays: number, clearedAt: Date | null, now: Date): Date {
  const limit = historyLimit(chatHistoryDays, now);
  return clearedAt && clearedAt > limit ? clearedAt : limit;
}

/** The oldest moment the site's history limit leaves visible. */
export function historyLimit(chatHistoryDays: number, now: Date): Date {
  return new Date(now.getTime() - chatHistoryDays * DAY);
}
