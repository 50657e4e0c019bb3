// Buying credits through the real Mollie client answered by the simulator: every status path,
// the webhook (replayed, concurrent, forged), the return page, Premium, chargebacks, reconciliation.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { packagesFor } from "~/domain/credits/packages.server";
import { chargeBackSimulatedPayment, completeSimulatedPayment } from "~/stand-ins/mollie-simulator.server";
import { offeredMethods } from "~/domain/payments/offered-methods.server";
import { reconcileOpenPayments } from "~/domain/payments/reconcile.server";
import { syncPayment } from "~/domain/payments/sync-payment.server";
import { db } from "~/lib/db.server";
import * as checkout from "~/routes/credits.$id";
import * as simulatorPage from "~/stand-ins/routes/dev.mollie.checkout.$id";
import * as webhook from "~/routes/payments.webhook";
import * as transaction from "~/routes/transactions.$id";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { buy, buyer, eurPackage } from "../fixtures/purchases";
import { mollieNetworkForSuite } from "../fixtures/mollie-network";
import { routeSimulatorWebhooks } from "../fixtures/mollie-webhooks";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { logger } from "~/lib/logger.server";

let siteId: number;

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
});

const webhooks = routeSimulatorWebhooks();

afterEach(() => {
  webhooks.drop = false;
});

/** Chooses a method on /credits/{id} and follows the redirect to the checkout: the Mollie id. */
async function startBuying(
  member: Member,
  packageId: number,
  fields: Record<string, string> = { method: "ideal" },
) {
  const outcome = await runRoute(
    await siteRequest(`/credits/${packageId}`, member.userId, { form: fields }),
    checkout.action as never,
    {
      id: String(packageId),
    },
  );
  expect(outcome.status).toBe(302);
  const match = /\/dev\/mollie\/checkout\/(tr_\w+)$/.exec(outcome.location ?? "");
  expect(match, `redirect to the checkout, got ${outcome.location}`).not.toBeNull();
  const payment = await db().payment.findUniqueOrThrow({
    where: { molliePaymentId: match![1] },
    select: { id: true, molliePaymentId: true, amountCents: true },
  });
  return { mollieId: match![1]!, paymentId: payment.id, amountCents: payment.amountCents };
}

const user = (member: Member) =>
  db().user.findUniqueOrThrow({
    where: { id: member.userId },
    select: { credits: true, paidUser: true, directDebitBlockedAt: true },
  });

describe("methods", () => {
  it("offers what Mollie offers for the amount, currency and country, with iDEAL's banks", async () => {
    const ids = async (country: string, currency: string) =>
      (await offeredMethods({ amountCents: 1995, currency, country, locale: "nl" })).map((m) => m.id);
    expect(await ids("NL", "EUR")).toEqual([
      "ideal",
      "creditcard",
      "applepay",
      "paypal",
      "banktransfer",
      "paysafecard",
    ]);
    expect(await ids("BE", "EUR")).toContain("bancontact");
    expect(await ids("BE", "EUR")).not.toContain("ideal");
    expect(await ids("PL", "PLN")).toEqual(expect.arrayContaining(["przelewy24", "blik", "creditcard"]));
    expect(await ids("AT", "EUR")).toContain("eps");
    const [ideal] = await offeredMethods({ amountCents: 1995, currency: "EUR", country: "NL", locale: "nl" });
    expect(ideal!.issuers.map((i) => i.name)).toContain("Rabobank");
  });

  it("refuses a method not offered for the buyer, and a missing one, storing nothing", async () => {
    const anna = await buyer({ country: "BE" });
    const creditPackage = await eurPackage();
    for (const form of [{ method: "ideal" }, {}, { method: "bitcoin" }] as Record<string, string>[]) {
      const outcome = await runRoute(
        await siteRequest(`/credits/${creditPackage.id}`, anna.userId, { form }),
        checkout.action as never,
        {
          id: String(creditPackage.id),
        },
      );
      expect(outcome.status).toBe(400);
    }
    expect(await db().payment.count({ where: { userId: anna.userId } })).toBe(0);
  });

  it("prices in the buyer's currency, computed on the server", async () => {
    const piotr = await buyer({ country: "PL" });
    const [pln] = await packagesFor(siteId, "PLN");
    const started = await startBuying(piotr, pln!.id, { method: "blik", amount: "1" });
    expect(started.amountCents).toBe(pln!.priceCents);
    const stored = await db().mollieSimulatorPayment.findUniqueOrThrow({ where: { id: started.mollieId } });
    expect([stored.amountValue, stored.currency, stored.method]).toEqual([
      (pln!.priceCents / 100).toFixed(2),
      "PLN",
      "blik",
    ]);
    // A EUR package is not for sale to a buyer in Poland.
    const eur = await eurPackage();
    const outcome = await runRoute(
      await siteRequest(`/credits/${eur.id}`, piotr.userId, { form: { method: "blik" } }),
      checkout.action as never,
      {
        id: String(eur.id),
      },
    );
    expect(outcome.status).toBe(404);
  });
});

