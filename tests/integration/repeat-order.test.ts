// One-click repeat orders at /credits/repeat-order: the first card payment is Mollie's "first"
// payment that leaves a card mandate; the repeat order is a recurring payment charged on it at
// once, through the real Mollie client answered by the simulator.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "~/middleware/session.server";
import {
  declineSimulatedRecurringPayments,
  simulatedWebhooksDone,
} from "~/stand-ins/mollie-simulator.server";
import { mollie } from "~/domain/payments/mollie.server";
import { reconcileOpenPayments } from "~/domain/payments/reconcile.server";
import { syncPayment } from "~/domain/payments/sync-payment.server";
import { db } from "~/lib/db.server";
import * as repeatOrder from "~/routes/credits.repeat-order";
import { seedBaseData } from "../../prisma/seed/base-data";
import { ORIGIN, type Member } from "../fixtures/members";
import { buy, buyer, eurPackage } from "../fixtures/purchases";
import { mollieNetworkForSuite } from "../fixtures/mollie-network";
import { routeSimulatorWebhooks } from "../fixtures/mollie-webhooks";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { logger } from "~/lib/logger.server";

let siteId: number;

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
});

const webhooks = routeSimulatorWebhooks();

afterEach(async () => {
  await simulatedWebhooksDone();
});

const PASSWORD = "Herfst-2026!";

/** The cookie of a new session; `passwordProven`: opened by the login form (a mail link's is not). */
async function loginCookie(who: Member, passwordProven = true) {
  return (await createSession(who.userId, new Request(`${ORIGIN}/login`), { passwordProven })).split(";")[0]!;
}

interface PageData {
  offer: { creditPackage: { id: number; credits: number }; amountCents: number } | null;
  mandate: { id: string; label: string | null; lastDigits: string | null } | null;
  providerDown: boolean;
  account: { name: string; email: string };
  passwordNeeded: boolean;
  after: number;
  failed: { paymentId: number; packageId: number } | null;
}

async function page(who: Member, query = "", cookie?: string) {
  return runRoute<PageData>(
    await siteRequest(`/credits/repeat-order${query}`, null, { cookie: cookie ?? (await loginCookie(who)) }),
    repeatOrder.loader as never,
  );
}

/** The page's form sent (by default from a session logged in with the password just now). */
async function order(
  who: Member,
  after: number,
  { cookie, password }: { cookie?: string; password?: string } = {},
) {
  const form = { after: String(after), ...(password === undefined ? {} : { password }) };
  return runRoute<{ error?: string; message?: string }>(
    await siteRequest("/credits/repeat-order", null, { form, cookie: cookie ?? (await loginCookie(who)) }),
    repeatOrder.action as never,
  );
}

const credits = async (who: Member) =>
  (await db().user.findUniqueOrThrow({ where: { id: who.userId }, select: { credits: true } })).credits;

describe("the first card payment", () => {
  it("is Mollie's first payment of the member's customer and leaves a card mandate", async () => {
    const anna = await buyer({ password: PASSWORD });
    const { payment, mollieId, creditPackage } = await buy(anna, { fields: { method: "creditcard" } });
    expect(payment).toMatchObject({ sequenceType: "first", status: "paid", method: "creditcard" });
    const user = await db().user.findUniqueOrThrow({ where: { id: anna.userId } });
    expect(user).toMatchObject({ paidUser: true, credits: creditPackage.credits });
    expect(user.mollieCustomerId).toMatch(/^cst_/);
    const simulated = await db().mollieSimulatorPayment.findUniqueOrThrow({ where: { id: mollieId } });
    expect(simulated).toMatchObject({ sequenceType: "first", customerId: user.mollieCustomerId });
    expect(simulated.mandateId).toMatch(/^mdt_/);
    // As Mollie's API shows it to the client.
    const remote = await mollie().payments.get(mollieId);
    expect(remote.mandateId).toBe(simulated.mandateId);
    const mandates = await mollie().customerMandates.page({ customerId: user.mollieCustomerId! });
    expect(mandates.map((m) => [m.id, m.method, m.status])).toEqual([
      [simulated.mandateId, "creditcard", "valid"],
    ]);
    expect(mandates[0]!.details).toMatchObject({ cardNumber: "6787", cardLabel: "Mastercard" });
  });

  it("other methods stay one-off payments without a customer", async () => {
    const bram = await buyer({ password: PASSWORD });
    const { payment } = await buy(bram, { fields: { method: "ideal" } });
    expect(payment.sequenceType).toBe("oneoff");
    expect((await db().user.findUniqueOrThrow({ where: { id: bram.userId } })).mollieCustomerId).toBeNull();
  });
});

