import { numberFormat } from "~/lib/intl-formats";

/** The currencies packages are sold in: EUR, and each profile country's own currency. */
export const CURRENCIES = ["EUR", "PLN", "GBP", "CHF", "USD", "CAD", "AUD", "NZD"] as const;
export type Currency = (typeof CURRENCIES)[number];

const COUNTRY_CURRENCY: Partial<Record<string, Currency>> = {
  PL: "PLN",
  GB: "GBP",
  CH: "CHF",
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
};

/** The currency a member in `country` pays in (EUR for the euro countries and any other). */
export function currencyForCountry(country: string | null | undefined): Currency {
  return (country && COUNTRY_CURRENCY[country]) || "EUR";
}

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
