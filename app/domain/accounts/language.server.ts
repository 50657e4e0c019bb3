import { db } from "~/lib/db.server";
import type { Locale } from "~/lib/i18n";

/** Remembers a member's language, used for mails and on other devices. */
export async function saveUserLanguage(userId: number, locale: Locale) {
  await db().user.update({ where: { id: userId }, data: { language: locale }, select: { id: true } });
}