describe("/credits/repeat-order", () => {
  it("buys the last package again on the card mandate in one click, paid at once", async () => {
    const cees = await buyer({ password: PASSWORD });
    const first = await buy(cees, { fields: { method: "creditcard" }, packageIndex: 1 });
    const view = await page(cees);
    expect(view.body).toMatchObject({
      offer: { creditPackage: { id: first.creditPackage.id }, amountCents: first.creditPackage.priceCents },
      mandate: { label: "Mastercard", lastDigits: "6787" },
      after: first.payment.id,
      failed: null,
    });
    const calls = webhooks.calls;
    const outcome = await order(cees, view.body!.after);
    expect(outcome.status).toBe(302);
    const paymentId = Number(/^\/transactions\/(\d+)$/.exec(outcome.location ?? "")![1]);
    const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(payment).toMatchObject({
      method: "creditcard",
      sequenceType: "recurring",
      status: "paid",
      mollieMandateId: view.body!.mandate!.id,
      amountCents: first.creditPackage.priceCents,
    });
    expect(await credits(cees)).toBe(first.creditPackage.credits * 2);
    const simulated = await db().mollieSimulatorPayment.findUniqueOrThrow({
      where: { id: payment.molliePaymentId! },
    });
    expect(simulated).toMatchObject({
      sequenceType: "recurring",
      status: "paid",
      mandateId: payment.mollieMandateId,
    });
    // Mollie's webhook follows; the credits are booked once.
    await simulatedWebhooksDone();
    expect(webhooks.calls).toBeGreaterThan(calls);
    expect(await credits(cees)).toBe(first.creditPackage.credits * 2);
    expect(await db().creditLedgerEntry.count({ where: { userId: cees.userId, reason: "purchase" } })).toBe(
      2,
    );
  });

  it("a second submit of the same page (a double click) charges once", async () => {
    const dirk = await buyer({ password: PASSWORD });
    const first = await buy(dirk, { fields: { method: "creditcard" } });
    const { after } = (await page(dirk)).body!;
    const [a, b] = await Promise.all([order(dirk, after), order(dirk, after)]);
    expect(a.location).toMatch(/^\/transactions\/\d+$/);
    expect(b.location).toBe(a.location);
    expect(await db().payment.count({ where: { userId: dirk.userId, sequenceType: "recurring" } })).toBe(1);
    expect(await credits(dirk)).toBe(first.creditPackage.credits * 2);
    // A new page allows a new order.
    const again = await order(dirk, (await page(dirk)).body!.after);
    expect(again.location).not.toBe(a.location);
    expect(await credits(dirk)).toBe(first.creditPackage.credits * 3);
  });

  it("Mollie charged the card but its answer was lost: the order stays open and Mollie's webhook books it once", async () => {
    const hans = await buyer({ password: PASSWORD });
    const first = await buy(hans, { fields: { method: "creditcard" } });
    const { after } = (await page(hans)).body!;
    const payments = mollie().payments;
    const create = payments.create.bind(payments);
    const lost = vi.spyOn(payments, "create").mockImplementationOnce(async (parameters) => {
      await create(parameters);
      throw new Error("Mollie did not answer within 1000 ms");
    });
    const outcome = await order(hans, after);
    lost.mockRestore();
    const paymentId = Number(/^\/transactions\/(\d+)$/.exec(outcome.location ?? "")![1]);
    expect(await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
      status: "open",
      molliePaymentId: null,
    });
    await simulatedWebhooksDone();
    const settled = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(settled.status).toBe("paid");
    expect(settled.molliePaymentId).toMatch(/^tr_/);
    expect(await credits(hans)).toBe(first.creditPackage.credits * 2);
    // A page opened meanwhile offers the order again; its submit is the same order, not a second charge.
    expect((await order(hans, after)).location).toBe(outcome.location);
    expect(await credits(hans)).toBe(first.creditPackage.credits * 2);
  });

  it("Mollie's answer and its webhook were both lost: the reconciliation finds the charge at Mollie and books it once", async () => {
    const jan = await buyer({ password: PASSWORD });
    const first = await buy(jan, { fields: { method: "creditcard" } });
    const { after } = (await page(jan)).body!;
    const payments = mollie().payments;
    const create = payments.create.bind(payments);
    const lost = vi.spyOn(payments, "create").mockImplementationOnce(async (parameters) => {
      await create(parameters);
      throw new Error("Mollie did not answer within 1000 ms");
    });
    webhooks.drop = true;
    const outcome = await order(jan, after);
    lost.mockRestore();
    await simulatedWebhooksDone();
    webhooks.drop = false;
    const paymentId = Number(/^\/transactions\/(\d+)$/.exec(outcome.location ?? "")![1]);
    const { createdAt } = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    const minutesLater = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);

    await reconcileOpenPayments(minutesLater(14)); // reconciled after 15 minutes
    expect(await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
      status: "open",
      molliePaymentId: null,
    });
    expect(await reconcileOpenPayments(minutesLater(16))).toMatchObject({ credited: 1 });
    const settled = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(settled.status).toBe("paid");
    expect(settled.molliePaymentId).toMatch(/^tr_/);
    expect(await credits(jan)).toBe(first.creditPackage.credits * 2);
    await reconcileOpenPayments(minutesLater(90));
    expect(await credits(jan)).toBe(first.creditPackage.credits * 2);
  });

  it("a charge that never reached Mollie fails an hour later, and the member can order again", async () => {
    const kees = await buyer({ password: PASSWORD });
    const first = await buy(kees, { fields: { method: "creditcard" } });
    const { after } = (await page(kees)).body!;
    const unsent = vi
      .spyOn(mollie().payments, "create")
      .mockRejectedValueOnce(new Error("Mollie did not answer within 1000 ms"));
    const outcome = await order(kees, after);
    unsent.mockRestore();
    const paymentId = Number(/^\/transactions\/(\d+)$/.exec(outcome.location ?? "")![1]);
    const { createdAt } = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    const minutesLater = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);

    await reconcileOpenPayments(minutesLater(30));
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("open");
    await reconcileOpenPayments(minutesLater(61));
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("failed");
    expect(await credits(kees)).toBe(first.creditPackage.credits);
    const again = await order(kees, (await page(kees)).body!.after);
    expect(again.location).toMatch(/^\/transactions\/\d+$/);
    expect(again.location).not.toBe(outcome.location);
    expect(await credits(kees)).toBe(first.creditPackage.credits * 2);
  });

  it("a charge Mollie made stays open when reading it back fails, and is booked later", async () => {
    const ilse = await buyer({ password: PASSWORD });
    const first = await buy(ilse, { fields: { method: "creditcard" } });
    const { after } = (await page(ilse)).body!;
    const payments = mollie().payments;
    const readBack = vi
      .spyOn(payments, "get")
      .mockRejectedValueOnce(new Error("Mollie did not answer within 1000 ms"));
    webhooks.drop = true;
    const outcome = await order(ilse, after);
    readBack.mockRestore();
    await simulatedWebhooksDone();
    webhooks.drop = false;
    const paymentId = Number(/^\/transactions\/(\d+)$/.exec(outcome.location ?? "")![1]);
    const open = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(open.status).toBe("open");
    expect(await credits(ilse)).toBe(first.creditPackage.credits);
    await syncPayment(open.molliePaymentId!, "http://localhost");
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("paid");
    expect(await credits(ilse)).toBe(first.creditPackage.credits * 2);
  });

  it("offers the package of the last purchase, whatever it was paid with", async () => {
    const eva = await buyer({ password: PASSWORD });
    await buy(eva, { fields: { method: "creditcard" }, packageIndex: 0 });
    const later = await buy(eva, { fields: { method: "ideal" }, packageIndex: 2 });
    const view = await page(eva);
    expect(view.body?.offer?.creditPackage.id).toBe(later.creditPackage.id);
    expect(view.body?.mandate).not.toBeNull();
  });

  it("a declined card books nothing and offers a retry or the provider's payment page", async () => {
    const fleur = await buyer({ password: PASSWORD });
    const first = await buy(fleur, { fields: { method: "creditcard" } });
    const view = await page(fleur);
    await declineSimulatedRecurringPayments(view.body!.mandate!.id);
    const outcome = await order(fleur, view.body!.after);
    const failedId = Number(/^\/credits\/repeat-order\?failed=(\d+)$/.exec(outcome.location ?? "")![1]);
    expect((await db().payment.findUniqueOrThrow({ where: { id: failedId } })).status).toBe("failed");
    await simulatedWebhooksDone();
    expect(await credits(fleur)).toBe(first.creditPackage.credits);

    const failedPage = await page(fleur, `?failed=${failedId}`);
    expect(failedPage.body?.failed).toEqual({ paymentId: failedId, packageId: first.creditPackage.id });
    expect(failedPage.body?.mandate).not.toBeNull();

    // The retry, once the card works again.
    await declineSimulatedRecurringPayments(view.body!.mandate!.id, false);
    const retry = await order(fleur, failedPage.body!.after);
    expect(retry.location).toMatch(/^\/transactions\/\d+$/);
    expect(await credits(fleur)).toBe(first.creditPackage.credits * 2);
  });

  it("without a card mandate the page offers the packages and nothing is charged", async () => {
    const gert = await buyer({ password: PASSWORD });
    await buy(gert, { fields: { method: "ideal" } });
    const view = await page(gert);
    expect(view.body).toMatchObject({ mandate: null });
    expect(view.body?.offer).not.toBeNull();
    const outcome = await order(gert, view.body!.after);
    expect(outcome.location).toBe("/credits/repeat-order");
    expect(await db().payment.count({ where: { userId: gert.userId } })).toBe(1);
  });

  it("a revoked mandate is no longer charged", async () => {
    const hans = await buyer({ password: PASSWORD });
    await buy(hans, { fields: { method: "creditcard" } });
    const view = await page(hans);
    const user = await db().user.findUniqueOrThrow({ where: { id: hans.userId } });
    await mollie().customerMandates.revoke(view.body!.mandate!.id, { customerId: user.mollieCustomerId! });
    expect((await page(hans)).body?.mandate).toBeNull();
  });

  it("is for paying members: others go to the packages, visitors log in", async () => {
    const ilse = await buyer({ password: PASSWORD });
    const asFree = await page(ilse);
    expect(asFree.location).toBe("/credits");
    expect((await order(ilse, 0)).location).toBe("/credits");
    const visitor = await runRoute(
      await siteRequest("/credits/repeat-order", null),
      repeatOrder.loader as never,
    );
    expect(visitor.location).toMatch(/^\/login\?redirectTo=/);
    // Someone else's failed payment is not shown.
    const jan = await buyer({ password: PASSWORD });
    await buy(jan, { fields: { method: "ideal" } });
    expect((await page(jan, "?failed=1")).body?.failed).toBeNull();
  });
});

