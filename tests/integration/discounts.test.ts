// Discount codes and the time bonus on credit purchases, against the real database and the real
// Mollie client answered by the simulator: every code rule, the time-bonus window edges, the amount
// Mollie is asked for, redemptions booked with the payment, GET /api/discountcode.php and the modal;
// guessing: codes not found limited per member and per IP (JSON call, code field, pay form).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { packagesFor } from "~/domain/credits/packages.server";
import { completeSimulatedPayment } from "~/stand-ins/mollie-simulator.server";
import { purchaseOffer } from "~/domain/payments/purchase-offer.server";
import type { DiscountValidity } from "~/generated/prisma/enums";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { db } from "~/lib/db.server";
import * as root from "~/root";
import * as discountApi from "~/routes/api.discountcode";
import * as checkout from "~/routes/credits.$id";
import * as packagesPage from "~/routes/credits";
import * as pricing from "~/routes/pricing";
import * as deletePage from "~/routes/settings.delete";
import * as settingsPage from "~/routes/settings";
import * as transaction from "~/routes/transactions.$id";
import * as dismiss from "~/routes/time-bonus.dismiss";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, type Member } from "../fixtures/members";
import { buy, buyer, eurPackage } from "../fixtures/purchases";
import { routeSimulatorWebhooks } from "../fixtures/mollie-webhooks";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, siteRequest } from "../fixtures/run-route";

let siteId: number;

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
});

routeSimulatorWebhooks();

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3600_000;

let codeCounter = 0;
/** A discount code of the test site; a unique code unless one is given. */
async function discountCode(
  fields: {
    code?: string;
    percentage?: number;
    minimumOrderCents?: number;
    country?: string;
    userId?: number;
    expiresAt?: Date;
    currency?: string;
    active?: boolean;
    validity?: DiscountValidity;
    paymentMethods?: string[];
    welcome?: boolean;
    site?: number;
  } = {},
) {
  const { site, ...data } = fields;
  const code = data.code ?? `TEST${process.pid}X${++codeCounter}`;
  return db().discountCode.create({
    data: { percentage: 10, ...data, code, siteId: site ?? siteId },
    select: { id: true, code: true },
  });
}

/** GET /api/discountcode.php as a member (or a visitor). */
async function api(who: Member | null, query: string) {
  return runRoute<Record<string, unknown> | null>(
    await siteRequest(`/api/discountcode.php?${query}`, who?.userId ?? null),
    discountApi.loader as never,
  );
}

async function quote(who: Member, code: string, packageId: number, method?: string) {
  const query = new URLSearchParams({ code, package: String(packageId), ...(method ? { method } : {}) });
  const outcome = await api(who, query.toString());
  return outcome.body!;
}

/** The payment page as the member sees it (with `?code=`). */
async function checkoutPage(who: Member, packageId: number, search = "") {
  const outcome = await runRoute<{
    offer: {
      amountCents: number;
      priceCents: number;
      discount: { code: string; percentage: number; source: string } | null;
      codeError: { reason: string } | null;
      codeIgnored: boolean;
    };
    code: string;
  }>(await siteRequest(`/credits/${packageId}${search}`, who.userId), checkout.loader as never, {
    id: String(packageId),
  });
  expect(outcome.status).toBe(200);
  return outcome.body!;
}

/** Posts the payment form; on success the Mollie id and our payment. */
async function pay(who: Member, packageId: number, fields: Record<string, string> = { method: "ideal" }) {
  const outcome = await runRoute<{ error: string; discountError?: { reason: string } }>(
    await siteRequest(`/credits/${packageId}`, who.userId, { form: fields }),
    checkout.action as never,
    { id: String(packageId) },
  );
  const match = /\/dev\/mollie\/checkout\/(tr_\w+)$/.exec(outcome.location ?? "");
  if (!match) return { outcome, mollieId: null, payment: null };
  const payment = await db().payment.findUniqueOrThrow({
    where: { molliePaymentId: match[1] },
    select: { id: true, amountCents: true, discountPercent: true, discountCode: true, currency: true },
  });
  return { outcome, mollieId: match[1]!, payment };
}

const NOT_FOUND = { valid: false, status: "not-found", error: "Code niet gevonden" };
/** A query the call cannot read: refused before any code is looked up. */
const UNREADABLE = { valid: false, error: "Code niet gevonden" };
const NO_PACKAGE = { valid: false, error: "Dit pakket bestaat niet. Kies een pakket uit de lijst." };

