const DAY = 86_400_000;

/**
 * The oldest moment a member still sees in a conversation: older history is hidden after the site's
 * `chatHistoryDays`, and a member who deleted the chat sees only what came after.
 */
export function visibleSince(chatHistoryDays: number, clearedAt: Date | null, now: Date): Date {
  const limit = new Date(now.getTime() - chatHistoryDays * DAY);
  return clearedAt && clearedAt > limit ? clearedAt : limit;
}