describe("the account and the password beside the stored card", () => {
  const payments = (who: Member) => db().payment.count({ where: { userId: who.userId } });

  it("names the account: profile name and masked e-mail address", async () => {
    const roos = await buyer({ password: PASSWORD, name: "Roos", email: "roos.bakker@voorbeeld.nl" });
    await buy(roos, { fields: { method: "creditcard" } });
    expect((await page(roos)).body).toMatchObject({
      account: { name: "Roos", email: "r***@v***.nl" },
      mandate: { lastDigits: "6787" },
      passwordNeeded: false,
    });
  });

  it("asks for the password when the session has not proven it for 30 minutes, and charges nothing without it", async () => {
    const lotte = await buyer({ password: PASSWORD });
    await buy(lotte, { fields: { method: "creditcard" } });
    const cookie = await loginCookie(lotte);
    const sessionId = (
      await db().session.findFirstOrThrow({
        where: { userId: lotte.userId },
        orderBy: { createdAt: "desc" },
        select: { id: true },
      })
    ).id;
    const provenAgo = (ms: number) =>
      db().session.update({
        where: { id: sessionId },
        data: { passwordAt: new Date(Date.now() - ms) },
        select: { id: true },
      });
    // A password typed in the last 30 minutes counts.
    await provenAgo(29 * 60_000);
    expect((await page(lotte, "", cookie)).body?.passwordNeeded).toBe(false);
    await provenAgo(30 * 60_000 + 1000);
    const view = await page(lotte, "", cookie);
    expect(view.body?.passwordNeeded).toBe(true);
    const before = await payments(lotte);

    expect(await order(lotte, view.body!.after, { cookie })).toMatchObject({
      status: 400,
      body: { error: "passwordRequired" },
    });
    expect(await order(lotte, view.body!.after, { cookie, password: "" })).toMatchObject({
      status: 400,
      body: { error: "passwordRequired" },
    });
    expect(await payments(lotte)).toBe(before);

    // The right password: charged, and the session counts as proven from now.
    const charged = await order(lotte, view.body!.after, { cookie, password: PASSWORD });
    expect(charged.location).toMatch(/^\/transactions\/\d+$/);
    expect(await payments(lotte)).toBe(before + 1);
    expect((await page(lotte, "", cookie)).body?.passwordNeeded).toBe(false);
  });

  it("asks a session that a mail link opened (never proven) too", async () => {
    const mila = await buyer({ password: PASSWORD });
    await buy(mila, { fields: { method: "creditcard" } });
    const cookie = await loginCookie(mila, false);
    const view = await page(mila, "", cookie);
    expect(view.body?.passwordNeeded).toBe(true);
    expect((await order(mila, view.body!.after, { cookie })).body).toEqual({ error: "passwordRequired" });
    expect(await payments(mila)).toBe(1);
  });

  it("refuses a wrong password and counts it against the login lock like a failed login", async () => {
    const noor = await buyer({ password: PASSWORD });
    await buy(noor, { fields: { method: "creditcard" } });
    const { loginMaxAttempts } = await db().site.findUniqueOrThrow({
      where: { id: siteId },
      select: { loginMaxAttempts: true },
    });
    const cookie = await loginCookie(noor, false);
    const { after } = (await page(noor, "", cookie)).body!;
    for (let attempt = 1; attempt <= loginMaxAttempts; attempt++) {
      const refused = await order(noor, after, { cookie, password: "Niet-het-wachtwoord-1" });
      // As at the login form, the last failure the lock allows is answered with the lock.
      expect(refused).toMatchObject(
        attempt < loginMaxAttempts
          ? { status: 400, body: { error: "wrongPassword" } }
          : { status: 429, body: { error: "locked" } },
      );
      expect(await db().loginAttempt.count({ where: { userId: noor.userId } })).toBe(attempt);
    }
    // Locked now, as the login form would be: even the right password is not checked.
    const locked = await order(noor, after, { cookie, password: PASSWORD });
    expect(locked).toMatchObject({ status: 429, body: { error: "locked" } });
    expect(locked.body?.message).toMatch(/\d+ min/);
    expect(await payments(noor)).toBe(1);
    expect(await credits(noor)).toBe((await eurPackage()).credits);
  });
});

describe("/credits/repeat-order with Mollie unreachable", () => {
  const network = mollieNetworkForSuite();

  it("says the provider does not answer and nothing was charged, and books nothing", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const sem = await buyer({ password: PASSWORD });
    const first = await buy(sem, { fields: { method: "creditcard" } });
    const cookie = await loginCookie(sem);
    network.set("refused");
    const cutBefore = network.cutOff;
    const view = await page(sem, "", cookie);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ providerDown: true, mandate: null });
    expect(network.cutOff).toBeGreaterThan(cutBefore);
    const outcome = await order(sem, view.body!.after, { cookie });
    expect(outcome).toMatchObject({ status: 502, body: { error: "providerDown" } });
    expect(await db().payment.findMany({ where: { userId: sem.userId }, select: { id: true } })).toEqual([
      { id: first.payment.id },
    ]);
    expect(await credits(sem)).toBe(first.creditPackage.credits);

    network.set("up");
    expect((await page(sem, "", cookie)).body).toMatchObject({
      providerDown: false,
      mandate: { lastDigits: "6787" },
    });
    errors.mockRestore();
  });
});