describe("discount code rules", () => {
  it("an unknown code is not found", async () => {
    const anna = await buyer();
    const pkg = await eurPackage();
    expect(await quote(anna, "NOSUCHCODE", pkg.id)).toMatchObject(NOT_FOUND);
    expect(await quote(anna, "X".repeat(80), pkg.id, "ideal")).toMatchObject(NOT_FOUND);
    const page = await checkoutPage(anna, pkg.id, "?code=nosuchcode");
    expect(page.offer).toMatchObject({ codeError: { reason: "notFound" }, amountCents: pkg.priceCents });
  });

  it("a valid code gives its percentage, the amount computed on the server, case-insensitively", async () => {
    const bram = await buyer();
    const pkg = await eurPackage();
    const { code } = await discountCode({ percentage: 15 });
    expect(await quote(bram, code.toLowerCase(), pkg.id, "ideal")).toEqual({
      valid: true,
      code,
      status: "active",
      value_percentage: 15,
      validity: "once-per-user",
      expires: null,
      expired: false,
      minimum_order_value: 0,
      currency: "EUR",
      country: null,
      user_id: null,
      paymentmethods: [],
      percentage: 15,
      amountCents: Math.round((pkg.priceCents * 85) / 100),
    });
  });

  it("an inactive code is not found for the member, its status says inactive", async () => {
    const cees = await buyer();
    const { code } = await discountCode({ active: false });
    expect(await quote(cees, code, (await eurPackage()).id)).toMatchObject({
      ...NOT_FOUND,
      code,
      status: "inactive",
      value_percentage: 10,
    });
  });

  it("an expired code is not found; one expiring later applies", async () => {
    const dirk = await buyer();
    const pkg = await eurPackage();
    const expired = await discountCode({ expiresAt: new Date(Date.now() - 1000) });
    const later = await discountCode({ expiresAt: new Date(Date.now() + HOUR) });
    expect(await quote(dirk, expired.code, pkg.id)).toMatchObject({
      ...NOT_FOUND,
      status: "expired",
      expired: true,
    });
    expect(await quote(dirk, later.code, pkg.id)).toMatchObject({ valid: true, code: later.code });
  });

  it("a code for another country is not found; for the buyer's country it applies", async () => {
    const nl = await buyer({ country: "NL" });
    const be = await buyer({ country: "BE" });
    const pkg = await eurPackage();
    const { code } = await discountCode({ country: "BE" });
    expect(await quote(nl, code, pkg.id)).toMatchObject(NOT_FOUND);
    expect(await quote(be, code, pkg.id)).toMatchObject({ valid: true });
  });

  it("a code in another currency is not found; in the buyer's currency it applies", async () => {
    const eva = await buyer({ country: "NL" });
    const piotr = await buyer({ country: "PL" });
    const { code } = await discountCode({ currency: "PLN", percentage: 20 });
    expect(await quote(eva, code, (await eurPackage()).id)).toMatchObject(NOT_FOUND);
    const [pln] = await packagesFor(siteId, "PLN");
    expect(await quote(piotr, code, pln!.id, "blik")).toMatchObject({
      valid: true,
      code,
      percentage: 20,
      amountCents: Math.round((pln!.priceCents * 80) / 100),
      currency: "PLN",
    });
  });

  it("a code for one member is not found for another", async () => {
    const [fleur, gert] = [await buyer(), await buyer()];
    const pkg = await eurPackage();
    const { code } = await discountCode({ userId: fleur.userId });
    expect(await quote(gert, code, pkg.id)).toMatchObject(NOT_FOUND);
    expect(await quote(fleur, code, pkg.id)).toMatchObject({ valid: true });
  });

  it("a code of another site is not found", async () => {
    const hanna = await buyer();
    const other = await db().site.findFirstOrThrow({ where: { id: { not: siteId } }, select: { id: true } });
    const { code } = await discountCode({ site: other.id });
    expect(await quote(hanna, code, (await eurPackage()).id)).toMatchObject(NOT_FOUND);
  });

  it("a code below its minimum order is refused with the minimum; a larger package qualifies", async () => {
    const ivo = await buyer();
    const [small, large] = [await eurPackage(0), await eurPackage(1)];
    const { code } = await discountCode({ minimumOrderCents: small.priceCents + 1 });
    expect(await quote(ivo, code, small.id)).toMatchObject({
      valid: false,
      status: "active",
      minimum_order_value: (small.priceCents + 1) / 100,
      error: `Deze code geldt vanaf een bestelling van €\u00a0${((small.priceCents + 1) / 100).toFixed(2).replace(".", ",")}.`,
    });
    expect(await quote(ivo, code, large.id)).toMatchObject({ valid: true });
    const started = await pay(ivo, small.id, { method: "ideal", code });
    expect(started.outcome).toMatchObject({
      status: 400,
      body: { discountError: { reason: "minimumOrder" } },
    });
  });

  it("a code for some methods only is refused for another method, also when paying", async () => {
    const jan = await buyer();
    const pkg = await eurPackage();
    const { code } = await discountCode({ paymentMethods: ["paypal"], percentage: 30 });
    expect(await quote(jan, code, pkg.id, "ideal")).toMatchObject({
      valid: false,
      status: "active",
      paymentmethods: ["paypal"],
      error: "Deze code geldt alleen bij betalen met PayPal.",
    });
    expect(await quote(jan, code, pkg.id, "paypal")).toMatchObject({ valid: true, percentage: 30 });
    // Without a method chosen yet the page shows the discount and the methods it is for.
    const page = await checkoutPage(jan, pkg.id, `?code=${code}`);
    expect(page.offer.discount).toMatchObject({ code, percentage: 30, methods: ["paypal"] });

    const refused = await pay(jan, pkg.id, { method: "ideal", code });
    expect(refused.outcome).toMatchObject({
      status: 400,
      body: { error: "discount", discountError: { reason: "method", methods: ["paypal"] } },
    });
    expect(await db().payment.count({ where: { userId: jan.userId } })).toBe(0);
    const paid = await pay(jan, pkg.id, { method: "paypal", code });
    expect(paid.payment).toMatchObject({
      amountCents: Math.round((pkg.priceCents * 70) / 100),
      discountPercent: 30,
      discountCode: code,
    });
  });

  it("a refused code keeps the chosen method and bank on the form shown again", async () => {
    const jet = await buyer();
    const pkg = await eurPackage();
    const { code } = await discountCode({ paymentMethods: ["paypal"], percentage: 30 });
    const page = await checkoutPage(jet, pkg.id, `?code=${code}`);
    const [ideal] = (page as unknown as { methods: { id: string; issuers: { id: string }[] }[] }).methods;
    const issuer = ideal!.issuers[1]!.id;
    const refused = await pay(jet, pkg.id, { method: "ideal", issuer, code });
    expect(refused.outcome).toMatchObject({
      status: 400,
      body: { error: "discount", discountError: { reason: "method" }, method: "ideal", issuer },
    });
    const creditcard = await pay(jet, pkg.id, { method: "creditcard", code });
    expect(creditcard.outcome.body).toMatchObject({ error: "discount", method: "creditcard", issuer: null });
    // Shown again: the card stays chosen, not the page's first method.
    const { html } = renderRoute({
      Component: checkout.default as never,
      path: "/credits/:id/:paymentmethod?",
      url: `/credits/${pkg.id}?code=${code}`,
      loaderData: page,
      actionData: creditcard.outcome.body,
    });
    const checked = [...html.matchAll(/<input [^>]*name="method"[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes('checked=""'))
      .map((tag) => /value="(\w+)"/.exec(tag)![1]);
    expect(checked).toEqual(["creditcard"]);
  });

  it("a once-per-member code is 'Code reeds gebruikt' after a paid purchase, for that member only", async () => {
    const [kim, lotte] = [await buyer(), await buyer()];
    const pkg = await eurPackage();
    const { id, code } = await discountCode({ validity: "once_per_member", percentage: 20 });
    // A payment started but not paid does not use the code up.
    await pay(kim, pkg.id, { method: "ideal", code });
    expect(await quote(kim, code, pkg.id)).toMatchObject({ valid: true });

    const { payment } = await buy(kim, { fields: { method: "ideal", code } });
    expect(payment).toMatchObject({
      amountCents: Math.round((pkg.priceCents * 80) / 100),
      discountPercent: 20,
      discountCode: code,
    });
    expect(
      await db().discountRedemption.findMany({
        where: { discountCodeId: id },
        select: { userId: true, paymentId: true },
      }),
    ).toEqual([{ userId: kim.userId, paymentId: payment.id }]);

    expect(await quote(kim, code, pkg.id)).toMatchObject({
      valid: false,
      status: "used",
      validity: "once-per-user",
      error: "Code reeds gebruikt",
    });
    const page = await checkoutPage(kim, pkg.id, `?code=${code}`);
    expect(page.offer).toMatchObject({ codeError: { reason: "alreadyUsed" }, amountCents: pkg.priceCents });
    const again = await pay(kim, pkg.id, { method: "ideal", code });
    expect(again.outcome).toMatchObject({ status: 400, body: { discountError: { reason: "alreadyUsed" } } });
    expect(await quote(lotte, code, pkg.id)).toMatchObject({ valid: true });
  });

  it("an unlimited code keeps working after paid purchases, each recorded", async () => {
    const mark = await buyer();
    const pkg = await eurPackage();
    const { id, code } = await discountCode({ validity: "unlimited", percentage: 10 });
    const first = await buy(mark, { fields: { method: "ideal", code } });
    const second = await buy(mark, { fields: { method: "ideal", code } });
    for (const { payment } of [first, second]) {
      expect(payment.amountCents).toBe(Math.round((pkg.priceCents * 90) / 100));
    }
    expect(await db().discountRedemption.count({ where: { discountCodeId: id, userId: mark.userId } })).toBe(
      2,
    );
    expect(await quote(mark, code, pkg.id)).toMatchObject({ valid: true });
  });

  it("the payment page recomputes the summary for ?code= and carries it into the payment", async () => {
    const nina = await buyer();
    const pkg = await eurPackage();
    const { code } = await discountCode({ percentage: 40 });
    const page = await checkoutPage(nina, pkg.id, `?code=${code.toLowerCase()}`);
    expect(page.code).toBe(code.toLowerCase());
    expect(page.offer).toMatchObject({
      priceCents: pkg.priceCents,
      amountCents: Math.round((pkg.priceCents * 60) / 100),
      discount: { code, percentage: 40, source: "code" },
      codeError: null,
    });
    const unknown = await checkoutPage(nina, pkg.id, "?code=NOPE");
    expect(unknown.offer).toMatchObject({
      codeError: { reason: "notFound" },
      discount: null,
      amountCents: pkg.priceCents,
    });
    // A refused code stops the payment rather than charging something else.
    const refused = await pay(nina, pkg.id, { method: "ideal", code: "NOPE" });
    expect(refused.outcome).toMatchObject({ status: 400, body: { discountError: { reason: "notFound" } } });
  });
});

describe("a code carried on", () => {
  /** The hrefs of the links with the test id on a rendered page. */
  const links = (html: string, testId: string) =>
    [...html.matchAll(/<a [^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes(`data-testid="${testId}"`))
      .map((tag) => /href="([^"]*)"/.exec(tag)![1]!.replace(/&amp;/g, "&"));

  async function retryLinkAfterFailing(who: Member, packageId: number, fields: Record<string, string>) {
    const started = await pay(who, packageId, fields);
    expect(started.outcome.status, JSON.stringify(started.outcome.body)).toBe(302);
    await completeSimulatedPayment(started.mollieId!, "failed", 60_000);
    const page = await runRoute(
      await siteRequest(`/transactions/${started.payment!.id}`, who.userId),
      transaction.loader as never,
      { id: String(started.payment!.id) },
    );
    const { html } = renderRoute({
      Component: transaction.default as never,
      path: "/transactions/:id",
      url: `/transactions/${started.payment!.id}`,
      loaderData: page.body,
    });
    return links(html, "payment-retry-link");
  }

  it("the retry link after a failed payment carries its discount code, never the time bonus's", async () => {
    const yara = await buyer();
    const pkg = await eurPackage();
    const { code } = await discountCode({ percentage: 15 });
    expect(await retryLinkAfterFailing(yara, pkg.id, { method: "ideal", code })).toEqual([
      `/credits/${pkg.id}?failed=ideal&code=${code}`,
    ]);
    // The retry page applies it again.
    const retry = await checkoutPage(yara, pkg.id, `?failed=ideal&code=${code}`);
    expect(retry.offer).toMatchObject({ discount: { code, source: "code" }, codeError: null });

    const zoe = await buyer({ signupDate: new Date(Date.now() - 60_000) });
    expect(await retryLinkAfterFailing(zoe, pkg.id, { method: "ideal" })).toEqual([
      `/credits/${pkg.id}?failed=ideal`,
    ]);
  });

  it("/credits?code= carries the code to the packages' links, not the time bonus's", async () => {
    const aron = await buyer();
    const packageLinks = async (search: string) => {
      const page = await runRoute(
        await siteRequest(`/credits${search}`, aron.userId),
        packagesPage.loader as never,
      );
      expect(page.status).toBe(200);
      const { html } = renderRoute({
        Component: packagesPage.default as never,
        path: "/credits",
        url: `/credits${search}`,
        loaderData: page.body,
      });
      return links(html, "package-buy");
    };
    const ids = (await packagesFor(siteId, "EUR")).map((p) => p.id);
    expect(await packageLinks("?code=%20Zomer%2610%20")).toEqual(
      ids.map((id) => `/credits/${id}?code=Zomer%2610`),
    );
    for (const search of ["", "?code=", "?code=timebonus25"]) {
      expect(await packageLinks(search)).toEqual(ids.map((id) => `/credits/${id}`));
    }
  });
});

describe("the Mollie amount", () => {
  it("is the discounted one, with the discount stored on our payment", async () => {
    const olga = await buyer();
    const pkg = await eurPackage(1);
    const { code } = await discountCode({ percentage: 25 });
    const { mollieId, payment } = await pay(olga, pkg.id, { method: "ideal", code });
    const expected = Math.round((pkg.priceCents * 75) / 100);
    expect(payment).toMatchObject({ amountCents: expected, discountPercent: 25, discountCode: code });
    const stored = await db().mollieSimulatorPayment.findUniqueOrThrow({ where: { id: mollieId! } });
    expect([stored.amountValue, stored.currency]).toEqual([(expected / 100).toFixed(2), "EUR"]);
  });

  it("ignores any amount sent with the form", async () => {
    const piet = await buyer();
    const pkg = await eurPackage();
    const { payment } = await pay(piet, pkg.id, { method: "ideal", amount: "1", amountCents: "1" });
    expect(payment!.amountCents).toBe(pkg.priceCents);
  });
});

describe("time bonus", () => {
  /** Freezes the clock (Date only) so the request sees exactly `seconds` since signup. */
  async function memberAt(seconds: number) {
    const now = new Date();
    const created = await createMember({ country: "NL", region: null });
    await db().user.update({
      where: { id: created.userId },
      data: { signupDate: new Date(now.getTime() - seconds * 1000) },
      select: { id: true },
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    return created;
  }

  it("takes 25% off 14,399 s after signup, and Mollie is asked for that amount", async () => {
    const quinty = await memberAt(14_399);
    const pkg = await eurPackage();
    const expected = Math.round((pkg.priceCents * 75) / 100);
    const page = await checkoutPage(quinty, pkg.id);
    expect(page.offer).toMatchObject({
      amountCents: expected,
      discount: { code: "TIMEBONUS25", percentage: 25, source: "timeBonus" },
    });
    const { mollieId, payment } = await pay(quinty, pkg.id);
    expect(payment).toMatchObject({
      amountCents: expected,
      discountPercent: 25,
      discountCode: "TIMEBONUS25",
    });
    const stored = await db().mollieSimulatorPayment.findUniqueOrThrow({ where: { id: mollieId! } });
    expect(stored.amountValue).toBe((expected / 100).toFixed(2));
  });

  it("is over 14,401 s after signup: the full price", async () => {
    const rik = await memberAt(14_401);
    const pkg = await eurPackage();
    const page = await checkoutPage(rik, pkg.id);
    expect(page.offer).toMatchObject({ amountCents: pkg.priceCents, discount: null });
    const { payment } = await pay(rik, pkg.id);
    expect(payment).toMatchObject({ amountCents: pkg.priceCents, discountPercent: 0, discountCode: null });
  });

  it("follows the window edges in the price computation itself", async () => {
    const sanne = await createMember({ country: "NL", region: null });
    const signupDate = new Date("2025-01-01T10:00:00Z");
    const pkg = await eurPackage();
    const at = async (seconds: number) =>
      (await purchaseOffer(siteId, "NL", pkg.id, {
        buyer: { userId: sanne.userId, signupDate, paidUser: false },
        now: new Date(signupDate.getTime() + seconds * 1000),
      }))!;
    expect(await at(14_399)).toMatchObject({ discountPercent: 25, discountCode: "TIMEBONUS25" });
    expect((await at(14_399)).amountCents).toBe(Math.round((pkg.priceCents * 75) / 100));
    expect(await at(14_401)).toMatchObject({
      discountPercent: 0,
      discountCode: null,
      amountCents: pkg.priceCents,
    });
  });

  it("is for the first purchase only: once paid it is gone, from prices and from the page data", async () => {
    const tom = await buyer({ signupDate: new Date(Date.now() - 10 * 60_000) });
    const pkg = await eurPackage();
    const before = await runRoute<{ user: { timeBonusEndsAt: string | null; timeBonusSecondsLeft: number } }>(
      await siteRequest("/members", tom.userId),
      root.loader as never,
    );
    expect(before.body!.user.timeBonusEndsAt).not.toBeNull();
    expect(before.body!.user.timeBonusSecondsLeft).toBeGreaterThan(14_400 - 11 * 60);
    expect(before.body!.user.timeBonusSecondsLeft).toBeLessThanOrEqual(14_400 - 10 * 60);

    const { payment } = await buy(tom);
    expect(payment.discountCode).toBe("TIMEBONUS25");
    // TIMEBONUS25 is no table row: nothing to redeem; being paid ends it.
    expect(await db().discountRedemption.count({ where: { userId: tom.userId } })).toBe(0);
    const after = await runRoute<{ user: { timeBonusEndsAt: string | null } }>(
      await siteRequest("/members", tom.userId),
      root.loader as never,
    );
    expect(after.body!.user.timeBonusEndsAt).toBeNull();
    expect((await checkoutPage(tom, pkg.id)).offer).toMatchObject({
      amountCents: pkg.priceCents,
      discount: null,
    });
    expect((await api(tom, "welcome=true")).body).toBeNull();
  });

  it("shows on /pricing as on /credits for a member; visitors see the packages' own prices", async () => {
    const wout = await buyer({ signupDate: new Date(Date.now() - 60_000) });
    const packagesOn = async (path: string, loader: unknown, userId: number | null) =>
      (
        await runRoute<{ packages: { id: number; priceCents: number; amountCents?: number }[] }>(
          await siteRequest(path, userId),
          loader as never,
        )
      ).body!.packages;
    const onPricing = await packagesOn("/pricing", pricing.loader, wout.userId);
    expect(onPricing).toEqual(await packagesOn("/credits", packagesPage.loader, wout.userId));
    expect(onPricing[0]).toMatchObject({
      amountCents: Math.round((onPricing[0]!.priceCents * 75) / 100),
      discount: { code: "TIMEBONUS25", source: "timeBonus" },
    });
    const forVisitors = await packagesOn("/pricing", pricing.loader, null);
    expect(forVisitors.map((p) => p.id)).toEqual(onPricing.map((p) => p.id));
    expect(forVisitors.every((p) => p.amountCents === undefined)).toBe(true);
  });

  it("wins over an entered code (they do not combine)", async () => {
    const uma = await buyer({ signupDate: new Date(Date.now() - 60_000) });
    const pkg = await eurPackage();
    const { code } = await discountCode({ percentage: 50 });
    const page = await checkoutPage(uma, pkg.id, `?code=${code}`);
    expect(page.offer).toMatchObject({
      discount: { code: "TIMEBONUS25" },
      codeIgnored: true,
      codeError: null,
      amountCents: Math.round((pkg.priceCents * 75) / 100),
    });
    expect(await quote(uma, code, pkg.id)).toMatchObject({
      valid: true,
      code: "TIMEBONUS25",
      percentage: 25,
    });
  });

  it("the modal's close stores the dismissal, and the root data says so", async () => {
    const vera = await buyer({ signupDate: new Date(Date.now() - 60_000) });
    const rootData = async () =>
      (
        await runRoute<{ user: { timeBonusDismissed: boolean } }>(
          await siteRequest("/members", vera.userId),
          root.loader as never,
        )
      ).body!.user;
    expect(await rootData()).toMatchObject({ timeBonusDismissed: false });
    const fetcher = await runRoute(
      await siteRequest("/time-bonus/dismiss", vera.userId, { form: {} }),
      dismiss.action as never,
    );
    expect(fetcher).toMatchObject({ status: 200, body: { ok: true } });
    expect(await rootData()).toMatchObject({ timeBonusDismissed: true });
    // Without JavaScript: a plain form returns to its page (on this site only).
    for (const [redirectTo, location] of [
      ["/members?page=2", "/members?page=2"],
      ["//evil.example", "/"],
    ]) {
      const plain = await runRoute(
        await siteRequest("/time-bonus/dismiss", vera.userId, { form: { redirectTo: redirectTo! } }),
        dismiss.action as never,
      );
      expect(plain).toMatchObject({ status: 302, location });
    }
  });
});

describe("welcome code", () => {
  it("applies by itself without a time bonus, once per member", async () => {
    const wim = await buyer();
    const pkg = await eurPackage();
    // Another site's welcome code and an inactive one do not count; the largest valid one does.
    // (All for this member only, so that no other test's prices change.)
    const other = await db().site.findFirstOrThrow({ where: { id: { not: siteId } }, select: { id: true } });
    await discountCode({ welcome: true, percentage: 60, site: other.id, userId: wim.userId });
    await discountCode({ welcome: true, percentage: 50, active: false, userId: wim.userId });
    await discountCode({ welcome: true, percentage: 5, userId: wim.userId });
    const welcome = await discountCode({ welcome: true, percentage: 12, userId: wim.userId });
    expect((await api(wim, "welcome=true")).body).toEqual({
      code: welcome.code,
      status: "active",
      value_percentage: 12,
      validity: "once-per-user",
      expires: null,
      expired: false,
      minimum_order_value: 0,
      currency: "EUR",
      country: null,
      user_id: wim.userId,
      paymentmethods: [],
      percentage: 12,
      timeBonus: false,
      expiresAt: null,
    });
    const page = await checkoutPage(wim, pkg.id);
    expect(page.offer).toMatchObject({ discount: { code: welcome.code, source: "welcome" } });
    const { payment } = await buy(wim);
    expect(payment).toMatchObject({
      discountCode: welcome.code,
      amountCents: Math.round((pkg.priceCents * 88) / 100),
    });
    // Used: the next welcome code that applies takes over.
    const next = await checkoutPage(wim, pkg.id);
    expect(next.offer).toMatchObject({ discount: { percentage: 5, source: "welcome" } });
  });

  it("an entered valid code replaces it", async () => {
    const xander = await buyer();
    const pkg = await eurPackage();
    await discountCode({ welcome: true, percentage: 7, userId: xander.userId });
    const { code } = await discountCode({ percentage: 3 });
    const page = await checkoutPage(xander, pkg.id, `?code=${code}`);
    expect(page.offer).toMatchObject({ discount: { code, source: "code", percentage: 3 } });
  });
});

describe("GET /api/discountcode.php", () => {
  it("is for members only: visitors get 403 authentication_required", async () => {
    for (const query of ["welcome=true", `code=X&package=${(await eurPackage()).id}`]) {
      const outcome = await api(null, query);
      expect(outcome).toMatchObject({ status: 403, body: { error: "authentication_required" } });
    }
  });

  it("?welcome=true answers the time bonus with its end while it runs", async () => {
    const yara = await buyer({ signupDate: new Date(Date.now() - HOUR) });
    const user = await db().user.findUniqueOrThrow({
      where: { id: yara.userId },
      select: { signupDate: true },
    });
    const ends = new Date(user.signupDate.getTime() + 14_400_000).toISOString();
    // The welcome bonus as docs/product.md (JSON calls) gives it: TIMEBONUS25, 25, active, once-per-user.
    expect((await api(yara, "welcome=true")).body).toEqual({
      code: "TIMEBONUS25",
      status: "active",
      value_percentage: 25,
      validity: "once-per-user",
      expires: ends,
      expired: false,
      minimum_order_value: 0,
      currency: "EUR",
      country: null,
      user_id: yara.userId,
      paymentmethods: [],
      percentage: 25,
      timeBonus: true,
      expiresAt: ends,
    });
  });

  it("?welcome=true is null without a time bonus or welcome code", async () => {
    const zoe = await buyer();
    expect(await api(zoe, "welcome=true")).toMatchObject({ status: 200, body: null });
  });

  it("refuses a malformed query and an unknown package, with the reason in the member's language", async () => {
    const adam = await buyer();
    expect(await api(adam, "code=X&package=abc")).toMatchObject({ status: 400, body: NO_PACKAGE });
    expect(await api(adam, "package=1")).toMatchObject({ status: 400, body: UNREADABLE });
    expect(await api(adam, "code=%20&package=1")).toMatchObject({ status: 400, body: UNREADABLE });
    expect(await api(adam, "code=X&package=999999")).toMatchObject({ status: 404, body: NO_PACKAGE });
  });
});

describe("guessing codes", () => {
  const TOO_MANY = "Te veel codes geprobeerd die niet bestaan. Probeer het over een uur opnieuw.";
  let ipCounter = 0;
  /** An address of the test's own: codes not found are limited per IP over all its members. */
  const newIp = () => `10.66.${process.pid % 250}.${++ipCounter}`;
  const from = (ip: string) => ({ headers: { [CLIENT_IP_HEADER]: ip } });

  async function apiFrom(who: Member, ip: string, code: string, packageId: number) {
    const query = new URLSearchParams({ code, package: String(packageId) });
    return runRoute<{ valid: boolean; error?: string }>(
      await siteRequest(`/api/discountcode.php?${query}`, who.userId, from(ip)),
      discountApi.loader as never,
    );
  }

  /** The payment page with `?code=` (the code field's GET form). */
  async function fieldFrom(who: Member, ip: string, code: string, packageId: number) {
    return runRoute<{ offer: { codeError: { reason: string } | null }; code: string }>(
      await siteRequest(`/credits/${packageId}?${new URLSearchParams({ code })}`, who.userId, from(ip)),
      checkout.loader as never,
      { id: String(packageId) },
    );
  }

  /** The pay form sent with a code (as a script could, with any code). */
  async function payFrom(who: Member, ip: string, code: string, packageId: number) {
    return runRoute<{ error: string; discountError?: { reason: string } }>(
      await siteRequest(`/credits/${packageId}`, who.userId, {
        form: { method: "ideal", code },
        ...from(ip),
      }),
      checkout.action as never,
      { id: String(packageId) },
    );
  }

  it("the JSON call answers 10 codes not found per member an hour, then 429; valid codes do not count", async () => {
    const [bart, cor] = [await buyer(), await buyer()];
    const [ip, pkg, valid] = [newIp(), await eurPackage(), await discountCode({ percentage: 15 })];
    for (let guess = 0; guess < 10; guess++) {
      // Applying a real code in between costs nothing.
      expect(await apiFrom(bart, ip, valid.code, pkg.id)).toMatchObject({
        status: 200,
        body: { valid: true },
      });
      expect(await apiFrom(bart, ip, `NOPE${guess}`, pkg.id)).toMatchObject({ status: 200, body: NOT_FOUND });
    }
    expect(await apiFrom(bart, ip, "NOPE10", pkg.id)).toMatchObject({
      status: 429,
      body: { valid: false, error: TOO_MANY },
    });
    // Now not even a real code is looked up for this member.
    expect(await apiFrom(bart, ip, valid.code, pkg.id)).toMatchObject({
      status: 429,
      body: { error: TOO_MANY },
    });
    // Another member at the same address still gets answers.
    expect(await apiFrom(cor, ip, "NOPE11", pkg.id)).toMatchObject({ status: 200, body: NOT_FOUND });
  });

  it("the checkout's code field shows the message in the field after 10 codes not found, keeping the form", async () => {
    const dana = await buyer();
    const [ip, pkg] = [newIp(), await eurPackage()];
    for (let guess = 0; guess < 10; guess++) {
      const page = await fieldFrom(dana, ip, `GUESS${guess}`, pkg.id);
      expect(page.status).toBe(200);
      expect(page.body?.offer.codeError).toEqual({ reason: "notFound" });
    }
    const refused = await fieldFrom(dana, ip, "GUESS10", pkg.id);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ offer: { codeError: { reason: "tooManyTries" } }, code: "GUESS10" });
    const { html, text } = renderRoute({
      Component: checkout.default as never,
      path: "/credits/:id/:paymentmethod?",
      url: `/credits/${pkg.id}?code=GUESS10`,
      loaderData: refused.body,
    });
    expect(text).toContain(TOO_MANY);
    expect(html).toMatch(/<input [^>]*name="code"[^>]*value="GUESS10"/);
    expect(html).toContain('data-testid="pay-button"');

    // The pay form sent with a code is refused the same way, and nothing is started.
    const paid = await payFrom(dana, ip, "GUESS11", pkg.id);
    expect(paid).toMatchObject({
      status: 429,
      body: { error: "discount", discountError: { reason: "tooManyTries" } },
    });
    expect(await db().payment.count({ where: { userId: dana.userId } })).toBe(0);
  });

  it("one address gets 30 codes not found an hour over all its members, whichever way they are sent", async () => {
    const [eva, finn, gijs, hugo] = [await buyer(), await buyer(), await buyer(), await buyer()];
    const [ip, pkg] = [newIp(), await eurPackage()];
    for (let guess = 0; guess < 10; guess++) {
      expect((await apiFrom(eva, ip, `A${guess}`, pkg.id)).body).toMatchObject(NOT_FOUND);
      expect((await fieldFrom(finn, ip, `B${guess}`, pkg.id)).body?.offer.codeError).toEqual({
        reason: "notFound",
      });
      expect((await payFrom(gijs, ip, `C${guess}`, pkg.id)).body?.discountError).toEqual({
        reason: "notFound",
      });
    }
    expect(await apiFrom(hugo, ip, "D0", pkg.id)).toMatchObject({ status: 429, body: { error: TOO_MANY } });
    expect((await fieldFrom(hugo, ip, "D1", pkg.id)).status).toBe(429);
    // The same member from another address is answered.
    expect(await apiFrom(hugo, newIp(), "D2", pkg.id)).toMatchObject({ status: 200, body: NOT_FOUND });
  });

  it("codes that exist, switched off or expired, count as no guess in the code field and the JSON call", async () => {
    const ilse = await buyer();
    const [ip, pkg] = [newIp(), await eurPackage()];
    const off = await discountCode({ active: false });
    const over = await discountCode({ expiresAt: new Date(Date.now() - HOUR) });
    for (let i = 0; i < 12; i++) {
      const page = await fieldFrom(ilse, ip, i % 2 ? off.code : over.code, pkg.id);
      expect(page.status).toBe(200);
      expect(page.body?.offer.codeError).toEqual({ reason: "notFound" });
      expect((await apiFrom(ilse, ip, i % 2 ? over.code : off.code, pkg.id)).status).toBe(200);
    }
  });

  it("40 guesses at once get 10 answers, not more", async () => {
    const ines = await buyer();
    const [ip, pkg] = [newIp(), await eurPackage()];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, guess) => apiFrom(ines, ip, `PAR${guess}`, pkg.id)),
    );
    expect(answers.filter((a) => a.status === 200 && a.body?.error === NOT_FOUND.error)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429 && a.body?.error === TOO_MANY)).toHaveLength(30);
  });
});

