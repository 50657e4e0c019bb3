// The Mollie stand-in's refunds: POST/GET /v2/payments/:id/refunds as Mollie answers them, added to
// the simulator's handlers. Refunds are rows (MollieSimulatorRefund), so every app process lists
// the same ones; the refunded total on the simulated payment is raised in the same transaction, with
// the payment locked, so refunds together never exceed what remains.
import { randomBytes } from "node:crypto";
import { http, HttpResponse } from "msw";
import { db } from "~/lib/db.server";
import { centsToValue, valueToCents } from "~/domain/credits/money";

const API = "https://api.mollie.com/v2";
const HAL = { "Content-Type": "application/hal+json" };
const DOCUMENTATION = { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" };

interface SimulatedRefund {
  id: string;
  paymentId: string;
  amountCents: number;
  currency: string;
  description: string;
  metadata: unknown;
  createdAt: Date;
  failedAt: Date | null;
}

interface Answer {
  status: number;
  body: unknown;
}

function refundJson(refund: SimulatedRefund, status: "pending" | "refunded" | "failed") {
  const value = centsToValue(refund.amountCents);
  return {
    resource: "refund",
    id: refund.id,
    mode: "test",
    amount: { value, currency: refund.currency },
    settlementAmount: { value: `-${value}`, currency: refund.currency },
    status,
    createdAt: refund.createdAt.toISOString(),
    description: refund.description,
    metadata: refund.metadata,
    paymentId: refund.paymentId,
    _links: {
      self: {
        href: `${API}/payments/${refund.paymentId}/refunds/${refund.id}`,
        type: "application/hal+json",
      },
      payment: { href: `${API}/payments/${refund.paymentId}`, type: "application/hal+json" },
      documentation: { href: "https://docs.mollie.com/reference/get-refund", type: "text/html" },
    },
  };
}

/** Mollie's error body: status, title, detail, the offending field if any, documentation link. */
function errorBody(status: 404 | 422, detail: string, field?: string): Answer {
  const title = status === 404 ? "Not Found" : "Unprocessable Entity";
  return {
    status,
    body: { status, title, detail, ...(field ? { field } : {}), _links: { documentation: DOCUMENTATION } },
  };
}

function error(status: 404 | 422, detail: string) {
  const { body } = errorBody(status, detail);
  return HttpResponse.json(body as never, { status, headers: HAL });
}

interface CreateBody {
  amount?: { value?: unknown; currency?: unknown };
  description?: unknown;
  metadata?: unknown;
}

type Created =
  { status: 201; refund: SimulatedRefund } | { status: 404 | 422; detail: string; field?: string };

const refundSelect = {
  id: true,
  paymentId: true,
  amountCents: true,
  currency: true,
  description: true,
  metadata: true,
  createdAt: true,
  failedAt: true,
} as const;

/**
 * Refunds part or all of a paid payment: in one transaction with the payment row locked, so
 * concurrent refunds together never exceed what was paid (less earlier refunds and chargebacks),
 * and a repeated Idempotency-Key (also a concurrent one) gets the refund the first request made.
 */
async function createRefund(
  paymentId: string,
  body: CreateBody,
  idempotencyKey: string | null,
): Promise<Created> {
  const amountCents = typeof body.amount?.value === "string" ? valueToCents(body.amount.value) : null;
  if (amountCents === null || amountCents <= 0) {
    return { status: 422, detail: "The amount is invalid", field: "amount.value" };
  }
  return db().$transaction(async (tx): Promise<Created> => {
    const [payment] = await tx.$queryRaw<
      {
        id: string;
        status: string;
        currency: string;
        amountValue: string;
        amountRefunded: string;
        amountChargedBack: string;
        description: string;
      }[]
    >`SELECT id, status, currency, "amountValue", "amountRefunded", "amountChargedBack", description
      FROM "MollieSimulatorPayment" WHERE id = ${paymentId} FOR UPDATE`;
    if (!payment) return { status: 404, detail: `No payment exists with token ${paymentId}.` };
    if (idempotencyKey) {
      const earlier = await tx.mollieSimulatorRefund.findUnique({
        where: { idempotencyKey },
        select: refundSelect,
      });
      if (earlier) return { status: 201, refund: earlier };
    }
    if (payment.status !== "paid") {
      return { status: 422, detail: "The payment cannot be refunded: it has not been paid." };
    }
    if (body.amount?.currency !== payment.currency) {
      return {
        status: 422,
        detail: "The currency does not match the payment's currency",
        field: "amount.currency",
      };
    }
    const cents = (value: string) => valueToCents(value) ?? 0;
    const refunded = cents(payment.amountRefunded);
    const remaining = cents(payment.amountValue) - refunded - cents(payment.amountChargedBack);
    if (amountCents > remaining) {
      return {
        status: 422,
        detail: `The amount requested for refund exceeds the remaining amount of ${payment.currency} ${centsToValue(Math.max(0, remaining))}.`,
        field: "amount",
      };
    }
    await tx.mollieSimulatorPayment.update({
      where: { id: paymentId },
      data: { amountRefunded: centsToValue(refunded + amountCents) },
      select: { id: true },
    });
    const refund = await tx.mollieSimulatorRefund.create({
      data: {
        id: `re_${randomBytes(8).toString("base64url").replace(/[-_]/g, "x")}`,
        paymentId,
        amountCents,
        currency: payment.currency,
        description: typeof body.description === "string" ? body.description : payment.description,
        metadata: body.metadata ?? undefined,
        idempotencyKey,
      },
      select: refundSelect,
    });
    return { status: 201, refund };
  });
}

/** The payment's refunds, oldest first; null for an unknown payment. */
async function listRefunds(paymentId: string) {
  const payment = await db().mollieSimulatorPayment.findUnique({
    where: { id: paymentId },
    select: { refunds: { select: refundSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  // Refunds count as "refunded" once created (Mollie takes a while; the simulator does not wait).
  return (
    payment?.refunds.map((refund) => refundJson(refund, refund.failedAt ? "failed" : "refunded")) ?? null
  );
}

/**
 * A refund fails after Mollie accepted it (the balance did not cover it): its amount counts as
 * refunded no more. Returns the payment's id, or null for an unknown or already failed refund.
 */
export async function failRefund(refundId: string): Promise<string | null> {
  return db().$transaction(async (tx) => {
    const failed = await tx.mollieSimulatorRefund.updateMany({
      where: { id: refundId, failedAt: null },
      data: { failedAt: new Date() },
    });
    if (failed.count === 0) return null;
    const refund = await tx.mollieSimulatorRefund.findUniqueOrThrow({
      where: { id: refundId },
      select: { paymentId: true, amountCents: true },
    });
    const [payment] = await tx.$queryRaw<{ amountRefunded: string }[]>`
      SELECT "amountRefunded" FROM "MollieSimulatorPayment" WHERE id = ${refund.paymentId} FOR UPDATE`;
    await tx.mollieSimulatorPayment.update({
      where: { id: refund.paymentId },
      data: {
        amountRefunded: centsToValue((valueToCents(payment!.amountRefunded) ?? 0) - refund.amountCents),
      },
      select: { id: true },
    });
    return refund.paymentId;
  });
}

async function answerCreate(
  paymentId: string,
  body: CreateBody,
  idempotencyKey: string | null,
): Promise<Answer> {
  const created = await createRefund(paymentId, body, idempotencyKey);
  if (created.status !== 201) return errorBody(created.status, created.detail, created.field);
  return { status: 201, body: refundJson(created.refund, "pending") };
}

/** A refund made outside the site, as in Mollie's dashboard: no metadata of ours. */
export async function refundOutsideSite(paymentId: string, value: string, currency: string) {
  const answer = await answerCreate(paymentId, { amount: { value, currency } }, null);
  if (answer.status !== 201)
    throw new Error(`The simulator refused the refund: ${JSON.stringify(answer.body)}`);
}

/** Extra handlers for the simulator's msw server. */
export const refundHandlers = [
  http.post(`${API}/payments/:id/refunds`, async ({ request, params }) => {
    const body = (await request.json()) as CreateBody;
    const { status, body: json } = await answerCreate(
      String(params.id),
      body,
      request.headers.get("Idempotency-Key"),
    );
    return HttpResponse.json(json as never, { status, headers: HAL });
  }),
  http.get(`${API}/payments/:id/refunds`, async ({ request, params }) => {
    const paymentId = String(params.id);
    const refunds = await listRefunds(paymentId);
    if (!refunds) return error(404, `No payment exists with token ${paymentId}.`);
    return HttpResponse.json(
      {
        count: refunds.length,
        _embedded: { refunds },
        _links: {
          self: { href: request.url, type: "application/hal+json" },
          previous: null,
          next: null,
          documentation: { href: "https://docs.mollie.com/reference/list-refunds", type: "text/html" },
        },
      },
      { headers: HAL },
    );
  }),
  http.get(`${API}/payments/:id/refunds/:refundId`, async ({ params }) => {
    const paymentId = String(params.id);
    const refund = (await listRefunds(paymentId))?.find((r) => r.id === params.refundId);
    if (!refund) return error(404, `No refund exists with token ${String(params.refundId)}.`);
    return HttpResponse.json(refund, { headers: HAL });
  }),
];
