// The Mollie stand-in's refunds: POST/GET /v2/payments/:id/refunds as Mollie answers them, added to
// the simulator's handlers. The refunded total lives on the simulated payment in the database
// (`amountRefunded`, so a refund above what remains is refused across processes); the refund
// objects themselves are kept in this process (there is no table for them), and a refunded amount
// this process does not know of is listed as one refund.
import { randomBytes } from "node:crypto";
import { http, HttpResponse } from "msw";
import { db } from "~/lib/db.server";
import { centsToValue, valueToCents } from "./money";

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
}

/** The refunds created in this process, per payment, oldest first. */
const refundsByPayment = new Map<string, SimulatedRefund[]>();
interface Answer {
  status: number;
  body: unknown;
}
/** Answers given per Idempotency-Key: a repeated create returns the same refund. */
const answered = new Map<string, Promise<Answer>>();

function refundJson(refund: SimulatedRefund, status: "pending" | "refunded") {
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

/**
 * Refunds part or all of a paid payment: in one transaction with the payment row locked, so
 * concurrent refunds together never exceed what was paid (less earlier refunds and chargebacks).
 */
async function createRefund(paymentId: string, body: CreateBody): Promise<Created> {
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
    const refund: SimulatedRefund = {
      id: `re_${randomBytes(8).toString("base64url").replace(/[-_]/g, "x")}`,
      paymentId,
      amountCents,
      currency: payment.currency,
      description: typeof body.description === "string" ? body.description : payment.description,
      metadata: body.metadata ?? null,
      createdAt: new Date(),
    };
    return { status: 201, refund };
  });
}

/** The payment's refunds: those made here, and one for any refunded amount made elsewhere. */
async function listRefunds(paymentId: string) {
  const payment = await db().mollieSimulatorPayment.findUnique({
    where: { id: paymentId },
    select: { amountRefunded: true, currency: true, description: true, createdAt: true },
  });
  if (!payment) return null;
  const known = refundsByPayment.get(paymentId) ?? [];
  const unknownCents =
    (valueToCents(payment.amountRefunded) ?? 0) - known.reduce((s, r) => s + r.amountCents, 0);
  const earlier: SimulatedRefund[] =
    unknownCents > 0
      ? [
          {
            id: `re_${paymentId.slice(3)}x0`,
            paymentId,
            amountCents: unknownCents,
            currency: payment.currency,
            description: payment.description,
            metadata: null,
            createdAt: payment.createdAt,
          },
        ]
      : [];
  // Refunds become "refunded" once created (Mollie takes a while; the simulator does not wait).
  return [...earlier, ...known].map((refund) => refundJson(refund, "refunded"));
}

/** Creates the refund and answers as Mollie does (201 with the refund, or 404/422 with the error). */
async function answerCreate(paymentId: string, body: CreateBody): Promise<Answer> {
  const created = await createRefund(paymentId, body);
  if (created.status !== 201) return errorBody(created.status, created.detail, created.field);
  const { refund } = created;
  refundsByPayment.set(paymentId, [...(refundsByPayment.get(paymentId) ?? []), refund]);
  return { status: 201, body: refundJson(refund, "pending") };
}

/** Extra handlers for the simulator's msw server. */
export const refundHandlers = [
  http.post(`${API}/payments/:id/refunds`, async ({ request, params }) => {
    // A repeated Idempotency-Key (also a concurrent one) gets the first answer, as with Mollie.
    const body = (await request.json()) as CreateBody;
    const key = request.headers.get("Idempotency-Key");
    let answer = key ? answered.get(key) : undefined;
    if (!answer) {
      answer = answerCreate(String(params.id), body);
      if (key) {
        answered.set(key, answer);
        answer.catch(() => answered.delete(key));
      }
    }
    const { status, body: json } = await answer;
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
