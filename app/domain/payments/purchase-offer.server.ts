import type { SessionUser } from "~/domain/accounts/session.server";
import { currencyForCountry } from "~/domain/credits/money";
import type { CreditPackageView } from "~/domain/credits/package-view";
import { packagesFor, type CreditPackage } from "~/domain/credits/packages.server";
import { discountedCents, type AppliedDiscount, type DiscountError, type PackageOffer } from "./discount";
import { activeDiscount, type CodeGuesser } from "./discounts.server";

/** A package as one member buys it: the package, the currency and the amount to pay, in cents. */
export interface PurchaseOffer {
  creditPackage: CreditPackage;
  currency: string;
  /** What the buyer pays: the price less the discount. */
  amountCents: number;
  discountPercent: number;
  discountCode: string | null;
  /** The price before the discount. */
  priceCents: number;
  discount: AppliedDiscount | null;
  /** Why the entered code does not apply (null when none was entered or it applies). */
  codeError: DiscountError | null;
  /** A code was entered while the time bonus applies (they do not combine; the bonus counts). */
  codeIgnored: boolean;
}

/** The member buying, as far as the discount cares: the time bonus needs their signup and whether they paid. */
export function discountBuyer(
  user: Pick<SessionUser, "id" | "signupDate" | "paidUser">,
): PurchaseOptions["buyer"] {
  return { userId: user.id, signupDate: user.signupDate, paidUser: user.paidUser };
}

/** Who buys, how and with which code: what decides the discount. */
interface PurchaseOptions {
  buyer: { userId: number; signupDate: Date | null; paidUser: boolean };
  /** The chosen Mollie method, when chosen (codes may be limited to some methods). */
  method?: string | null;
  /** The discount code the buyer entered, if any. */
  code?: string | null;
  /** Where the buyer typed the code: its lookup counts against the limits on codes not found. */
  guesser?: CodeGuesser;
  now?: Date;
}

/**
 * What a package costs the buyer, computed on the server only: the package of the site in the
 * currency of the buyer's country, less the active discount (the time bonus if any, otherwise
 * a valid entered code, otherwise the welcome code). Without `options` no discount applies. Null
 * for an unknown or inactive package.
 */
export async function purchaseOffer(
  siteId: number,
  country: string,
  packageId: number,
  options?: PurchaseOptions,
): Promise<PurchaseOffer | null> {
  const currency = currencyForCountry(country);
  const creditPackage = (await packagesFor(siteId, currency)).find((p) => p.id === packageId);
  if (!creditPackage) return null;
  const priceCents = creditPackage.priceCents;
  const active = options
    ? await activeDiscount(
        {
          siteId,
          buyer: { ...options.buyer, country },
          currency,
          priceCents,
          method: options.method ?? null,
          now: options.now ?? new Date(),
          guesser: options.guesser,
        },
        options.code ?? null,
      )
    : { discount: null, codeError: null, codeIgnored: false };
  const percentage = active.discount?.percentage ?? 0;
  return {
    creditPackage,
    currency,
    amountCents: discountedCents(priceCents, percentage),
    discountPercent: percentage,
    discountCode: active.discount?.code ?? null,
    priceCents,
    ...active,
  };
}

/**
 * The site's packages in the currency of the buyer's country, each with the discount the buyer
 * gets without entering a code (the time bonus, else the welcome code; method rules are checked
 * when paying), so the list shows the same amount the payment page charges.
 */
export async function packageOffers(
  siteId: number,
  country: string,
  buyer: PurchaseOptions["buyer"],
  now = new Date(),
): Promise<PackageOffer[]> {
  const currency = currencyForCountry(country);
  const packages = await packagesFor(siteId, currency);
  return Promise.all(
    packages.map(async (creditPackage) => {
      const { discount } = await activeDiscount(
        {
          siteId,
          buyer: { ...buyer, country },
          currency,
          priceCents: creditPackage.priceCents,
          method: null,
          now,
        },
        null,
      );
      return {
        ...creditPackage,
        amountCents: discountedCents(creditPackage.priceCents, discount?.percentage ?? 0),
        discount,
      };
    }),
  );
}

/**
 * The public price list (/pricing) in the currency of the reader's country: a member sees the
 * prices they pay (their discount, as on /credits), a visitor the packages' own.
 */
export async function priceList(
  siteId: number,
  country: string,
  user: Pick<SessionUser, "id" | "signupDate" | "paidUser"> | null,
): Promise<(CreditPackageView | PackageOffer)[]> {
  if (user) return packageOffers(siteId, country, discountBuyer(user));
  return packagesFor(siteId, currencyForCountry(country));
}
