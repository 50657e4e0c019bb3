// Refunds of unused credits: the member's request on /transactions/{id} (within refund_days, one
// open request per payment), staff decisions on /staff/payments (refund through the Mollie
// simulator, credits back through the ledger, once), and the staff page's queries using indexes.
import { MollieApiError, PaymentMethod } from "@mollie/api-client";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { changeCredits } from "~/domain/credits/credits.server";
import {
  chargeBackSimulatedPayment,
  completeSimulatedPayment,
  failSimulatedRefund,
  refundSimulatedPaymentOutsideSite,
} from "~/stand-ins/mollie-simulator.server";
import { mollie } from "~/domain/payments/mollie.server";
import { centsToValue } from "~/domain/credits/money";
import type { RefundPanelView, StaffPaymentsOutcome } from "~/domain/payments/refund-view";
import {
  approveRefund,
  rejectRefund,
  requestRefund,
  unblockDirectDebit,
} from "~/domain/payments/refunds.server";
import { parsePaymentSearch, staffPaymentsOverview } from "~/domain/payments/staff-payments.server";
import { syncPayment } from "~/domain/payments/sync-payment.server";
import { db } from "~/lib/db.server";
import * as staffPage from "~/routes/staff.payments";
import * as transaction from "~/routes/transactions.$id";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { planOf, withSentStatements } from "../fixtures/sent-statements";

/** An unfinished approval may be approved again after 2 minutes. */
const APPROVAL_RETRY_AFTER_MS = 2 * 60_000;

const DAY_MS = 24 * 3600_000;
let siteId: number;
let refundDays: number;
let staff: Member;
/** The staff member as the decisions see them. */
const decider = () => ({ id: staff.userId, siteId });

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
  const site = await db().site.findUniqueOrThrow({ where: { id: siteId }, select: { refundDays: true } });
  refundDays = site.refundDays;
  staff = await createMember({ siteId, role: "admin" });
});

const member = () => createMember({ siteId, country: "NL", region: null });

let spends = 0;
/** The member spends credits (as chat messages would). */
async function spend(who: Member, credits: number) {
  const result = await changeCredits({
    userId: who.userId,
    delta: -credits,
    reason: "message",
    reference: `test-spend:${++spends}`,
  });
  expect(result.ok).toBe(true);
}

/** A purchase paid through the Mollie simulator and booked by syncPayment, as the webhook does. */
async function paidPurchase(who: Member, { credits = 100, amountCents = 1995 } = {}) {
  const remote = await mollie().payments.create({
    amount: { currency: "EUR", value: centsToValue(amountCents) },
    description: `Test ${credits} credits`,
    redirectUrl: `${ORIGIN}/transactions`,
    method: PaymentMethod.ideal,
  });
  const payment = await db().payment.create({
    data: {
      userId: who.userId,
      siteId,
      molliePaymentId: remote.id,
      method: "ideal",
      amountCents,
      currency: "EUR",
      credits,
    },
    select: { id: true },
  });
  await completeSimulatedPayment(remote.id, "paid");
  const synced = await syncPayment(remote.id, ORIGIN);
  expect(synced).toMatchObject({ kind: "synced", status: "paid", credited: true });
  return { paymentId: payment.id, mollieId: remote.id };
}

/** Staff approve the request; Mollie refunds, but its answer never arrives. */
async function approveWithLostAnswer(requestId: number) {
  const refunds = mollie().paymentRefunds;
  const create = refunds.create.bind(refunds);
  const spy = vi.spyOn(refunds, "create").mockImplementationOnce(async (parameters) => {
    await create(parameters);
    throw new Error("socket hang up");
  });
  try {
    return await approveRefund(requestId, decider());
  } finally {
    spy.mockRestore();
  }
}

const balance = async (who: Member) =>
  (await db().user.findUniqueOrThrow({ where: { id: who.userId }, select: { credits: true } })).credits;

async function transactionPage(who: Member, paymentId: number) {
  return runRoute<{ refund: RefundPanelView | null; balance: number }>(
    await siteRequest(`/transactions/${paymentId}`, who.userId),
    transaction.loader as never,
    { id: String(paymentId) },
  );
}

async function askRefund(who: Member, paymentId: number, reason = "Ik heb iemand gevonden") {
  return runRoute<{ refundError?: string }>(
    await siteRequest(`/transactions/${paymentId}`, who.userId, { form: { intent: "refund", reason } }),
    transaction.action as never,
    { id: String(paymentId) },
  );
}

async function decide(intent: "approve" | "reject", requestId: number, by: Member = staff) {
  return runRoute<{ outcome: StaffPaymentsOutcome }>(
    await siteRequest("/staff/payments", by.userId, { form: { intent, requestId: String(requestId) } }),
    staffPage.action as never,
  );
}

const requestOf = (paymentId: number) =>
  db().refundRequest.findFirstOrThrow({
    where: { paymentId },
    orderBy: { id: "desc" },
    select: {
      id: true,
      status: true,
      credits: true,
      amountCents: true,
      reason: true,
      mollieRefundId: true,
      decidedById: true,
    },
  });

const simulated = (mollieId: string) =>
  db().mollieSimulatorPayment.findUniqueOrThrow({
    where: { id: mollieId },
    select: { amountRefunded: true },
  });

