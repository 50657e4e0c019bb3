import { TRUST_LIMITS } from "~/domain/chat/trust-level";
import type { StaticPageRules } from "~/domain/sites/static-pages.server";

/**
 * The chat rules' numbers the static pages name beside the site's settings. A paying member is
 * `known` until the account is a week old, so that level's daily number is their first week's.
 */
export const staticPageRules: StaticPageRules = {
  firstWeekConversationsPerDay: TRUST_LIMITS.known.conversationsPerDay ?? 0,
};
