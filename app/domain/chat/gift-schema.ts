// The form of a gift on /staff/gifts: its code, picture, a name in each of the site's seven
// languages and whether members may send it. Every gift costs the site's `giftCredits` (set on
// /staff/settings), so a gift has no price of its own.
import type { TFunction } from "i18next";
import { z } from "zod";
import { SUPPORTED_LOCALES, type Locale } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";

/** The pictures the site ships under /gifts/. */
export const GIFT_IMAGES = [
  "/gifts/rose.svg",
  "/gifts/heart.svg",
  "/gifts/kiss.svg",
  "/gifts/chocolate.svg",
  "/gifts/cocktail.svg",
  "/gifts/teddy.svg",
  "/gifts/champagne.svg",
  "/gifts/diamond.svg",
] as const;

export const GIFT_NAME_MAX = 40;
const GIFT_CODE = /^[a-z0-9_-]{2,30}$/;

/** A gift's names by language; a language may be missing in rows from before names were stored. */
export type GiftNames = Partial<Record<Locale, string>>;

export function giftSchema(t: TFunction) {
  const name = z
    .string({ error: t("staffSite:errors.required") })
    .trim()
    .min(1, { error: t("staffSite:errors.required") })
    .max(GIFT_NAME_MAX, { error: t("staffSite:errors.tooLong", { max: GIFT_NAME_MAX }) });
  return z.object({
    intent: z.literal("save"),
    id: rowIdSchema.optional(),
    code: z
      .string({ error: t("staffSite:errors.giftCode") })
      .regex(GIFT_CODE, { error: t("staffSite:errors.giftCode") }),
    image: z.enum(GIFT_IMAGES, { error: t("staffSite:errors.choice") }),
    ...(Object.fromEntries(SUPPORTED_LOCALES.map((lng) => [`name_${lng}`, name])) as Record<
      `name_${Locale}`,
      typeof name
    >),
    active: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  });
}

export type GiftInput = z.output<ReturnType<typeof giftSchema>>;

/** The names typed in the form, by language. */
export function giftNamesOf(input: GiftInput): Record<Locale, string> {
  return Object.fromEntries(SUPPORTED_LOCALES.map((lng) => [lng, input[`name_${lng}`]])) as Record<
    Locale,
    string
  >;
}

/** A gift as the staff page lists and edits it. */
export interface StaffGiftView {
  id: number;
  code: string;
  image: string;
  names: GiftNames;
  sortOrder: number;
  active: boolean;
}
