// The Mollie stand-in: answers the real @mollie/api-client's HTTPS calls in-process (msw) from
// rows of our own database, so development, the tests and the README's start pay through the same
// code as production. It hands out credits for nothing: mollie.server.ts starts it only where
// stand-ins are allowed (the embedded database, or STANDINS=true).
import { randomBytes } from "node:crypto";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { db } from "~/lib/db.server";
import type { SimulatedOutcome } from "./simulated-outcomes";

const API = "https://api.mollie.com/v2";

export type { SimulatedOutcome } from "./simulated-outcomes";

const ALL_CURRENCIES = ["EUR", "PLN", "GBP", "CHF", "USD", "CAD", "AUD", "NZD"];

/** What the simulated Mollie profile has activated, with Mollie's own limits by country and currency. */
const METHODS: {
  id: string;
  description: string;
  countries?: string[];
  currencies: string[];
  wallet?: boolean;
  issuers?: { id: string; name: string }[];
}[] = [
  {
    id: "ideal",
    description: "iDEAL",
    countries: ["NL"],
    currencies: ["EUR"],
    issuers: [
      { id: "ideal_ABNANL2A", name: "ABN AMRO" },
      { id: "ideal_ASNBNL21", name: "ASN Bank" },
      { id: "ideal_BUNQNL2A", name: "bunq" },
      { id: "ideal_INGBNL2A", name: "ING" },
      { id: "ideal_KNABNL2H", name: "Knab" },
      { id: "ideal_RABONL2U", name: "Rabobank" },
      { id: "ideal_RBRBNL21", name: "RegioBank" },
      { id: "ideal_SNSBNL2A", name: "SNS" },
      { id: "ideal_TRIONL2U", name: "Triodos Bank" },
    ],
  },
  { id: "bancontact", description: "Bancontact", countries: ["BE"], currencies: ["EUR"] },
  { id: "przelewy24", description: "Przelewy24", countries: ["PL"], currencies: ["PLN", "EUR"] },
  { id: "blik", description: "BLIK", countries: ["PL"], currencies: ["PLN"] },
  { id: "eps", description: "eps", countries: ["AT"], currencies: ["EUR"] },
  { id: "creditcard", description: "Card", currencies: ALL_CURRENCIES },
  { id: "applepay", description: "Apple Pay", currencies: ALL_CURRENCIES, wallet: true },
  { id: "paypal", description: "PayPal", currencies: ALL_CURRENCIES },
  {
    id: "banktransfer",
    description: "Bank transfer",
    countries: ["NL", "BE", "DE", "AT", "FR", "IT", "ES", "IE", "PL"],
    currencies: ["EUR"],
  },
  { id: "paysafecard", description: "paysafecard", currencies: ["EUR", "GBP", "CHF", "PLN", "USD"] },
];

function image(id: string) {
  const base = `https://www.mollie.com/external/icons/payment-methods/${id}`;
  return { size1x: `${base}.png`, size2x: `${base}%402x.png`, svg: `${base}.svg` };
}

function listMethods(url: URL) {
  const query = url.searchParams;
  const currency = query.get("amount[currency]") ?? "EUR";
  const country = query.get("billingCountry");
  const wallets = (query.get("includeWallets") ?? "").split(",");
  const withIssuers = (query.get("include") ?? "").split(",").includes("issuers");
  const methods = METHODS.filter(
    (m) =>
      m.currencies.includes(currency) &&
      (!m.countries || !country || m.countries.includes(country)) &&
      (!m.wallet || wallets.includes(m.id)),
  ).map((m) => ({
    resource: "method",
    id: m.id,
    description: m.description,
    minimumAmount: { value: "1.00", currency },
    maximumAmount: { value: "10000.00", currency },
    image: image(m.id),
    status: "activated",
    ...(withIssuers && m.issuers
      ? { issuers: m.issuers.map((i) => ({ resource: "issuer", ...i, image: image(i.id) })) }
      : {}),
    _links: { self: { href: `${API}/methods/${m.id}`, type: "application/hal+json" } },
  }));
  return {
    count: methods.length,
    _embedded: { methods },
    _links: { self: { href: url.toString(), type: "application/hal+json" }, documentation: null },
  };
}

type Stored = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

function findPayment(id: string) {
  return db().mollieSimulatorPayment.findUnique({ where: { id } });
}

/** The payment as Mollie's API returns it. */
function paymentJson(payment: Stored, checkoutOrigin: string) {
  const open = payment.status === "open";
  return {
    resource: "payment",
    id: payment.id,
    mode: "test",
    createdAt: payment.createdAt.toISOString(),
    amount: { value: payment.amountValue, currency: payment.currency },
    description: payment.description,
    method: payment.method,
    metadata: payment.metadata,
    status: payment.status,
    isCancelable: false,
    ...(payment.paidAt ? { paidAt: payment.paidAt.toISOString() } : {}),
    ...(open ? { expiresAt: new Date(payment.createdAt.getTime() + 15 * 60_000).toISOString() } : {}),
    amountRefunded: { value: payment.amountRefunded, currency: payment.currency },
    amountRemaining: { value: payment.amountValue, currency: payment.currency },
    ...(payment.amountChargedBack !== "0.00"
      ? { amountChargedBack: { value: payment.amountChargedBack, currency: payment.currency } }
      : {}),
    locale: payment.locale,
    profileId: "pfl_simulator",
    sequenceType: payment.sequenceType,
    redirectUrl: payment.redirectUrl,
    webhookUrl: payment.webhookUrl,
    ...(payment.customerId ? { customerId: payment.customerId } : {}),
    ...(payment.mandateId ? { mandateId: payment.mandateId } : {}),
    details: payment.issuer ? { issuer: payment.issuer } : null,
    _links: {
      self: { href: `${API}/payments/${payment.id}`, type: "application/hal+json" },
      ...(open
        ? { checkout: { href: `${checkoutOrigin}/dev/mollie/checkout/${payment.id}`, type: "text/html" } }
        : {}),
      dashboard: { href: `${checkoutOrigin}/dev/mollie/checkout/${payment.id}`, type: "text/html" },
    },
  };
}

