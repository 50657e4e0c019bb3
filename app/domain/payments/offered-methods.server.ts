import { Locale as MollieLocale, type MethodInclude } from "@mollie/api-client";
import { centsToValue } from "~/domain/credits/money";
import { isCheckoutMethod, CHECKOUT_METHODS, type OfferedMethod } from "./methods";
import { mollie } from "./mollie.server";
import { cachedPromise, createCache } from "~/lib/cache.server";

const MOLLIE_LOCALES: Record<string, MollieLocale> = {
  nl: MollieLocale.nl_NL,
  de: MollieLocale.de_DE,
  en: MollieLocale.en_US,
  fr: MollieLocale.fr_FR,
  es: MollieLocale.es_ES,
  it: MollieLocale.it_IT,
  pl: MollieLocale.pl_PL,
};

/** Our language as Mollie's locale, for its checkout and method names. */
export function mollieLocale(locale: string): MollieLocale {
  return MOLLIE_LOCALES[locale] ?? MollieLocale.en_US;
}

/** Mollie's answer changes only when the dashboard does: asked at most every 5 minutes per purchase kind. */
const CACHE_MS = 5 * 60_000;
/** Keys are amounts × currencies × countries × languages of the packages: bounded, this guards memory. */
const cache = createCache<Promise<OfferedMethod[]>>({ max: 2_000, ttlMs: CACHE_MS });

/**
 * The methods Mollie offers for this amount, currency and payer's country (its methods call), in
 * the page's order, with the banks where one is chosen first (iDEAL). Apple Pay is included: the
 * page shows it only in browsers that support it.
 */
export async function offeredMethods(purchase: {
  amountCents: number;
  currency: string;
  country: string;
  locale: string;
}): Promise<OfferedMethod[]> {
  const key = `${purchase.amountCents}:${purchase.currency}:${purchase.country}:${purchase.locale}`;
  // A failed call is not kept: the next page view asks again.
  return cachedPromise(cache, key, () => askMollie(purchase));
}

async function askMollie(purchase: {
  amountCents: number;
  currency: string;
  country: string;
  locale: string;
}) {
  const methods = await mollie().methods.list({
    amount: { value: centsToValue(purchase.amountCents), currency: purchase.currency },
    locale: mollieLocale(purchase.locale),
    billingCountry: purchase.country,
    include: "issuers" as MethodInclude,
    includeWallets: "applepay",
  });
  const offered = methods.flatMap((method): OfferedMethod[] =>
    isCheckoutMethod(method.id)
      ? [
          {
            id: method.id,
            description: method.description,
            issuers: (method.issuers ?? []).map((issuer) => ({ id: issuer.id, name: issuer.name })),
          },
        ]
      : [],
  );
  return offered.sort((a, b) => CHECKOUT_METHODS.indexOf(a.id) - CHECKOUT_METHODS.indexOf(b.id));
}
