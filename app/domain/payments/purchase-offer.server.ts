import { currencyForCountry } from "~/domain/credits/currency";
import { packagesFor, type CreditPackage } from "~/domain/credits/packages.server";

/** A package as one member buys it: the package, the currency and the amount to pay, in cents. */
export interface PurchaseOffer {
  creditPackage: CreditPackage;
  currency: string;
  amountCents: number;
  discountPercent: number;
  discountCode: string | null;
}

/**
 * What a package costs the buyer, computed on the server only: the package of the site in the
 * currency of the buyer's country. Null for an unknown or inactive package.
 */
export async function purchaseOffer(
  siteId: number,
  country: string,
  packageId: number,
): Promise<PurchaseOffer | null> {
  const currency = currencyForCountry(country);
  const creditPackage = (await packagesFor(siteId, currency)).find((p) => p.id === packageId);
  if (!creditPackage) return null;
  return {
    creditPackage,
    currency,
    amountCents: creditPackage.priceCents,
    discountPercent: 0,
    discountCode: null,
  };
}
