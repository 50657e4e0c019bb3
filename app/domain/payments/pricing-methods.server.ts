import { currencyForCountry } from "~/domain/credits/money";
import { packagesFor } from "~/domain/credits/packages.server";
import type { CheckoutMethod } from "./methods";
import { offeredMethods } from "./offered-methods.server";

/** Direct debit has its own form, in euros only (docs/product.md, Direct debit). */
const DIRECT_DEBIT_CURRENCY = "EUR";

/**
 * The payment methods the pricing page names to a visitor from `country`: what Mollie offers there
 * for the smallest package (the same call the checkout makes), plus direct debit in euro countries.
 * A Dutch visitor is not told about Bancontact, nor a Belgian one about iDEAL. Null when Mollie
 * does not answer or the site sells nothing in that currency: the page then names no methods.
 */
export async function pricingMethods(
  siteId: number,
  country: string,
  locale: string,
): Promise<(CheckoutMethod | "directdebit")[] | null> {
  const currency = currencyForCountry(country);
  const packages = await packagesFor(siteId, currency);
  if (packages.length === 0) return null;
  const smallest = Math.min(...packages.map((p) => p.priceCents));
  const methods = await offeredMethods({ amountCents: smallest, currency, country, locale }).catch(
    () => null,
  );
  if (!methods) return null;
  // Apple Pay shows only in browsers that support it, so it is not promised to every reader.
  const ids = methods.map((m) => m.id).filter((id) => id !== "applepay");
  return currency === DIRECT_DEBIT_CURRENCY ? [...ids, "directdebit"] : ids;
}