describe("paying", () => {
  it("books the credits and Premium for life on the webhook, once, with a receipt", async () => {
    const anna = await buyer();
    const { mollieId, paymentId, creditPackage } = await buy(anna);
    expect(await user(anna)).toMatchObject({ credits: creditPackage.credits, paidUser: true });
    const ledger = await db().creditLedgerEntry.findMany({
      where: { userId: anna.userId, reason: "purchase" },
      select: { delta: true, reference: true },
    });
    expect(ledger).toEqual([{ delta: creditPackage.credits, reference: `payment:${mollieId}` }]);
    expect(
      await db().payment.findUniqueOrThrow({ where: { id: paymentId }, select: { status: true } }),
    ).toEqual({ status: "paid" });
    const receipts = await db().mail.findMany({
      where: { userId: anna.userId, template: "paymentReceipt" },
      select: { subject: true },
    });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toContain(String(creditPackage.credits));

    const page = await runRoute<{ payment: { status: string }; balance: number }>(
      await siteRequest(`/transactions/${paymentId}`, anna.userId),
      transaction.loader as never,
      { id: String(paymentId) },
    );
    expect(page.body).toMatchObject({ payment: { status: "paid" }, balance: creditPackage.credits });
  });

  it("credits once however often the webhook comes: 20 times in a row and 20 at once", async () => {
    const bram = await buyer();
    const { mollieId, creditPackage } = await buy(bram, { outcome: "paid", packageIndex: 1 });
    for (let i = 0; i < 20; i++) await syncPayment(mollieId, ORIGIN);
    await Promise.all(
      Array.from({ length: 20 }, async () =>
        runRoute(
          new Request(`${ORIGIN}/payments/webhook`, {
            method: "POST",
            body: new URLSearchParams({ id: mollieId }),
          }),
          webhook.action as never,
        ),
      ),
    );
    expect((await user(bram)).credits).toBe(creditPackage.credits);
    expect(await db().creditLedgerEntry.count({ where: { userId: bram.userId, reason: "purchase" } })).toBe(
      1,
    );
    expect(await db().mail.count({ where: { userId: bram.userId, template: "paymentReceipt" } })).toBe(1);
  });

  it.each(["failed", "canceled", "expired"] as const)(
    "a %s payment books nothing and offers another try",
    async (status) => {
      const cees = await buyer();
      const { paymentId, creditPackage } = await buy(cees, { outcome: status });
      expect(await user(cees)).toMatchObject({ credits: 0, paidUser: false });
      const page = await runRoute<{ payment: { status: string; packageId: number } }>(
        await siteRequest(`/transactions/${paymentId}`, cees.userId),
        transaction.loader as never,
        { id: String(paymentId) },
      );
      expect(page.body?.payment).toMatchObject({ status, packageId: creditPackage.id });
    },
  );

  it("an open payment stays open; the return page shows it as processing", async () => {
    const dirk = await buyer();
    const { paymentId } = await buy(dirk, { outcome: "open" });
    expect(webhooks.calls).toBeGreaterThan(0);
    const page = await runRoute<{ payment: { status: string } }>(
      await siteRequest(`/transactions/${paymentId}`, dirk.userId),
      transaction.loader as never,
      { id: String(paymentId) },
    );
    expect(page.body?.payment.status).toBe("open");
  });

  it("a buyer back before the webhook gets the real state (and the credits) from the return page", async () => {
    const eva = await buyer();
    webhooks.drop = true;
    const { paymentId, creditPackage } = await buy(eva);
    expect((await user(eva)).credits).toBe(0);
    const page = await runRoute<{ payment: { status: string }; balance: number }>(
      await siteRequest(`/transactions/${paymentId}`, eva.userId),
      transaction.loader as never,
      { id: String(paymentId) },
    );
    expect(page.body).toMatchObject({ payment: { status: "paid" }, balance: creditPackage.credits });
  });

  it("answers a forged or unknown webhook id with 200 and does nothing", async () => {
    for (const id of ["tr_forged123", "not-an-id", ""]) {
      const outcome = await runRoute(
        new Request(`${ORIGIN}/payments/webhook`, { method: "POST", body: new URLSearchParams({ id }) }),
        webhook.action as never,
      );
      expect(outcome.status).toBe(200);
    }
    expect(await syncPayment("tr_forged123", ORIGIN)).toEqual({ kind: "unknown" });
  });

  it("Premium comes with the first purchase and stays; later purchases add credits", async () => {
    const fleur = await buyer();
    const first = await buy(fleur);
    const second = await buy(fleur, { outcome: "paid", packageIndex: 2 });
    expect(await user(fleur)).toMatchObject({
      paidUser: true,
      credits: first.creditPackage.credits + second.creditPackage.credits,
    });
  });

  it("shows a payment only to its buyer", async () => {
    const [gert, hanna] = [await buyer(), await buyer()];
    const { paymentId } = await buy(gert);
    const outcome = await runRoute(
      await siteRequest(`/transactions/${paymentId}`, hanna.userId),
      transaction.loader as never,
      {
        id: String(paymentId),
      },
    );
    expect(outcome.status).toBe(404);
  });
});

