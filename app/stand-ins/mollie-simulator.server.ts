// The Mollie stand-in: answers the real @mollie/api-client's HTTPS calls in-process (msw) from
// rows of our own database, so development, the tests and the README's start pay through the same
// code as production. It hands out credits for nothing: server/main.ts starts it only where
// stand-ins are allowed (the embedded database, or STANDINS=true) and no MOLLIE_API_KEY is set.
import { randomBytes } from "node:crypto";
import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { failRefund, refundHandlers, refundOutsideSite } from "./mollie-simulator-refunds.server";
import { centsToValue, valueToCents } from "~/domain/credits/money";
import type { SimulatedOutcome } from "./simulated-outcomes";
import { logger } from "~/lib/logger.server";

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

/** What can still be refunded: the amount less refunds and chargebacks. */
function remainingValue(payment: Stored): string {
  const cents = (value: string) => valueToCents(value) ?? 0;
  const remaining =
    cents(payment.amountValue) - cents(payment.amountRefunded) - cents(payment.amountChargedBack);
  return centsToValue(Math.max(0, remaining));
}

/** The payment as Mollie's API returns it (`details`: the method's details, e.g. of the mandate). */
function paymentJson(payment: Stored, checkoutOrigin: string, details?: Record<string, unknown> | null) {
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
    amountRemaining: { value: remainingValue(payment), currency: payment.currency },
    ...(payment.amountChargedBack !== "0.00"
      ? { amountChargedBack: { value: payment.amountChargedBack, currency: payment.currency } }
      : {}),
    locale: payment.locale,
    profileId: "pfl_simulator",
    sequenceType: payment.sequenceType,
    redirectUrl: payment.redirectUrl || null,
    webhookUrl: payment.webhookUrl,
    ...(payment.customerId ? { customerId: payment.customerId } : {}),
    ...(payment.mandateId ? { mandateId: payment.mandateId } : {}),
    details: details ?? (payment.issuer ? { issuer: payment.issuer } : null),
    _links: {
      self: { href: `${API}/payments/${payment.id}`, type: "application/hal+json" },
      ...(open
        ? { checkout: { href: `${checkoutOrigin}/dev/mollie/checkout/${payment.id}`, type: "text/html" } }
        : {}),
      dashboard: { href: `${checkoutOrigin}/dev/mollie/checkout/${payment.id}`, type: "text/html" },
      ...(payment.customerId
        ? { customer: { href: `${API}/customers/${payment.customerId}`, type: "application/hal+json" } }
        : {}),
      ...(payment.customerId && payment.mandateId
        ? {
            mandate: {
              href: `${API}/customers/${payment.customerId}/mandates/${payment.mandateId}`,
              type: "application/hal+json",
            },
          }
        : {}),
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
  sequenceType?: string;
  customerId?: string;
  mandateId?: string;
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
    ...refundHandlers,
    http.get(`${API}/methods`, ({ request }) => HttpResponse.json(listMethods(new URL(request.url)))),
    http.post(`${API}/payments`, async ({ request }) => createPayment((await request.json()) as CreateBody)),
    http.post(`${API}/customers/:customerId/payments`, async ({ request, params }) =>
      createPayment({ ...((await request.json()) as CreateBody), customerId: String(params.customerId) }),
    ),
    http.get(`${API}/customers/:customerId/payments`, async ({ request, params }) =>
      listCustomerPayments(String(params.customerId), new URL(request.url)),
    ),
    ...customerHandlers(),
    http.get(`${API}/payments/:id`, async ({ params }) => {
      const payment = await findPayment(String(params.id));
      if (!payment) return notFound(String(params.id));
      return HttpResponse.json(await paymentResponse(payment));
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

/**
 * The simulated payment for its checkout page, or null, with the member who started it (`payerId`,
 * by our payment row; null for one no member started).
 */
export async function simulatedPayment(id: string) {
  const [payment, ours] = await Promise.all([
    findPayment(id),
    db().payment.findUnique({ where: { molliePaymentId: id }, select: { userId: true } }),
  ]);
  if (!payment) return null;
  return {
    payerId: ours?.userId ?? null,
    id: payment.id,
    amount: payment.amountValue,
    currency: payment.currency,
    description: payment.description,
    method: payment.method,
    status: payment.status,
    redirectUrl: payment.redirectUrl,
  };
}

/**
 * The webhook address the simulator calls: the payment's webhook path on this site itself, at
 * PUBLIC_URL or the server's own listening address. Never the origin the payment was created with:
 * that came from the request's Host header, which the client chooses (a forged one made the
 * server post to any address it named).
 */
function ownWebhookUrl(webhookUrl: string): string {
  const { PUBLIC_URL, HOST, PORT } = env();
  const host =
    HOST === "0.0.0.0" ? "127.0.0.1" : HOST === "::" ? "[::1]" : HOST.includes(":") ? `[${HOST}]` : HOST;
  const origin = PUBLIC_URL?.replace(/\/+$/, "") ?? `http://${host}:${PORT}`;
  const { pathname, search } = new URL(webhookUrl);
  return `${origin}${pathname}${search}`;
}

/** Calls the payment's webhook as Mollie does: a form post with only the id; failures are Mollie's to retry. */
async function callWebhook(webhookUrl: string, id: string) {
  try {
    await fetch(ownWebhookUrl(webhookUrl), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id }),
    });
  } catch (error) {
    logger.warn("mollie simulator webhook", { id, error: String(error) });
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
  let payment = await findPayment(id);
  if (!payment) return null;
  if (updated.count > 0 && outcome === "paid" && payment.sequenceType === "first") {
    payment = await mandateFromFirstPayment(payment);
  }
  const webhookUrl = payment.webhookUrl;
  if (updated.count > 0 && outcome !== "open" && webhookUrl) {
    await callWebhook(webhookUrl, id);
    setTimeout(() => void callWebhook(webhookUrl, id), repeatAfterMs).unref();
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

/** A refund that fails after Mollie accepted it: recorded, then the payment's webhook called. */
export async function failSimulatedRefund(refundId: string) {
  const paymentId = await failRefund(refundId);
  if (!paymentId) throw new Error(`No refund ${refundId} to fail`);
  const payment = await db().mollieSimulatorPayment.findUniqueOrThrow({
    where: { id: paymentId },
    select: { webhookUrl: true },
  });
  if (payment.webhookUrl) await callWebhook(payment.webhookUrl, paymentId);
}

/** A refund made in Mollie's dashboard rather than by the site: recorded, then the webhook called. */
export async function refundSimulatedPaymentOutsideSite(id: string, value: string) {
  const payment = await db().mollieSimulatorPayment.findUniqueOrThrow({
    where: { id },
    select: { webhookUrl: true, currency: true },
  });
  await refundOutsideSite(id, value, payment.currency);
  if (payment.webhookUrl) await callWebhook(payment.webhookUrl, id);
}

// Customers, mandates, first and recurring payments (direct debit, repeat orders), as Mollie's
// Customers, Mandates and Payments APIs answer them.

const DOCS = { href: "https://docs.mollie.com/reference/v2/customers-api/overview", type: "text/html" };

function newId(prefix: string) {
  return `${prefix}_${randomBytes(8).toString("base64url").replace(/[-_]/g, "x")}`;
}

function missing(kind: "customer" | "mandate", id: string) {
  return HttpResponse.json(
    {
      status: 404,
      title: "Not Found",
      detail: `No ${kind} exists with token ${id}.`,
      _links: { documentation: DOCS },
    },
    { status: 404, headers: { "Content-Type": "application/hal+json" } },
  );
}

type StoredCustomer = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;
type StoredMandate = NonNullable<Awaited<ReturnType<typeof findMandate>>>;

function findCustomer(id: string) {
  return db().mollieSimulatorCustomer.findUnique({ where: { id } });
}

function findMandate(customerId: string, id: string) {
  return db().mollieSimulatorMandate.findFirst({ where: { id, customerId } });
}

function customerJson(customer: StoredCustomer) {
  const self = `${API}/customers/${customer.id}`;
  return {
    resource: "customer",
    id: customer.id,
    mode: "test",
    name: customer.name,
    email: customer.email,
    locale: null,
    metadata: null,
    createdAt: customer.createdAt.toISOString(),
    _links: {
      self: { href: self, type: "application/hal+json" },
      mandates: { href: `${self}/mandates`, type: "application/hal+json" },
      payments: { href: `${self}/payments`, type: "application/hal+json" },
      documentation: DOCS,
    },
  };
}

/**
 * What the simulator keeps of a mandate in its `details` column: Mollie's details object, the
 * reference and signature date, and whether recurring card payments on it are declined (tests).
 */
interface MandateRecord {
  details: Record<string, unknown>;
  mandateReference: string | null;
  signatureDate: string | null;
  declineRecurring?: boolean;
}

function mandateRecord(mandate: StoredMandate): MandateRecord {
  return mandate.details as unknown as MandateRecord;
}

function mandateJson(mandate: StoredMandate) {
  const record = mandateRecord(mandate);
  return {
    resource: "mandate",
    id: mandate.id,
    mode: "test",
    status: mandate.status,
    method: mandate.method,
    details: record.details,
    mandateReference: record.mandateReference,
    signatureDate: record.signatureDate,
    createdAt: mandate.createdAt.toISOString(),
    _links: {
      self: {
        href: `${API}/customers/${mandate.customerId}/mandates/${mandate.id}`,
        type: "application/hal+json",
      },
      customer: { href: `${API}/customers/${mandate.customerId}`, type: "application/hal+json" },
      documentation: DOCS,
    },
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

interface MandateBody {
  method?: string;
  consumerName?: string;
  consumerAccount?: string;
  consumerBic?: string;
  signatureDate?: string;
  mandateReference?: string;
}

function customerHandlers() {
  return [
    http.post(`${API}/customers`, async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as { name?: string; email?: string };
      const customer = await db().mollieSimulatorCustomer.create({
        data: { id: newId("cst"), name: body.name ?? "", email: body.email ?? "" },
      });
      return HttpResponse.json(customerJson(customer), { status: 201 });
    }),
    http.get(`${API}/customers/:customerId`, async ({ params }) => {
      const customer = await findCustomer(String(params.customerId));
      if (!customer) return missing("customer", String(params.customerId));
      return HttpResponse.json(customerJson(customer));
    }),
    http.post(`${API}/customers/:customerId/mandates`, async ({ request, params }) => {
      const customer = await findCustomer(String(params.customerId));
      if (!customer) return missing("customer", String(params.customerId));
      const body = (await request.json().catch(() => ({}))) as MandateBody;
      // Card mandates come from a first payment; only SEPA mandates can be created directly.
      if (body.method !== "directdebit") return unprocessable("The payment method is invalid", "method");
      if (!body.consumerName?.trim()) return unprocessable("The consumer name is invalid", "consumerName");
      const iban = electronicFormatIBAN(body.consumerAccount ?? "");
      if (!iban || !isValidIBAN(iban)) return unprocessable("The bank account is invalid", "consumerAccount");
      if (body.signatureDate && !/^\d{4}-\d{2}-\d{2}$/.test(body.signatureDate))
        return unprocessable("The signature date is invalid", "signatureDate");
      const record: MandateRecord = {
        details: {
          consumerName: body.consumerName.trim(),
          consumerAccount: iban,
          consumerBic: body.consumerBic ?? null,
        },
        mandateReference: body.mandateReference ?? null,
        signatureDate: body.signatureDate ?? isoDate(new Date()),
      };
      const mandate = await db().mollieSimulatorMandate.create({
        data: { id: newId("mdt"), customerId: customer.id, method: "directdebit", details: record as never },
      });
      return HttpResponse.json(mandateJson(mandate), { status: 201 });
    }),
    http.get(`${API}/customers/:customerId/mandates`, async ({ request, params }) => {
      const customerId = String(params.customerId);
      if (!(await findCustomer(customerId))) return missing("customer", customerId);
      const limit = Math.min(Math.max(Number(new URL(request.url).searchParams.get("limit")) || 50, 1), 250);
      const mandates = await db().mollieSimulatorMandate.findMany({
        where: { customerId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: limit,
      });
      return HttpResponse.json({
        count: mandates.length,
        _embedded: { mandates: mandates.map(mandateJson) },
        _links: {
          self: { href: request.url, type: "application/hal+json" },
          previous: null,
          next: null,
          documentation: DOCS,
        },
      });
    }),
    http.get(`${API}/customers/:customerId/mandates/:mandateId`, async ({ params }) => {
      const mandate = await findMandate(String(params.customerId), String(params.mandateId));
      if (!mandate) return missing("mandate", String(params.mandateId));
      return HttpResponse.json(mandateJson(mandate));
    }),
    http.delete(`${API}/customers/:customerId/mandates/:mandateId`, async ({ params }) => {
      const mandate = await findMandate(String(params.customerId), String(params.mandateId));
      if (!mandate) return missing("mandate", String(params.mandateId));
      await db().mollieSimulatorMandate.update({ where: { id: mandate.id }, data: { status: "invalid" } });
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

const SEQUENCE_TYPES = ["oneoff", "first", "recurring"];

/**
 * POST /v2/payments (and /v2/customers/{id}/payments): a one-off or first payment waits for the
 * payer at the checkout; a recurring one is charged at once on the customer's mandate: SEPA direct
 * debit stays pending until the bank answers (settleSimulatedPayment), a card is paid (or declined)
 * at once and the webhook follows.
 */
async function createPayment(body: CreateBody) {
  const value = body.amount?.value ?? "";
  if (!/^\d+\.\d{2}$/.test(value) || Number(value) <= 0)
    return unprocessable("The amount is invalid", "amount.value");
  if (!body.description) return unprocessable("The description is invalid", "description");
  const sequenceType = body.sequenceType ?? "oneoff";
  if (!SEQUENCE_TYPES.includes(sequenceType))
    return unprocessable("The sequence type is invalid", "sequenceType");
  let method = (Array.isArray(body.method) ? body.method[0] : body.method) ?? null;
  const customerId = body.customerId ?? null;
  if (customerId && !(await findCustomer(customerId)))
    return unprocessable("The customer id is invalid", "customerId");
  let mandateId: string | null = null;
  let status = "open";
  let paidAt: Date | null = null;
  if (sequenceType === "recurring") {
    if (!customerId) return unprocessable("A customer is required for a recurring payment", "customerId");
    const mandates = await db().mollieSimulatorMandate.findMany({
      where: { customerId, status: "valid" },
      orderBy: { createdAt: "desc" },
    });
    const mandate = body.mandateId
      ? mandates.find((m) => m.id === body.mandateId)
      : mandates.find((m) => !method || m.method === method);
    if (!mandate) {
      return body.mandateId
        ? unprocessable("The mandate is invalid", "mandateId")
        : unprocessable("The customer does not have a valid mandate", "customerId");
    }
    if (method && method !== mandate.method)
      return unprocessable("The payment method does not match the mandate", "method");
    method = mandate.method;
    mandateId = mandate.id;
    if (method === "directdebit") status = "pending";
    else if (mandateRecord(mandate).declineRecurring) status = "failed";
    else [status, paidAt] = ["paid", new Date()];
  } else {
    if (!body.redirectUrl) return unprocessable("The redirect URL is invalid", "redirectUrl");
    if (sequenceType === "first" && !customerId)
      return unprocessable("A customer is required for a first payment", "customerId");
  }
  const payment = await db().mollieSimulatorPayment.create({
    data: {
      id: newId("tr"),
      amountValue: value,
      currency: body.amount?.currency ?? "EUR",
      description: body.description,
      method,
      issuer: body.issuer ?? null,
      redirectUrl: body.redirectUrl ?? "",
      webhookUrl: body.webhookUrl ?? null,
      metadata: (body.metadata ?? null) as never,
      locale: body.locale ?? null,
      sequenceType,
      customerId,
      mandateId,
      status,
      paidAt,
    },
  });
  // Mollie reports a final state through the webhook, after it answered the create call.
  if ((status === "paid" || status === "failed") && payment.webhookUrl)
    callWebhookSoon(payment.webhookUrl, payment.id);
  return HttpResponse.json(await paymentResponse(payment), { status: 201 });
}

/** GET /v2/customers/{id}/payments: the customer's payments, newest first (one page: `limit`, at most 250). */
async function listCustomerPayments(customerId: string, url: URL) {
  if (!(await findCustomer(customerId))) return notFound(customerId);
  const limit = Math.min(250, Math.max(1, Number(url.searchParams.get("limit")) || 50));
  const payments = await db().mollieSimulatorPayment.findMany({
    where: { customerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return HttpResponse.json({
    count: payments.length,
    _embedded: { payments: await Promise.all(payments.map(paymentResponse)) },
    _links: {
      self: { href: url.href, type: "application/hal+json" },
      previous: null,
      next: null,
      documentation: {
        href: "https://docs.mollie.com/reference/list-customer-payments",
        type: "text/html",
      },
    },
  });
}

/** The payment as Mollie returns it, with the details of the mandate it was paid with. */
async function paymentResponse(payment: Stored) {
  const origin = originOf(payment.redirectUrl);
  const mandate = payment.mandateId
    ? await db().mollieSimulatorMandate.findUnique({ where: { id: payment.mandateId } })
    : null;
  if (!mandate) return paymentJson(payment, origin);
  const { details, mandateReference, signatureDate } = mandateRecord(mandate);
  const failed = payment.status === "failed";
  if (mandate.method === "directdebit") {
    const due = new Date(payment.createdAt.getTime() + 3 * 86_400_000);
    return paymentJson(payment, origin, {
      transferReference: `SD${payment.id.slice(3).toUpperCase()}`,
      creditorIdentifier: "NL08ZZZ502057730000",
      consumerName: details.consumerName,
      consumerAccount: details.consumerAccount,
      consumerBic: details.consumerBic,
      dueDate: isoDate(due),
      signatureDate,
      mandateReference,
      ...(failed ? { bankReasonCode: "AM04", bankReason: "Insufficient funds" } : {}),
    });
  }
  return paymentJson(payment, origin, {
    ...details,
    cardCountryCode: "NL",
    cardSecurity: "normal",
    feeRegion: "intra-eu",
    ...(failed ? { failureReason: "insufficient_funds", failureMessage: "The card was declined." } : {}),
  });
}

/** A paid first payment leaves a valid mandate for its method on the customer (Mollie does the same). */
async function mandateFromFirstPayment(payment: Stored): Promise<Stored> {
  if (!payment.customerId || payment.mandateId) return payment;
  const customer = await findCustomer(payment.customerId);
  const name = customer?.name || "T. TEST";
  const method =
    payment.method === "paypal" ? "paypal" : payment.method === "creditcard" ? "creditcard" : "directdebit";
  const details =
    method === "creditcard"
      ? {
          cardHolder: name,
          cardNumber: "6787",
          cardLabel: "Mastercard",
          cardFingerprint: randomBytes(12).toString("base64url"),
          cardExpiryDate: `${new Date().getUTCFullYear() + 3}-12-31`,
        }
      : method === "paypal"
        ? { consumerName: name, consumerAccount: customer?.email ?? "" }
        : { consumerName: name, consumerAccount: "NL55INGB0000000000", consumerBic: "INGBNL2A" };
  const record: MandateRecord = { details, mandateReference: null, signatureDate: isoDate(new Date()) };
  const mandate = await db().mollieSimulatorMandate.create({
    data: { id: newId("mdt"), customerId: payment.customerId, method, details: record as never },
  });
  return db().mollieSimulatorPayment.update({ where: { id: payment.id }, data: { mandateId: mandate.id } });
}

const scheduledWebhooks = new Set<Promise<void>>();

/** Calls the webhook a moment after the current answer (Mollie's calls come after its response). */
function callWebhookSoon(webhookUrl: string, id: string, delayMs = 50) {
  const call = new Promise<void>((resolve) => setTimeout(resolve, delayMs).unref()).then(() =>
    callWebhook(webhookUrl, id),
  );
  scheduledWebhooks.add(call);
  void call.finally(() => scheduledWebhooks.delete(call));
}

/** Resolves once every webhook call the simulator scheduled has been made (tests). */
export async function simulatedWebhooksDone() {
  while (scheduledWebhooks.size > 0) await Promise.all([...scheduledWebhooks]);
}

/**
 * The bank's answer to a pending payment (a SEPA direct debit collection): paid or failed, then the
 * webhook as Mollie calls it. False when the payment is unknown or not pending.
 */
export async function settleSimulatedPayment(id: string, status: "paid" | "failed"): Promise<boolean> {
  const updated = await db().mollieSimulatorPayment.updateMany({
    where: { id, status: "pending" },
    data: { status, paidAt: status === "paid" ? new Date() : null },
  });
  if (updated.count === 0) return false;
  const payment = await findPayment(id);
  if (payment?.webhookUrl) await callWebhook(payment.webhookUrl, id);
  return true;
}

/** Makes recurring card payments on a mandate be declined (true) or paid again (false); tests. */
export async function declineSimulatedRecurringPayments(mandateId: string, declined = true) {
  const mandate = await db().mollieSimulatorMandate.findUnique({ where: { id: mandateId } });
  if (!mandate) return false;
  const record: MandateRecord = { ...mandateRecord(mandate), declineRecurring: declined };
  await db().mollieSimulatorMandate.update({ where: { id: mandateId }, data: { details: record as never } });
  return true;
}
