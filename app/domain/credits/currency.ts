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