describe("the return page of an open payment", () => {
  const network = mollieNetworkForSuite();

  const returnPage = async (buyer: Member, paymentId: number) =>
    runRoute<{ payment: { status: string; method: string }; balance: number }>(
      await siteRequest(`/transactions/${paymentId}`, buyer.userId),
      transaction.loader as never,
      { id: String(paymentId) },
    );
  /** The last look at Mollie for the payment was `seconds` ago. */
  const syncedAgo = (paymentId: number, seconds: number) =>
    db().payment.update({
      where: { id: paymentId },
      data: { syncedAt: new Date(Date.now() - seconds * 1000) },
    });

  it("shows the stored state, logged, when Mollie does not answer", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const olga = await buyer();
    const { paymentId } = await buy(olga, { outcome: "open" });
    await syncedAgo(paymentId, 31);
    network.set("refused");
    const cutBefore = network.cutOff;
    const page = await returnPage(olga, paymentId);
    network.set("up");
    expect(network.cutOff).toBeGreaterThan(cutBefore);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ payment: { status: "open" }, balance: 0 });
    expect(logged).toHaveBeenCalledWith("mollie payment sync", expect.anything());
    logged.mockRestore();
  });

  it("asks Mollie at most every 30 s, however often the page refreshes", async () => {
    const piet = await buyer();
    webhooks.drop = true;
    const { paymentId, mollieId, creditPackage } = await buy(piet, { outcome: "open" });
    // Mollie cut off: every question to it is counted.
    network.set("refused");
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const cutBefore = network.cutOff;
    for (let i = 0; i < 5; i++) expect((await returnPage(piet, paymentId)).body?.payment.status).toBe("open");
    expect(network.cutOff - cutBefore).toBe(1);
    await syncedAgo(paymentId, 20);
    await returnPage(piet, paymentId);
    expect(network.cutOff - cutBefore).toBe(1);
    logged.mockRestore();

    // The buyer pays meanwhile and the webhook is lost: the page's next look at Mollie books it.
    network.set("up");
    await completeSimulatedPayment(mollieId, "paid", 60_000);
    expect((await returnPage(piet, paymentId)).body?.payment.status).toBe("open");
    await syncedAgo(paymentId, 31);
    expect((await returnPage(piet, paymentId)).body).toMatchObject({
      payment: { status: "paid" },
      balance: creditPackage.credits,
    });
  });

  it("reloads itself every 3 s for a checkout method and once a minute for a bank transfer", async () => {
    const quinten = await buyer();
    const { paymentId } = await buy(quinten, { outcome: "open" });
    const page = await returnPage(quinten, paymentId);
    const refreshOf = (loaderData: unknown) =>
      /<meta http-equiv="refresh" content="(\d+)"/.exec(
        renderRoute({
          Component: transaction.default as never,
          path: "/transactions/:id",
          url: `/transactions/${paymentId}`,
          loaderData,
        }).html,
      )?.[1];
    expect(refreshOf(page.body)).toBe("3");
    for (const method of ["banktransfer", "directdebit"]) {
      expect(refreshOf({ ...page.body, payment: { ...page.body!.payment, method } })).toBe("60");
    }
  });
});