function notFound(id: string) {
  return HttpResponse.json(
    {
      status: 404,
      title: "Not Found",
      detail: `No payment exists with token ${id}.`,
      _links: {
        documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" },
      },
    },
    { status: 404, headers: { "Content-Type": "application/hal+json" } },
  );
}

function unprocessable(detail: string, field: string) {
  return HttpResponse.json({ status: 422, title: "Unprocessable Entity", detail, field }, { status: 422 });
}

interface CreateBody {
  amount?: { value?: string; currency?: string };
  description?: string;
  redirectUrl?: string;
  webhookUrl?: string;
  method?: string | string[];
  issuer?: string;
  metadata?: unknown;
  locale?: string;
}

/** The checkout page's origin: where the redirect URL points (our own site). */
function originOf(url: string | undefined) {
  try {
    return url ? new URL(url).origin : "";
  } catch {
    return "";
  }
}

function handlers() {
  return [
    http.get(`${API}/methods`, ({ request }) => HttpResponse.json(listMethods(new URL(request.url)))),
    http.post(`${API}/payments`, async ({ request }) => {
      const body = (await request.json()) as CreateBody;
      const value = body.amount?.value ?? "";
      if (!/^\d+\.\d{2}$/.test(value) || Number(value) <= 0)
        return unprocessable("The amount is invalid", "amount.value");
      if (!body.description) return unprocessable("The description is invalid", "description");
      if (!body.redirectUrl) return unprocessable("The redirect URL is invalid", "redirectUrl");
      const method = Array.isArray(body.method) ? body.method[0] : body.method;
      const payment = await db().mollieSimulatorPayment.create({
        data: {
          id: `tr_${randomBytes(8).toString("base64url").replace(/[-_]/g, "x")}`,
          amountValue: value,
          currency: body.amount?.currency ?? "EUR",
          description: body.description,
          method: method ?? null,
          issuer: body.issuer ?? null,
          redirectUrl: body.redirectUrl,
          webhookUrl: body.webhookUrl ?? null,
          metadata: (body.metadata ?? null) as never,
          locale: body.locale ?? null,
        },
      });
      return HttpResponse.json(paymentJson(payment, originOf(body.redirectUrl)), { status: 201 });
    }),
    http.get(`${API}/payments/:id`, async ({ params }) => {
      const payment = await findPayment(String(params.id));
      if (!payment) return notFound(String(params.id));
      return HttpResponse.json(paymentJson(payment, originOf(payment.redirectUrl)));
    }),
  ];
}

let server: ReturnType<typeof setupServer> | undefined;

/** Starts answering Mollie's API in this process (once); every other request passes through. */
export function startMollieSimulator() {
  if (server) return;
  const started = setupServer(...handlers());
  started.listen({ onUnhandledRequest: "bypass" });
  server = started;
}

/** The simulated payment for its checkout page, or null. */
export async function simulatedPayment(id: string) {
  const payment = await findPayment(id);
  if (!payment) return null;
  return {
    id: payment.id,
    amount: payment.amountValue,
    currency: payment.currency,
    description: payment.description,
    method: payment.method,
    status: payment.status,
    redirectUrl: payment.redirectUrl,
  };
}

/** Calls the payment's webhook as Mollie does: a form post with only the id; failures are Mollie's to retry. */
async function callWebhook(webhookUrl: string, id: string) {
  try {
    await fetch(webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id }),
    });
  } catch (error) {
    console.warn(
      JSON.stringify({ level: "warn", msg: "mollie simulator webhook", id, error: String(error) }),
    );
  }
}

/**
 * The payer's choice on the checkout page: sets the status (an open payment only), calls the
 * webhook at once and once more a little later (Mollie repeats and is sometimes late), and
 * returns where the payer goes next.
 */
export async function completeSimulatedPayment(id: string, outcome: SimulatedOutcome, repeatAfterMs = 2000) {
  const now = new Date();
  const updated = await db().mollieSimulatorPayment.updateMany({
    where: { id, status: "open" },
    data: { status: outcome, paidAt: outcome === "paid" ? now : null },
  });
  const payment = await findPayment(id);
  if (!payment) return null;
  if (updated.count > 0 && outcome !== "open" && payment.webhookUrl) {
    await callWebhook(payment.webhookUrl, id);
    setTimeout(() => void callWebhook(payment.webhookUrl!, id), repeatAfterMs).unref();
  }
  return payment.redirectUrl;
}

/** A chargeback as Mollie reports one: the amount is recorded and the webhook called. */
export async function chargeBackSimulatedPayment(id: string, value: string) {
  const payment = await db().mollieSimulatorPayment.update({
    where: { id },
    data: { amountChargedBack: value },
    select: { webhookUrl: true },
  });
  if (payment.webhookUrl) await callWebhook(payment.webhookUrl, id);
}
