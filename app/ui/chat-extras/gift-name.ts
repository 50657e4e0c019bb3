import type { TFunction } from "i18next";

/**
 * A gift's name in the page's language: the name an admin gave it in that language, else the
 * translation of its code, else the code itself.
 */
export function giftName(
  t: TFunction,
  code: string,
  names?: Partial<Record<string, string>> | null,
  language?: string,
): string {
  const own = language ? names?.[language] : undefined;
  return own || t(`chat-extras:gifts.${code}`, { defaultValue: code });
}