describe("the delete page's stay offer", () => {
  /** The delete page as the member sees it. */
  async function deletePageOf(who: Member) {
    const outcome = await runRoute<{ discount: number | null; stayDiscount: { code: string } | null }>(
      await siteRequest("/settings/delete", who.userId),
      deletePage.loader as never,
    );
    return outcome.body!;
  }

  async function stay(who: Member) {
    return runRoute<{ stayError?: string }>(
      await siteRequest("/settings/delete", who.userId, { form: { intent: "stay" } }),
      deletePage.action as never,
    );
  }

  const stayCodesOf = (userId: number) =>
    db().discountCode.findMany({ where: { OR: [{ userId }, { stayOfferFor: userId }] } });

  beforeAll(async () => {
    // Earlier tests' welcome codes for everyone would compete with the personal code.
    await db().discountCode.updateMany({
      where: { siteId, welcome: true, userId: null },
      data: { active: false },
    });
  });

  it("makes one personal code at the company's percentage, applied at checkout for that member only", async () => {
    const lisa = await buyer();
    const other = await buyer();
    expect((await deletePageOf(lisa)).discount).toBe(20);

    const stayed = await stay(lisa);
    expect(stayed.status).toBe(302);
    expect(stayed.location).toBe("/settings?saved=stayDiscount#stay-discount");
    const [row, ...more] = await stayCodesOf(lisa.userId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      userId: lisa.userId,
      stayOfferFor: lisa.userId,
      percentage: 20,
      validity: "once_per_member",
      active: true,
    });
    const days = (row!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // The settings page confirms it; the delete page shows the code instead of the offer.
    const settings = await runRoute<{ stayDiscount: { code: string; percentage: number } | null }>(
      await siteRequest("/settings?saved=stayDiscount", lisa.userId),
      settingsPage.loader as never,
    );
    expect(settings.body!.stayDiscount).toMatchObject({ code: row!.code, percentage: 20 });
    expect(await deletePageOf(lisa)).toMatchObject({ discount: null, stayDiscount: { code: row!.code } });

    const pkg = await eurPackage();
    expect((await checkoutPage(lisa, pkg.id)).offer).toMatchObject({
      amountCents: Math.round((pkg.priceCents * 80) / 100),
      discount: { code: row!.code, percentage: 20, source: "personal" },
    });
    // Nobody else gets it, not even by typing it.
    expect((await checkoutPage(other, pkg.id)).offer.discount).toBeNull();
    expect(await quote(other, row!.code, pkg.id)).toMatchObject(NOT_FOUND);

    // Paid with once, it is used: no discount on the next purchase, no notice in the settings.
    const { payment } = await buy(lisa);
    expect(payment).toMatchObject({ discountCode: row!.code, discountPercent: 20 });
    expect((await checkoutPage(lisa, pkg.id)).offer.discount).toBeNull();
    const after = await runRoute<{ stayDiscount: unknown }>(
      await siteRequest("/settings", lisa.userId),
      settingsPage.loader as never,
    );
    expect(after.body!.stayDiscount).toBeNull();
  });

  it("refuses a second request with a clear message and makes no second code", async () => {
    const piet = await buyer();
    expect((await stay(piet)).status).toBe(302);
    const again = await stay(piet);
    expect(again.status).toBe(409);
    expect(again.body!.stayError).toBe(
      "Je hebt deze korting al eens gekregen. Een persoonlijke kortingscode krijg je maar één keer.",
    );
    expect(await stayCodesOf(piet.userId)).toHaveLength(1);
  });

  it("is neither offered to nor made for a paying member", async () => {
    const paying = await buyer({ paidUser: true });
    expect(await deletePageOf(paying)).toMatchObject({ discount: null, stayDiscount: null });
    const refused = await stay(paying);
    expect(refused.status).toBe(409);
    expect(refused.body!.stayError).toBe(
      "Deze korting is alleen voor leden die nog nooit credits hebben gekocht.",
    );
    expect(await stayCodesOf(paying.userId)).toEqual([]);
  });
});

describe("the pricing page's payment methods", () => {
  const methodsOn = async (who: Member) =>
    (
      await runRoute<{ methods: string[] | null }>(
        await siteRequest("/pricing", who.userId),
        pricing.loader as never,
      )
    ).body!.methods;

  it("names only what is offered in the reader's country", async () => {
    const dutch = await methodsOn(await buyer({ country: "NL" }));
    expect(dutch).toEqual(expect.arrayContaining(["ideal", "creditcard", "paypal", "directdebit"]));
    expect(dutch).not.toContain("bancontact");
    expect(dutch).not.toContain("applepay");

    const belgian = await methodsOn(await buyer({ country: "BE" }));
    expect(belgian).toContain("bancontact");
    expect(belgian).not.toContain("ideal");

    const polish = await methodsOn(await buyer({ country: "PL" }));
    expect(polish).toEqual(expect.arrayContaining(["blik", "przelewy24"]));
    expect(polish).not.toContain("ideal");
    expect(polish).not.toContain("directdebit");
  });
});