describe("asking for a refund", () => {
  it("offers the unused credits of a purchase, priced pro rata, and stores the request", async () => {
    const anna = await member();
    const { paymentId } = await paidPurchase(anna, { credits: 100, amountCents: 1995 });
    await spend(anna, 33);
    const page = await transactionPage(anna, paymentId);
    expect(page.status).toBe(200);
    expect(page.body?.refund).toMatchObject({
      request: null,
      offer: { ok: true, credits: 67, amountCents: Math.round((1995 * 67) / 100), currency: "EUR" },
    });

    const asked = await askRefund(anna, paymentId);
    expect(asked).toMatchObject({ status: 302, location: `/transactions/${paymentId}` });
    expect(await requestOf(paymentId)).toMatchObject({
      status: "requested",
      credits: 67,
      amountCents: 1337,
      reason: "Ik heb iemand gevonden",
    });
    // Nothing is taken back before staff approve.
    expect(await balance(anna)).toBe(67);
    const after = await transactionPage(anna, paymentId);
    expect(after.body?.refund).toMatchObject({
      request: { status: "requested", credits: 67, amountCents: 1337 },
      offer: { ok: false, refusal: "already_requested" },
    });
  });

  it("counts at most the purchase's credits, and not those another open request already claims", async () => {
    const bea = await member();
    const first = await paidPurchase(bea, { credits: 50, amountCents: 1000 });
    const second = await paidPurchase(bea, { credits: 50, amountCents: 1000 });
    await spend(bea, 40); // 60 left of 100
    const page = await transactionPage(bea, first.paymentId);
    expect(page.body?.refund?.offer).toMatchObject({ ok: true, credits: 50, amountCents: 1000 });
    expect((await askRefund(bea, first.paymentId)).status).toBe(302);
    // 60 - 50 claimed by the first request: 10 credits of the second purchase are unused.
    const other = await transactionPage(bea, second.paymentId);
    expect(other.body?.refund?.offer).toMatchObject({ ok: true, credits: 10, amountCents: 200 });
  });

  it("is possible up to refund_days days after paying, not a moment later", async () => {
    const cas = await member();
    const { paymentId } = await paidPurchase(cas);
    const { paidAt } = await db().payment.findUniqueOrThrow({
      where: { id: paymentId },
      select: { paidAt: true },
    });
    const deadline = paidAt!.getTime() + refundDays * DAY_MS;
    const late = await requestRefund({
      userId: cas.userId,
      paymentId,
      reason: "",
      now: new Date(deadline + 1),
    });
    expect(late).toEqual({ ok: false, error: "too_late" });
    const inTime = await requestRefund({
      userId: cas.userId,
      paymentId,
      reason: "",
      now: new Date(deadline),
    });
    expect(inTime).toMatchObject({ ok: true, credits: 100 });

    // Through the page: a purchase paid refund_days + 1 days ago.
    const dirk = await member();
    const old = await paidPurchase(dirk);
    await db().payment.update({
      where: { id: old.paymentId },
      data: { paidAt: new Date(Date.now() - (refundDays + 1) * DAY_MS) },
    });
    expect((await transactionPage(dirk, old.paymentId)).body?.refund?.offer).toEqual({
      ok: false,
      refusal: "too_late",
      refundDays,
    });
    const refused = await askRefund(dirk, old.paymentId);
    expect(refused).toMatchObject({ status: 400, body: { refundError: "too_late" } });
    expect(await db().refundRequest.count({ where: { userId: dirk.userId } })).toBe(0);
  });

  it("never pays out free credits: they are spent first, and ones given later are not refundable", async () => {
    const fay = await member();
    await changeCredits({
      userId: fay.userId,
      delta: 20,
      reason: "signup_bonus",
      reference: `bonus:${fay.userId}`,
    });
    const { paymentId } = await paidPurchase(fay);
    await spend(fay, 30);
    expect((await transactionPage(fay, paymentId)).body?.refund?.offer).toMatchObject({
      ok: true,
      credits: 90,
    });
    await spend(fay, 90);
    await changeCredits({
      userId: fay.userId,
      delta: 30,
      reason: "correction",
      reference: `goodwill:${fay.userId}`,
    });
    expect(await balance(fay)).toBe(30);
    expect((await transactionPage(fay, paymentId)).body?.refund?.offer).toMatchObject({
      ok: false,
      refusal: "nothing_unused",
    });
    expect(await askRefund(fay, paymentId)).toMatchObject({
      status: 400,
      body: { refundError: "nothing_unused" },
    });
  });

  it("holds at approval only the bought credits still left, not free ones given since", async () => {
    const gus = await member();
    const { paymentId } = await paidPurchase(gus);
    expect(await askRefund(gus, paymentId)).toMatchObject({ status: 302 });
    const { id } = await requestOf(paymentId);
    await spend(gus, 100);
    await changeCredits({
      userId: gus.userId,
      delta: 40,
      reason: "correction",
      reference: `goodwill:${gus.userId}`,
    });
    expect(await approveRefund(id, decider())).toEqual({ kind: "nothingUnused" });
    expect(await balance(gus)).toBe(40);
  });

  it("refuses when nothing is unused, and for a payment that was not paid", async () => {
    const eva = await member();
    const { paymentId } = await paidPurchase(eva);
    await spend(eva, 100);
    expect(await askRefund(eva, paymentId)).toMatchObject({
      status: 400,
      body: { refundError: "nothing_unused" },
    });

    const remote = await mollie().payments.create({
      amount: { currency: "EUR", value: "19.95" },
      description: "Canceled",
      redirectUrl: `${ORIGIN}/transactions`,
    });
    const canceled = await db().payment.create({
      data: {
        userId: eva.userId,
        siteId,
        molliePaymentId: remote.id,
        method: "ideal",
        amountCents: 1995,
        currency: "EUR",
        credits: 100,
      },
      select: { id: true },
    });
    await completeSimulatedPayment(remote.id, "canceled");
    await syncPayment(remote.id, ORIGIN);
    expect((await transactionPage(eva, canceled.id)).body?.refund).toEqual({ request: null, offer: null });
    expect(await askRefund(eva, canceled.id)).toMatchObject({
      status: 400,
      body: { refundError: "not_paid" },
    });
  });

  it("allows one open request per payment, also when asked many times at once", async () => {
    const finn = await member();
    const { paymentId } = await paidPurchase(finn);
    const answers = await Promise.all(Array.from({ length: 10 }, () => askRefund(finn, paymentId)));
    expect(answers.filter((a) => a.status === 302)).toHaveLength(1);
    expect(answers.filter((a) => a.body?.refundError === "already_requested")).toHaveLength(9);
    expect(await db().refundRequest.count({ where: { userId: finn.userId } })).toBe(1);
  });

  it("refuses a reason that is too long", async () => {
    const gijs = await member();
    const { paymentId } = await paidPurchase(gijs);
    const asked = await askRefund(gijs, paymentId, "x".repeat(1001));
    expect(asked).toMatchObject({ status: 400, body: { refundError: "invalid" } });
  });

  it("a refused form shows again what the member wrote (also without JavaScript)", async () => {
    const gwen = await member();
    const { paymentId } = await paidPurchase(gwen);
    const written = `Ik heb <iemand> gevonden & stop. ${"Echt waar. ".repeat(100)}`;
    const asked = await askRefund(gwen, paymentId, written);
    expect(asked).toMatchObject({ status: 400, body: { refundError: "invalid", reason: written } });
    const page = await transactionPage(gwen, paymentId);
    const { html } = renderRoute({
      Component: transaction.default as never,
      path: "/transactions/:id",
      url: `/transactions/${paymentId}`,
      loaderData: page.body,
      actionData: asked.body,
    });
    const textarea = /<textarea [^>]*id="refund-reason"[^>]*>([^<]*)<\/textarea>/.exec(html);
    expect(textarea?.[1]?.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")).toBe(written);
  });

  it("another member's payment does not exist (404), for the page and the form", async () => {
    const hans = await member();
    const ines = await member();
    const { paymentId } = await paidPurchase(hans);
    expect((await transactionPage(ines, paymentId)).status).toBe(404);
    expect((await askRefund(ines, paymentId)).status).toBe(404);
    expect(await db().refundRequest.count({ where: { paymentId } })).toBe(0);
  });
});

describe("staff decisions", () => {
  it("approving refunds through Mollie, takes the credits back in the ledger and mails the member", async () => {
    const jan = await member();
    const { paymentId, mollieId } = await paidPurchase(jan, { credits: 100, amountCents: 2000 });
    await spend(jan, 25);
    await askRefund(jan, paymentId);
    const { id } = await requestOf(paymentId);

    const approved = await decide("approve", id);
    expect(approved.body?.outcome).toEqual({
      kind: "refunded",
      requestId: id,
      credits: 75,
      amountCents: 1500,
      currency: "EUR",
    });
    const request = await requestOf(paymentId);
    expect(request).toMatchObject({ status: "refunded", decidedById: staff.userId });
    expect(request.mollieRefundId).toMatch(/^re_/);
    expect(await simulated(mollieId)).toEqual({ amountRefunded: "15.00" });
    const refunds = await mollie().paymentRefunds.page({ paymentId: mollieId });
    expect(refunds.map((r) => [r.id, r.amount.value, r.status])).toEqual([
      [request.mollieRefundId, "15.00", "refunded"],
    ]);
    // Mollie may show the description to the member: in the member's language.
    expect(refunds[0]!.description).toBe(`Terugbetaling ongebruikte credits, bestelling ${paymentId}`);
    expect(await balance(jan)).toBe(0);
    const ledger = await db().creditLedgerEntry.findMany({
      where: { userId: jan.userId, reason: "refund" },
      select: { delta: true, balanceAfter: true, reference: true },
    });
    expect(ledger).toEqual([{ delta: -75, balanceAfter: 0, reference: `refund:${id}` }]);
    expect(
      await db().payment.findUniqueOrThrow({
        where: { id: paymentId },
        select: { refundedCents: true, creditsNotRecovered: true },
      }),
    ).toEqual({ refundedCents: 1500, creditsNotRecovered: 0 });
    const mails = await db().mail.findMany({
      where: { userId: jan.userId, template: "refund" },
      select: { subject: true, text: true },
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("15,00");
    expect(mails[0]!.text).toContain(`/transactions/${paymentId}`);
    expect(mails[0]!.text).toContain("voor 75 ongebruikte credits van bestelling");
    // The member's page now shows the refund, and offers nothing more.
    expect((await transactionPage(jan, paymentId)).body?.refund?.request).toMatchObject({
      status: "refunded",
      credits: 75,
    });
    expect((await askRefund(jan, paymentId)).body?.refundError).toBe("already_refunded");
  });

  it("a refund that fails at Mollie after its approval gives the member the credits back, once", async () => {
    const kees = await member();
    const { paymentId, mollieId } = await paidPurchase(kees, { credits: 100, amountCents: 2000 });
    await spend(kees, 40);
    await askRefund(kees, paymentId);
    const { id } = await requestOf(paymentId);
    expect(await approveRefund(id, decider())).toMatchObject({ kind: "refunded", credits: 60 });
    expect(await balance(kees)).toBe(0);
    const { mollieRefundId } = await requestOf(paymentId);

    await failSimulatedRefund(mollieRefundId!);
    for (let i = 0; i < 2; i++) await syncPayment(mollieId, ORIGIN);
    expect(await requestOf(paymentId)).toMatchObject({ status: "failed" });
    expect(await balance(kees)).toBe(60);
    expect(
      await db().creditLedgerEntry.findMany({
        where: { userId: kees.userId, reason: "correction" },
        select: { delta: true, reference: true },
      }),
    ).toEqual([{ delta: 60, reference: `refund-failed:${id}` }]);
    expect(
      await db().payment.findUniqueOrThrow({
        where: { id: paymentId },
        select: { refundedCents: true, creditsNotRecovered: true },
      }),
    ).toEqual({ refundedCents: 0, creditsNotRecovered: 0 });
  });

  it("approving twice, or ten times at once, refunds once", async () => {
    const kees = await member();
    const { paymentId, mollieId } = await paidPurchase(kees, { credits: 100, amountCents: 1995 });
    await askRefund(kees, paymentId);
    const { id } = await requestOf(paymentId);
    const other = await createMember({ siteId, role: "admin" });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => decide("approve", id, i % 2 ? other : staff)),
    );
    const kinds = outcomes.map((o) => o.body?.outcome.kind);
    expect(kinds.filter((k) => k === "refunded")).toHaveLength(1);
    expect(kinds.filter((k) => k === "decided")).toHaveLength(9);
    expect((await decide("approve", id)).body?.outcome).toEqual({
      kind: "decided",
      requestId: id,
      status: "refunded",
    });
    expect(await simulated(mollieId)).toEqual({ amountRefunded: "19.95" });
    expect(await mollie().paymentRefunds.page({ paymentId: mollieId })).toHaveLength(1);
    expect(await db().creditLedgerEntry.count({ where: { userId: kees.userId, reason: "refund" } })).toBe(1);
    expect(await balance(kees)).toBe(0);
    expect(await db().mail.count({ where: { userId: kees.userId, template: "refund" } })).toBe(1);
    // Rejecting a refunded request changes nothing.
    expect((await decide("reject", id)).body?.outcome).toMatchObject({ kind: "decided", status: "refunded" });
  });

  it("rejecting refunds nothing; the member may ask again", async () => {
    const lot = await member();
    const { paymentId, mollieId } = await paidPurchase(lot);
    await askRefund(lot, paymentId);
    const { id } = await requestOf(paymentId);
    expect((await decide("reject", id)).body?.outcome).toEqual({ kind: "rejected", requestId: id });
    expect(await requestOf(paymentId)).toMatchObject({ status: "rejected", decidedById: staff.userId });
    expect((await decide("approve", id)).body?.outcome).toMatchObject({
      kind: "decided",
      status: "rejected",
    });
    expect(await simulated(mollieId)).toEqual({ amountRefunded: "0.00" });
    expect(await balance(lot)).toBe(100);
    const page = await transactionPage(lot, paymentId);
    expect(page.body?.refund).toMatchObject({
      request: { status: "rejected" },
      offer: { ok: true, credits: 100 },
    });
  });

  it("credits spent after the request are not refunded: the approval refunds the share still unused", async () => {
    const mo = await member();
    const { paymentId, mollieId } = await paidPurchase(mo, { credits: 50, amountCents: 1000 });
    await askRefund(mo, paymentId);
    await spend(mo, 30);
    const { id } = await requestOf(paymentId);
    expect((await decide("approve", id)).body?.outcome).toEqual({
      kind: "refunded",
      requestId: id,
      credits: 20,
      amountCents: 400,
      currency: "EUR",
    });
    expect(await balance(mo)).toBe(0);
    expect(await simulated(mollieId)).toEqual({ amountRefunded: "4.00" });
    expect(await requestOf(paymentId)).toMatchObject({ status: "refunded", credits: 20, amountCents: 400 });
    expect(
      await db().payment.findUniqueOrThrow({
        where: { id: paymentId },
        select: { refundedCents: true, creditsNotRecovered: true },
      }),
    ).toEqual({ refundedCents: 400, creditsNotRecovered: 0 });
    const mail = await db().mail.findFirstOrThrow({
      where: { userId: mo.userId, template: "refund" },
      select: { text: true },
    });
    expect(mail.text).toContain("voor 20 ongebruikte credits van bestelling");
  });

  it("a request whose credits were all spent since is rejected on approval, and nothing is refunded", async () => {
    const mo = await member();
    const { paymentId, mollieId } = await paidPurchase(mo, { credits: 50, amountCents: 1000 });
    await askRefund(mo, paymentId);
    await spend(mo, 50);
    const { id } = await requestOf(paymentId);
    expect((await decide("approve", id)).body?.outcome).toEqual({ kind: "nothingUnused", requestId: id });
    expect(await requestOf(paymentId)).toMatchObject({ status: "rejected", decidedById: staff.userId });
    expect(await simulated(mollieId)).toEqual({ amountRefunded: "0.00" });
    expect(await db().creditLedgerEntry.count({ where: { userId: mo.userId, reason: "refund" } })).toBe(0);
  });

  it("holds the credits from the approval on: they cannot be spent while Mollie answers", async () => {
    const pim = await member();
    const { paymentId } = await paidPurchase(pim, { credits: 50, amountCents: 1000 });
    await askRefund(pim, paymentId);
    const { id } = await requestOf(paymentId);
    const refunds = mollie().paymentRefunds;
    const create = refunds.create.bind(refunds);
    let balanceWhileRefunding: number | undefined;
    const spy = vi.spyOn(refunds, "create").mockImplementationOnce(async (parameters) => {
      balanceWhileRefunding = await balance(pim);
      return create(parameters);
    });
    try {
      expect(await approveRefund(id, decider())).toMatchObject({ kind: "refunded", credits: 50 });
    } finally {
      spy.mockRestore();
    }
    expect(balanceWhileRefunding).toBe(0);
  });

  it("Premium ends once every purchase's money went back, by a refund, a chargeback or a refund made at Mollie", async () => {
    const premium = async (who: Member) =>
      (await db().user.findUniqueOrThrow({ where: { id: who.userId }, select: { paidUser: true } })).paidUser;

    const ria = await member();
    const first = await paidPurchase(ria);
    const second = await paidPurchase(ria);
    await askRefund(ria, first.paymentId);
    expect(await approveRefund((await requestOf(first.paymentId)).id, decider())).toMatchObject({
      kind: "refunded",
    });
    // The second purchase is still paid for.
    expect(await premium(ria)).toBe(true);
    await chargeBackSimulatedPayment(second.mollieId, "10.00");
    await syncPayment(second.mollieId, ORIGIN);
    expect(await premium(ria)).toBe(true);
    await chargeBackSimulatedPayment(second.mollieId, "19.95");
    await syncPayment(second.mollieId, ORIGIN);
    expect(await premium(ria)).toBe(false);

    const sam = await member();
    const bought = await paidPurchase(sam);
    await refundSimulatedPaymentOutsideSite(bought.mollieId, "19.95");
    await syncPayment(bought.mollieId, ORIGIN);
    expect(await premium(sam)).toBe(false);
  });

  it("a refund Mollie refuses fails the request with Mollie's message and gives the held credits back", async () => {
    const nina = await member();
    const { paymentId, mollieId } = await paidPurchase(nina);
    await askRefund(nina, paymentId);
    // The bank gave the money back meanwhile: nothing remains to refund at Mollie.
    await chargeBackSimulatedPayment(mollieId, "19.95");
    const { id } = await requestOf(paymentId);
    const outcome = (await decide("approve", id)).body?.outcome;
    expect(outcome).toMatchObject({ kind: "failed", requestId: id });
    expect(outcome?.kind === "failed" && outcome.error).toMatch(/exceeds the remaining amount/);
    expect(await requestOf(paymentId)).toMatchObject({ status: "failed", mollieRefundId: null });
    // The approval held the credits; the refusal gave them back.
    expect(await balance(nina)).toBe(100);
    expect(
      await db().creditLedgerEntry.findMany({
        where: { userId: nina.userId, reason: { in: ["refund", "correction"] } },
        orderBy: { id: "asc" },
        select: { delta: true, reference: true },
      }),
    ).toEqual([
      { delta: -100, reference: `refund:${id}` },
      { delta: 100, reference: `refund-failed:${id}` },
    ]);
  });

  it("an approval whose answer from Mollie was lost is finished later without a second refund", async () => {
    const olaf = await member();
    const { paymentId, mollieId } = await paidPurchase(olaf);
    await askRefund(olaf, paymentId);
    const { id } = await requestOf(paymentId);
    expect(await approveWithLostAnswer(id)).toMatchObject({ kind: "uncertain" });
    expect(await requestOf(paymentId)).toMatchObject({ status: "approved" });
    expect(await balance(olaf)).toBe(0);
    expect(await approveRefund(id, decider())).toEqual({ kind: "decided", status: "approved" });
    const later = new Date(Date.now() + APPROVAL_RETRY_AFTER_MS + 1000);
    expect(await approveRefund(id, decider(), later)).toMatchObject({ kind: "refunded", credits: 100 });
    expect(await simulated(mollieId)).toEqual({ amountRefunded: "19.95" });
    expect(await mollie().paymentRefunds.page({ paymentId: mollieId })).toHaveLength(1);
    expect(await requestOf(paymentId)).toMatchObject({ status: "refunded" });
    expect(await balance(olaf)).toBe(0);
    expect(await db().creditLedgerEntry.count({ where: { userId: olaf.userId, reason: "refund" } })).toBe(1);
  });

  it("an approval retried after Mollie's refund failed gives the credits back instead of booking it", async () => {
    const pia = await member();
    const { paymentId, mollieId } = await paidPurchase(pia);
    await askRefund(pia, paymentId);
    const { id } = await requestOf(paymentId);
    expect(await approveWithLostAnswer(id)).toMatchObject({ kind: "uncertain" });
    // The refund Mollie took fails (the balance did not cover it); its webhook finds nothing booked yet.
    const [taken] = await mollie().paymentRefunds.page({ paymentId: mollieId });
    await failSimulatedRefund(taken!.id);
    await syncPayment(mollieId, ORIGIN);
    expect(await balance(pia)).toBe(0);

    const later = new Date(Date.now() + APPROVAL_RETRY_AFTER_MS + 1000);
    expect(await approveRefund(id, decider(), later)).toMatchObject({ kind: "failed" });
    expect(await requestOf(paymentId)).toMatchObject({ status: "failed" });
    expect(await balance(pia)).toBe(100);
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).refundedCents).toBe(0);
    expect(await mollie().paymentRefunds.page({ paymentId: mollieId })).toHaveLength(1);
    expect(await approveRefund(id, decider(), later)).toEqual({ kind: "decided", status: "failed" });
    expect(await balance(pia)).toBe(100);
  });

  it("staff of another site neither see nor decide this site's payments and requests", async () => {
    const rob = await member();
    const { paymentId } = await paidPurchase(rob);
    await askRefund(rob, paymentId);
    const { id } = await requestOf(paymentId);
    await db().user.update({ where: { id: rob.userId }, data: { directDebitBlockedAt: new Date() } });
    const otherSite = await db().site.findFirstOrThrow({
      where: { id: { not: siteId } },
      select: { id: true },
    });
    const outsider = { id: staff.userId, siteId: otherSite.id };
    const overview = await staffPaymentsOverview({ siteId: otherSite.id, search: { kind: "none" } }, "nl");
    expect(overview.payments.map((p) => p.id)).not.toContain(paymentId);
    expect(overview.openRefunds.map((r) => r.id)).not.toContain(id);
    expect(await approveRefund(id, outsider)).toEqual({ kind: "unknown" });
    expect(await rejectRefund(id, outsider)).toEqual({ kind: "unknown" });
    expect(await unblockDirectDebit(rob.userId, outsider)).toBe(false);
    expect(await requestOf(paymentId)).toMatchObject({ status: "requested" });
    const own = await staffPaymentsOverview({ siteId, search: { kind: "none" } }, "nl");
    expect(own.payments.map((p) => p.id)).toContain(paymentId);
    expect(own.openRefunds.map((r) => r.id)).toContain(id);
  });

  it("an approval under way is not started a second time", async () => {
    const pim = await member();
    const { paymentId } = await paidPurchase(pim);
    await askRefund(pim, paymentId);
    const { id } = await requestOf(paymentId);
    await db().refundRequest.update({ where: { id }, data: { status: "approved", decidedAt: new Date() } });
    expect(await approveRefund(id, decider())).toEqual({ kind: "decided", status: "approved" });
  });
});

