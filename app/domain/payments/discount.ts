import type { TFunction } from "i18next";
import { z } from "zod";
import type { CreditPackageView } from "~/domain/credits/package-view";
import { formatMoney } from "~/domain/credits/money";
import { TIME_BONUS_CODE } from "./time-bonus";

/**
 * Where a purchase's discount comes from: the time bonus, else an entered code, else the welcome
 * code (the site's, or the "personal" one the buyer got for staying instead of deleting the account).
 */
export type DiscountSource = "timeBonus" | "code" | "welcome" | "personal";

/** The discount a purchase gets, as the server decided it. */
export interface AppliedDiscount {
  code: string;
  percentage: number;
  source: DiscountSource;
  /** Mollie methods the discount is limited to (empty: every method). */
  methods: string[];
}

/** A package on a member's price list, with what it costs them after the discount that applies. */
export interface PackageOffer extends CreditPackageView {
  amountCents: number;
  discount: AppliedDiscount | null;
}

/**
 * Why an entered code does not apply. "notFound" covers unknown, inactive, expired and not-for-you
 * codes; "tooManyTries": the member or their address had too many codes not found (not looked up).
 */
export type DiscountError =
  | { reason: "notFound" }
  | { reason: "alreadyUsed" }
  /** The code's total-uses limit is reached (paid uses plus other members' open payments). */
  | { reason: "usedUp" }
  | { reason: "tooManyTries" }
  | { reason: "minimumOrder"; minimumOrderCents: number; currency: string }
  | { reason: "method"; methods: string[] };

/** The longest code anyone can enter; longer input is simply not found. */
export const MAX_CODE_LENGTH = 50;

/** An entered discount code (a form field, ?code=); anything longer than a code can be is kept too long, so it is not found. */
export const enteredCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.slice(0, MAX_CODE_LENGTH + 1))
  .optional();

/**
 * The code a link to a payment page carries on (/credits?code=, a retry after a failed payment):
 * any code but the time bonus's, which applies by itself while it lasts and never after.
 */
export function carriedCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim() ?? "";
  if (!trimmed || normalizeCode(trimmed) === TIME_BONUS_CODE) return null;
  return trimmed.slice(0, MAX_CODE_LENGTH + 1);
}

/** Codes are stored upper-case and matched case-insensitively, without surrounding spaces. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The price after `percentage` off, in whole cents: round(price * (100 - percentage) / 100). */
export function discountedCents(priceCents: number, percentage: number): number {
  if (!Number.isInteger(priceCents) || priceCents < 0)
    throw new Error("Prices are whole, non-negative cents");
  if (!Number.isInteger(percentage) || percentage < 0 || percentage > 100) {
    throw new Error("A discount is a whole percentage from 0 to 100");
  }
  return Math.round((priceCents * (100 - percentage)) / 100);
}

/** The translated message for a refused code ("Code niet gevonden", "Code reeds gebruikt"). */
export function discountErrorMessage(t: TFunction, error: DiscountError, locale: string): string {
  switch (error.reason) {
    case "minimumOrder":
      return t("discounts:errors.minimumOrder", {
        amount: formatMoney(error.minimumOrderCents, error.currency, locale),
      });
    case "method":
      return t("discounts:errors.method", { methods: methodNames(t, error.methods) });
    default:
      return t(`discounts:errors.${error.reason}`);
  }
}

/** Payment methods by their names for people, as a list ("iDEAL, PayPal"). */
export function methodNames(t: TFunction, methods: string[]): string {
  return methods.map((m) => t(`payments:methods.${m}`, { defaultValue: m })).join(", ");
}
