import type { TFunction } from "i18next";

/** A gift's name in the page's language, by its code; the code itself for a gift without a translation. */
export function giftName(t: TFunction, code: string): string {
  return t(`chat-extras:gifts.${code}`, { defaultValue: code });
}