describe("the Mollie simulator's refunds", () => {
  it("refunds in parts up to what was paid and answers more with Mollie's 422", async () => {
    const quinn = await member();
    const { mollieId } = await paidPurchase(quinn, { amountCents: 1000 });
    const first = await mollie().paymentRefunds.create({
      paymentId: mollieId,
      amount: { currency: "EUR", value: "4.00" },
    });
    expect(first).toMatchObject({ resource: "refund", status: "pending", paymentId: mollieId });
    expect(first.id).toMatch(/^re_/);
    expect(first.amount).toEqual({ currency: "EUR", value: "4.00" });
    const error = await mollie()
      .paymentRefunds.create({ paymentId: mollieId, amount: { currency: "EUR", value: "6.01" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MollieApiError);
    expect(error).toMatchObject({ statusCode: 422, field: "amount" });
    expect((error as Error).message).toMatch(/exceeds the remaining amount of EUR 6\.00/);
    await mollie().paymentRefunds.create({ paymentId: mollieId, amount: { currency: "EUR", value: "6.00" } });
    expect(await simulated(mollieId)).toEqual({ amountRefunded: "10.00" });
    const listed = await mollie().paymentRefunds.page({ paymentId: mollieId });
    expect(listed.map((r) => r.amount.value)).toEqual(["4.00", "6.00"]);
    const one = await mollie().paymentRefunds.get(first.id, { paymentId: mollieId });
    expect(one).toMatchObject({ id: first.id, status: "refunded" });
    const payment = await mollie().payments.get(mollieId);
    expect(payment.amountRefunded).toEqual({ currency: "EUR", value: "10.00" });
    expect(payment.amountRemaining).toEqual({ currency: "EUR", value: "0.00" });
  });

  it("answers a repeated Idempotency-Key, also concurrently, with the first refund", async () => {
    const ruth = await member();
    const { mollieId } = await paidPurchase(ruth, { amountCents: 1000 });
    const create = () =>
      mollie().paymentRefunds.create({
        paymentId: mollieId,
        amount: { currency: "EUR", value: "3.00" },
        idempotencyKey: `test-refund-${mollieId}`,
      });
    const refunds = await Promise.all([create(), create(), create()]);
    const again = await create();
    expect(new Set([...refunds, again].map((r) => r.id)).size).toBe(1);
    expect(await simulated(mollieId)).toEqual({ amountRefunded: "3.00" });
    expect((await mollie().payments.get(mollieId)).amountRemaining).toEqual({
      currency: "EUR",
      value: "7.00",
    });
  });

  it("refuses a refund of an unpaid payment, and in another currency", async () => {
    const remote = await mollie().payments.create({
      amount: { currency: "EUR", value: "5.00" },
      description: "Open",
      redirectUrl: `${ORIGIN}/transactions`,
    });
    const unpaid = await mollie()
      .paymentRefunds.create({ paymentId: remote.id, amount: { currency: "EUR", value: "1.00" } })
      .catch((e: unknown) => e);
    expect(unpaid).toMatchObject({ statusCode: 422 });
    const rosa = await member();
    const { mollieId } = await paidPurchase(rosa);
    const currency = await mollie()
      .paymentRefunds.create({ paymentId: mollieId, amount: { currency: "PLN", value: "1.00" } })
      .catch((e: unknown) => e);
    expect(currency).toMatchObject({ statusCode: 422, field: "amount.currency" });
  });
});

describe("refunds made in Mollie's dashboard", () => {
  it("take the refunded share's credits back once, however often Mollie reports them", async () => {
    const vera = await member();
    const { paymentId, mollieId } = await paidPurchase(vera, { credits: 100, amountCents: 1995 });
    await spend(vera, 30);
    await refundSimulatedPaymentOutsideSite(mollieId, "9.98");
    for (let i = 0; i < 3; i++) await syncPayment(mollieId, ORIGIN);
    await Promise.all(Array.from({ length: 5 }, () => syncPayment(mollieId, ORIGIN)));
    // 9.98 of 19.95 is half of the 100 credits.
    expect(await balance(vera)).toBe(20);
    const payment = () =>
      db().payment.findUniqueOrThrow({
        where: { id: paymentId },
        select: { refundedCents: true, creditsNotRecovered: true },
      });
    expect(await payment()).toEqual({ refundedCents: 998, creditsNotRecovered: 0 });

    // Once refunded in part, the member cannot ask for the rest.
    expect((await askRefund(vera, paymentId)).status).toBe(400);
  });

  it("count next to the member's own refund without taking its credits twice", async () => {
    const wim = await member();
    const { paymentId, mollieId } = await paidPurchase(wim, { credits: 100, amountCents: 1995 });
    await spend(wim, 30);
    await askRefund(wim, paymentId);
    const request = await requestOf(paymentId);
    expect(request).toMatchObject({ credits: 70, amountCents: 1397 });
    expect((await decide("approve", request.id)).body?.outcome.kind).toBe("refunded");
    await syncPayment(mollieId, ORIGIN);
    const payment = () =>
      db().payment.findUniqueOrThrow({
        where: { id: paymentId },
        select: { refundedCents: true, creditsNotRecovered: true },
      });
    expect(await payment()).toEqual({ refundedCents: 1397, creditsNotRecovered: 0 });
    // The rest refunded in the dashboard: its 30 credits were spent, so they are recorded as not recovered.
    await refundSimulatedPaymentOutsideSite(mollieId, "5.98");
    await syncPayment(mollieId, ORIGIN);
    await syncPayment(mollieId, ORIGIN);
    expect(await balance(wim)).toBe(0);
    expect(await payment()).toEqual({ refundedCents: 1995, creditsNotRecovered: 30 });
    expect(await db().creditLedgerEntry.count({ where: { userId: wim.userId, reason: "refund" } })).toBe(1);
  });
});

describe("/staff/payments", () => {
  it("is for staff only: members get 404, visitors the login page", async () => {
    const sam = await member();
    const asMember = await runRoute(
      await siteRequest("/staff/payments", sam.userId),
      staffPage.loader as never,
    );
    expect(asMember.status).toBe(404);
    const memberPost = await runRoute(
      await siteRequest("/staff/payments", sam.userId, { form: { intent: "approve", requestId: "1" } }),
      staffPage.action as never,
    );
    expect(memberPost.status).toBe(404);
    const visitor = await runRoute(await siteRequest("/staff/payments", null), staffPage.loader as never);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?redirectTo=/);
  });

  it("lists open requests, and payments newest first, filtered, searched and paged", async () => {
    const tim = await member();
    const purchases: Awaited<ReturnType<typeof paidPurchase>>[] = [];
    for (let i = 0; i < 3; i++)
      purchases.push(await paidPurchase(tim, { credits: 10 + i, amountCents: 500 }));
    await askRefund(tim, purchases[2]!.paymentId);
    type Page = {
      payments: { id: number; email: string }[];
      nextBefore: number | null;
      openRefunds: { paymentId: number; email: string; balance: number }[];
    };
    const load = async (query = "") =>
      (
        await runRoute<Page>(
          await siteRequest(`/staff/payments${query}`, staff.userId),
          staffPage.loader as never,
        )
      ).body!;
    const all = await load();
    expect(all.openRefunds.find((r) => r.paymentId === purchases[2]!.paymentId)).toMatchObject({
      email: tim.email,
      balance: 33,
    });
    const ids = all.payments.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const byEmail = await load(`?q=${encodeURIComponent(tim.email.toUpperCase())}`);
    expect(byEmail.payments.map((p) => p.id)).toEqual(purchases.map((p) => p.paymentId).reverse());
    const byMollie = await load(`?q=${purchases[1]!.mollieId}`);
    expect(byMollie.payments.map((p) => p.id)).toEqual([purchases[1]!.paymentId]);
    const byNumber = await load(`?q=%23${purchases[0]!.paymentId}`);
    expect(byNumber.payments.map((p) => p.id)).toEqual([purchases[0]!.paymentId]);
    const olderThan = await load(`?q=${encodeURIComponent(tim.email)}&before=${purchases[2]!.paymentId}`);
    expect(olderThan.payments.map((p) => p.id)).toEqual([purchases[1]!.paymentId, purchases[0]!.paymentId]);
    const canceledOnly = await load(`?status=canceled&q=${encodeURIComponent(tim.email)}`);
    expect(canceledOnly.payments).toEqual([]);
    const paidOnly = await load(`?status=paid&before=${purchases[1]!.paymentId}`);
    expect(paidOnly.payments.every((p) => p.id < purchases[1]!.paymentId)).toBe(true);
    expect(paidOnly.payments.map((p) => p.id)).toContain(purchases[0]!.paymentId);
  });

  it("shows chargebacks and members blocked for direct debit, and unblocks them", async () => {
    const uma = await member();
    const { mollieId, paymentId } = await paidPurchase(uma);
    await spend(uma, 40);
    await chargeBackSimulatedPayment(mollieId, "19.95");
    await syncPayment(mollieId, ORIGIN);
    const load = async () =>
      (
        await runRoute<{
          chargebacks: { id: number; creditsNotRecovered: number }[];
          blocked: { userId: number; email: string }[];
        }>(await siteRequest("/staff/payments", staff.userId), staffPage.loader as never)
      ).body!;
    const page = await load();
    expect(page.chargebacks.find((p) => p.id === paymentId)).toMatchObject({ creditsNotRecovered: 40 });
    expect(page.blocked.find((b) => b.userId === uma.userId)).toMatchObject({ email: uma.email });
    const unblock = () =>
      siteRequest("/staff/payments", staff.userId, {
        form: { intent: "unblock", userId: String(uma.userId) },
      });
    const done = await runRoute(await unblock(), staffPage.action as never);
    expect(done.body).toEqual({ outcome: { kind: "unblocked" } });
    const again = await runRoute(await unblock(), staffPage.action as never);
    expect(again.body).toEqual({ outcome: { kind: "notBlocked" } });
    expect(
      await db().user.findUniqueOrThrow({
        where: { id: uma.userId },
        select: { directDebitBlockedAt: true },
      }),
    ).toEqual({ directDebitBlockedAt: null });
    expect((await load()).blocked.find((b) => b.userId === uma.userId)).toBeUndefined();
  });

  it("an unknown request answers 404; a malformed form 400", async () => {
    expect((await decide("approve", 999_999)).status).toBe(404);
    const bad = await runRoute(
      await siteRequest("/staff/payments", staff.userId, { form: { intent: "approve", requestId: "x" } }),
      staffPage.action as never,
    );
    expect(bad.status).toBe(400);
  });

  it("reads the growing tables through indexes only (no sequential scan)", async () => {
    const vera = await member();
    // Members far outnumber a page of payments, as in production (a tiny table is read whole).
    const users = await db().user.createManyAndReturn({
      data: Array.from({ length: 5000 }, (_, i) => ({ siteId, email: `bulk-refund-${i}@example.com` })),
      select: { id: true },
    });
    const now = Date.now();
    await db().payment.createMany({
      data: Array.from({ length: 6000 }, (_, i) => ({
        userId: users[i % users.length]!.id,
        siteId,
        method: "ideal",
        amountCents: 1995,
        currency: "EUR",
        credits: 100,
        status: i % 10 === 0 ? ("canceled" as const) : ("paid" as const),
        createdAt: new Date(now - (6000 - i) * 3600_000),
        paidAt: new Date(now - (6000 - i) * 3600_000),
        chargedBackCents: i % 500 === 0 ? 1995 : 0,
      })),
    });
    const payments = await db().payment.findMany({
      where: { siteId },
      select: { id: true, userId: true },
      take: 3000,
    });
    await db().refundRequest.createMany({
      data: payments.map((p, i) => ({
        paymentId: p.id,
        userId: p.userId,
        credits: 10,
        amountCents: 200,
        status: i % 100 === 0 ? ("requested" as const) : ("refunded" as const),
        createdAt: new Date(now - (3000 - i) * 3600_000),
      })),
    });
    await db().$executeRawUnsafe(`ANALYZE "User", "Payment", "RefundRequest"`);
    const { id: before } = await db().payment.findFirstOrThrow({
      orderBy: { id: "desc" },
      skip: 100,
      select: { id: true },
    });
    // The page's lists for each kind of filter: each sends the payments' page, the open and the
    // decided refund requests and the chargebacks.
    const filters = {
      newest: { siteId, search: { kind: "none" } },
      older: { siteId, search: { kind: "none" }, before },
      status: { siteId, status: "canceled", search: { kind: "none" }, before },
      paid: { siteId, status: "paid", search: { kind: "none" } },
      paidOlder: { siteId, status: "paid", search: { kind: "none" }, before },
      email: { siteId, search: parsePaymentSearch("bulk-refund-7@example.com") },
      emailAndStatus: { siteId, status: "paid", search: parsePaymentSearch(vera.email), before },
      mollie: { siteId, search: parsePaymentSearch("tr_abcdef") },
      number: { siteId, search: parsePaymentSearch("#12") },
    } satisfies Record<string, Parameters<typeof staffPaymentsOverview>[0]>;
    for (const [name, filter] of Object.entries(filters)) {
      const { statements } = await withSentStatements(() => staffPaymentsOverview(filter, "nl"));
      expect(statements, name).toHaveLength(4);
      for (const statement of statements) {
        const text = await planOf(statement);
        if (process.env.SHOW_PLANS) console.log(`${name}:\n${text}`);
        expect(text, `${name}:\n${text}`).not.toMatch(/Seq Scan on "(Payment|User|RefundRequest)"/);
        // Nor a join that reads a whole table (through its index or into a hash).
        expect(text, `${name}:\n${text}`).not.toMatch(/Merge Join|Hash/);
      }
    }
  });
});