describe("after the purchase", () => {
  it("a chargeback takes the credits back, never below zero, and blocks direct debit for what is missing", async () => {
    const ivo = await buyer();
    const { mollieId, creditPackage } = await buy(ivo);
    // Ivo spends 30 credits before the chargeback arrives.
    await db().$executeRaw`UPDATE "User" SET credits = credits - 30 WHERE id = ${ivo.userId}`;
    await chargeBackSimulatedPayment(mollieId, (creditPackage.priceCents / 100).toFixed(2));
    await syncPayment(mollieId, ORIGIN);
    const after = await user(ivo);
    expect(after.credits).toBe(0);
    expect(after.directDebitBlockedAt).not.toBeNull();
    const payment = await db().payment.findUniqueOrThrow({
      where: { molliePaymentId: mollieId },
      select: { chargedBackCents: true, creditsNotRecovered: true },
    });
    expect(payment).toEqual({ chargedBackCents: creditPackage.priceCents, creditsNotRecovered: 30 });
    expect(await db().creditLedgerEntry.count({ where: { userId: ivo.userId, reason: "chargeback" } })).toBe(
      1,
    );
  });

  it("a chargeback in three parts takes back the credits bought, not more through rounding", async () => {
    const joke = await buyer();
    const { mollieId, creditPackage } = await buy(joke);
    // 2 credits for the price: each third is 0.67 credits, which alone rounds to 1.
    await db().payment.update({ where: { molliePaymentId: mollieId }, data: { credits: 2 } });
    await db().$executeRaw`UPDATE "User" SET credits = 2 WHERE id = ${joke.userId}`;
    for (const part of [1, 2, 3]) {
      const cents = Math.round((creditPackage.priceCents * part) / 3);
      await chargeBackSimulatedPayment(mollieId, (cents / 100).toFixed(2));
      await syncPayment(mollieId, ORIGIN);
    }
    expect(await user(joke)).toMatchObject({ credits: 0, directDebitBlockedAt: null });
    const payment = await db().payment.findUniqueOrThrow({
      where: { molliePaymentId: mollieId },
      select: { creditsNotRecovered: true },
    });
    expect(payment.creditsNotRecovered).toBe(0);
  });

  it("the reconciliation job credits a paid payment whose webhook got lost, after 15 minutes", async () => {
    const jan = await buyer();
    webhooks.drop = true;
    const { paymentId, creditPackage } = await buy(jan);
    const started = await db().payment.findUniqueOrThrow({
      where: { id: paymentId },
      select: { createdAt: true },
    });
    await reconcileOpenPayments(new Date(started.createdAt.getTime() + 14 * 60_000));
    expect((await user(jan)).credits).toBe(0);
    await reconcileOpenPayments(new Date(started.createdAt.getTime() + 16 * 60_000));
    expect((await user(jan)).credits).toBe(creditPackage.credits);
  });

  it("the reconciliation job still asks about a bank transfer open for weeks (Mollie's default expiry is 12+2 days)", async () => {
    const kees = await buyer();
    webhooks.drop = true;
    const creditPackage = await eurPackage();
    const { mollieId, paymentId } = await startBuying(kees, creditPackage.id, { method: "banktransfer" });
    // The buyer transfers the money on day 18; Mollie's webhook is lost.
    await completeSimulatedPayment(mollieId, "paid", 60_000);
    const { createdAt } = await db().payment.findUniqueOrThrow({
      where: { id: paymentId },
      select: { createdAt: true },
    });
    await reconcileOpenPayments(new Date(createdAt.getTime() + 18 * 86_400_000));
    expect((await user(kees)).credits).toBe(creditPackage.credits);
  });

  it("the reconciliation job skips a payment looked at in the last 15 minutes, and asks about it after", async () => {
    const lies = await buyer();
    webhooks.drop = true;
    const { paymentId, creditPackage } = await buy(lies);
    const now = new Date(Date.now() + 60 * 60_000);
    await db().payment.update({
      where: { id: paymentId },
      data: { syncedAt: new Date(now.getTime() - 10 * 60_000) },
    });
    await reconcileOpenPayments(now);
    expect((await user(lies)).credits).toBe(0);
    await reconcileOpenPayments(new Date(now.getTime() + 6 * 60_000));
    expect((await user(lies)).credits).toBe(creditPackage.credits);
  });
});

describe("the simulator's checkout page", () => {
  it("is the payer's and staff's only on an external database", async () => {
    const [kim, other] = [await buyer(), await buyer()];
    const staff = await createMember({ role: "admin" });
    const { mollieId } = await startBuying(kim, (await eurPackage()).id);
    const asOther = await runRoute(
      await siteRequest(`/dev/mollie/checkout/${mollieId}`, other.userId),
      simulatorPage.loader as never,
      { id: mollieId },
    );
    expect(asOther.status).toBe(404);
    const asPayer = await runRoute<{ payment: { status: string } }>(
      await siteRequest(`/dev/mollie/checkout/${mollieId}`, kim.userId),
      simulatorPage.loader as never,
      { id: mollieId },
    );
    expect(asPayer.body?.payment.status).toBe("open");
    const asStaff = await runRoute<{ payment: { status: string } }>(
      await siteRequest(`/dev/mollie/checkout/${mollieId}`, staff.userId),
      simulatorPage.loader as never,
      { id: mollieId },
    );
    expect(asStaff.body?.payment.status).toBe("open");
  });
});
