import { numberFormat } from "~/lib/intl-formats";

/** Integer cents as Mollie's amount value ("12.50"). */
export function centsToValue(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error("Amounts are whole, non-negative cents");
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** Mollie's amount value ("12.50") as integer cents; null when it is not one. */
export function valueToCents(value: string): number | null {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

/** A price for people: "€ 19,95" in the reader's language. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: "currency", currency }).format(cents / 100);
}
