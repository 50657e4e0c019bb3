/**
 * The payment methods (docs/product.md, Credits and payments) by the site's names, and the Mollie
 * method each is paid with. Mollie's methods call decides per amount, currency and country which are
 * offered; these are the ones the site knows how to show. Not offered: giropay and sofort (Mollie
 * stopped both in 2024); SEPA direct debit ("sdd") is its own form at /directdebit, not a checkout
 * method.
 */
const METHOD_NAMES = {
  sdd: "directdebit",
  prezelewy24: "przelewy24",
  blik: "blik",
  sct: "banktransfer",
  giropay: null,
  mastercard: "creditcard",
  visa: "creditcard",
  creditcard: "creditcard",
  nexi: "creditcard",
  cartebancaire: "creditcard",
  ideal: "ideal",
  bancontact: "bancontact",
  applepay: "applepay",
  paysafecard: "paysafecard",
  maestro: "creditcard",
  paypal: "paypal",
  sofort: null,
  eps: "eps",
} as const satisfies Record<string, string | null>;

/** Mollie methods offered at the checkout, in the order the page shows them. */
export const CHECKOUT_METHODS = [
  "ideal",
  "bancontact",
  "przelewy24",
  "blik",
  "eps",
  "creditcard",
  "applepay",
  "paypal",
  "banktransfer",
  "paysafecard",
] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** Methods a discount code can be limited to: the checkout's, and direct debit's own form. */
export const DISCOUNT_METHODS = [...CHECKOUT_METHODS, "directdebit"] as const;

export function isCheckoutMethod(value: unknown): value is CheckoutMethod {
  return typeof value === "string" && (CHECKOUT_METHODS as readonly string[]).includes(value);
}

/** A method in a URL (`/credits/{id}/{paymentmethod}`): a Mollie name or one of the site's names. */
export function checkoutMethodFrom(value: string | undefined): CheckoutMethod | null {
  if (!value) return null;
  const name = value.toLowerCase();
  if (isCheckoutMethod(name)) return name;
  const mapped = (METHOD_NAMES as Record<string, string | null>)[name];
  return isCheckoutMethod(mapped) ? mapped : null;
}

/** Whether a method in a URL (`/credits/{id}/{paymentmethod}`) is SEPA direct debit ("sdd" or Mollie's name). */
export function isDirectDebitFrom(value: string | undefined): boolean {
  const name = value?.toLowerCase();
  return name === "directdebit" || name === "sdd";
}

/** A method offered for one purchase, as the page shows it. */
export interface OfferedMethod {
  id: CheckoutMethod;
  /** Mollie's name for it, in the payer's language. */
  description: string;
  /** Banks to choose from (iDEAL). */
  issuers: { id: string; name: string }[];
}
