// SEPA direct debit at /directdebit through the real Mollie client answered by the simulator: the
// form's checks (IBAN, mobile number, consent), the SMS code (wrong, 5 tries, expiry, a new one),
// the limits per member and per IBAN, a blocked member, and the customer, mandate and collection
// created at Mollie with credits booked only once the collection is paid. SMS pumping: codes only
// for confirmed members, to numbers of their country (or their IBAN's), within the limits per
// member, IP, number and site (with a warning above the site's usual rate); Mollie unreachable:
// no code texted, and a code confirmed meanwhile stays valid with nothing booked.
import { composeIBAN } from "ibantools";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DIRECT_DEBIT_CODES_PER_IP,
  DIRECT_DEBIT_CODES_PER_SITE,
  DIRECT_DEBIT_CODES_USUAL_PER_SITE,
} from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { settleSimulatedPayment, simulatedWebhooksDone } from "~/stand-ins/mollie-simulator.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { db } from "~/lib/db.server";
import * as checkout from "~/routes/credits.$id";
import * as devSms from "~/stand-ins/routes/dev.sms";
import * as directDebit from "~/routes/directdebit";
import * as webhook from "~/routes/payments.webhook";
import * as transaction from "~/routes/transactions.$id";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { buyer, eurPackage } from "../fixtures/purchases";
import { mollieNetworkForSuite } from "../fixtures/mollie-network";
import { routeSimulatorWebhooks } from "../fixtures/mollie-webhooks";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { logger } from "~/lib/logger.server";
import { forgetCachedReads } from "../fixtures/caches";

let siteId: number;

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
});

routeSimulatorWebhooks();

afterEach(async () => {
  await simulatedWebhooksDone();
  await db().site.update({
    where: { id: siteId },
    data: { directDebitMemberLimitCents: 25000, directDebitIbanLimitCents: 25000 },
  });
});

let ibanCounter = 0;
/** A valid Dutch IBAN of its own for each test (the per-IBAN limit counts across members). */
function newIban() {
  ibanCounter++;
  const account = String(process.pid * 1000 + ibanCounter)
    .padStart(10, "0")
    .slice(-10);
  return composeIBAN({ countryCode: "NL", bban: `INGB${account}` })!;
}

async function form(overrides: Record<string, string | null> = {}) {
  const fields: Record<string, string | null> = {
    intent: "details",
    package: String((await eurPackage()).id),
    account_holder: "A. de Vries",
    iban: newIban(),
    street: "Dorpsstraat",
    house_number: "12a",
    zip: "3811 AB",
    city: "Amersfoort",
    phone: "06 12345678",
    consent: "on",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as Record<string, string>;
}

interface ActionBody {
  step: string;
  result: {
    status?: string;
    error?: Record<string, string[] | null>;
    initialValue?: Record<string, unknown>;
  };
  attemptsLeft?: number;
}

/**
 * A Dutch mobile number and an IP address of each member's own (codes are limited per number and
 * per IP across members): the number as typed and in E.164.
 */
function phoneOf(who: Member) {
  const digits = `1${String(who.userId).padStart(7, "0")}`;
  return { typed: `06 ${digits}`, e164: `+316${digits}` };
}
const ipOf = (who: Member) => `10.${(who.userId >> 16) & 255}.${(who.userId >> 8) & 255}.${who.userId & 255}`;

/** A request to the page as the member, from the member's own address. */
function asMember(who: Member, path: string, form?: Record<string, string>) {
  return siteRequest(path, who.userId, { form, headers: { [CLIENT_IP_HEADER]: ipOf(who) } });
}

async function submitDetails(who: Member, fields: Record<string, string>) {
  return runRoute<ActionBody>(await asMember(who, "/directdebit", fields), directDebit.action as never);
}

/** The form, sent (with the member's own number unless told): the id of the request waiting for its code. */
async function requestCode(who: Member, overrides: Record<string, string | null> = {}) {
  const outcome = await submitDetails(who, await form({ phone: phoneOf(who).typed, ...overrides }));
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(302);
  const match = /^\/directdebit\?request=(\d+)$/.exec(outcome.location ?? "");
  expect(match, `redirect to the code step, got ${outcome.location}`).not.toBeNull();
  return Number(match![1]);
}

/** The code in the newest text to the member's phone (the SMS outbox). */
async function codeSentTo(who: Member) {
  const sms = await db().smsMessage.findFirstOrThrow({
    where: { to: phoneOf(who).e164 },
    orderBy: { id: "desc" },
  });
  return /\b(\d{6})\b/.exec(sms.body)![1]!;
}

async function confirm(who: Member, requestId: number, otp: string) {
  return runRoute<ActionBody>(
    await asMember(who, `/directdebit?request=${requestId}`, {
      intent: "confirm",
      request: String(requestId),
      otp,
    }),
    directDebit.action as never,
  );
}

const formErrors = (body: ActionBody | null) => body?.result.error?.[""] ?? [];

const textsTo = (e164: string) => db().smsMessage.count({ where: { to: e164 } });

const NL = {
  blocked: "Je account is geblokkeerd voor automatische incasso.",
  limit:
    "Uw limiet voor automatische incasso betalingen is bereikt. Probeer het later, een goedkoper pakket of een andere betaalmethode.",
  invalidCode: "Code ongeldig",
  priceChanged:
    "Dit pakket wordt niet meer voor dit bedrag aangeboden: de prijs, je korting of het pakket is gewijzigd sinds je de code aanvroeg. Vraag een nieuwe code aan voor de huidige prijs.",
  unconfirmed:
    "Bevestig eerst je e-mailadres via de link in de e-mail die we je stuurden; daarna kun je met automatische incasso betalen.",
  foreignPhone: "Gebruik een mobiel nummer uit je eigen land of uit het land van je IBAN.",
  rateLimited: "Je hebt te veel codes aangevraagd. Probeer het over een uur opnieuw.",
  busy: "Betalen met automatische incasso is op dit moment te druk. Probeer het later opnieuw of kies een andere betaalmethode.",
  providerError:
    "De incasso kon niet worden gestart. Probeer het later opnieuw of kies een andere betaalmethode.",
};

/** The form, the code, the confirmation: our payment id and Mollie's. */
async function payByDirectDebit(who: Member, overrides: Record<string, string | null> = {}) {
  const requestId = await requestCode(who, overrides);
  const code = await codeSentTo(who);
  const outcome = await confirm(who, requestId, code);
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(302);
  const paymentId = Number(/^\/transactions\/(\d+)$/.exec(outcome.location ?? "")![1]);
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  return { requestId, paymentId, mollieId: payment.molliePaymentId!, payment };
}

async function resend(who: Member, requestId: number) {
  return runRoute<ActionBody & { priceChanged?: boolean }>(
    await asMember(who, `/directdebit?request=${requestId}`, {
      intent: "resend",
      request: String(requestId),
    }),
    directDebit.action as never,
  );
}

async function renew(who: Member, requestId: number) {
  return runRoute<ActionBody>(
    await asMember(who, `/directdebit?request=${requestId}`, { intent: "renew", request: String(requestId) }),
    directDebit.action as never,
  );
}

/** The code step as its loader shows it (a reload, or the page without JavaScript). */
async function codeStep(who: Member, requestId: number) {
  return runRoute<{ step: string; pending: { amountCents: number; priceChanged: boolean } }>(
    await siteRequest(`/directdebit?request=${requestId}`, who.userId),
    directDebit.loader as never,
  );
}

const balance = async (who: Member) =>
  (await db().user.findUniqueOrThrow({ where: { id: who.userId }, select: { credits: true } })).credits;

describe("the page", () => {
  it("asks visitors to log in and shows members the packages in euros, the one asked for chosen", async () => {
    const visitor = await runRoute(await siteRequest("/directdebit", null), directDebit.loader as never);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?redirectTo=%2Fdirectdebit/);

    const anna = await buyer();
    const second = await eurPackage(1);
    const page = await runRoute<{ step: string; available: boolean; selected: number; packages: unknown[] }>(
      await siteRequest(`/directdebit?package=${second.id}`, anna.userId),
      directDebit.loader as never,
    );
    expect(page.body).toMatchObject({ step: "details", available: true, selected: second.id });
    expect(page.body!.packages).toHaveLength(4);
  });

  it("is where a package's direct debit link leads: /credits/{id}/sdd (the site's name) or /directdebit", async () => {
    const anna = await buyer();
    const second = await eurPackage(1);
    const checkoutAt = async (paymentmethod: string) =>
      runRoute(
        await siteRequest(`/credits/${second.id}/${paymentmethod}`, anna.userId),
        checkout.loader as never,
        { id: String(second.id), paymentmethod },
      );
    for (const name of ["sdd", "SDD", "directdebit"]) {
      expect(await checkoutAt(name)).toMatchObject({
        status: 302,
        location: `/directdebit?package=${second.id}`,
      });
    }
    // Other methods stay on the payment page with the method chosen.
    expect(await checkoutAt("ideal")).toMatchObject({ status: 200, body: { chosen: "ideal" } });
    const bad = await runRoute(await siteRequest("/credits/x/sdd", anna.userId), checkout.loader as never, {
      id: "x",
      paymentmethod: "sdd",
    });
    expect(bad.status).toBe(404);
  });

  it("is not offered where members pay in another currency than the euro", async () => {
    const piotr = await buyer({ country: "PL" });
    const page = await runRoute<{ available: boolean }>(
      await siteRequest("/directdebit", piotr.userId),
      directDebit.loader as never,
    );
    expect(page.body?.available).toBe(false);
    const outcome = await submitDetails(piotr, await form({ phone: "+48 512 345 678" }));
    expect(outcome.status).toBe(400);
    expect(await db().directDebitRequest.count({ where: { userId: piotr.userId } })).toBe(0);
  });
});

describe("the form's checks", () => {
  it("refuses an IBAN with a wrong check number or outside SEPA, keeping what was typed", async () => {
    const bram = await buyer();
    for (const iban of ["NL91ABNA0417164301", "BR1800360305000010009795493C1", "12345"]) {
      const outcome = await submitDetails(bram, await form({ iban, street: "Kerkstraat" }));
      expect(outcome.status, iban).toBe(400);
      expect(outcome.body?.result.error?.iban).toEqual(["Vul een geldig IBAN van een SEPA-land in."]);
      expect(outcome.body?.result.initialValue).toMatchObject({ iban, street: "Kerkstraat" });
    }
    expect(await db().directDebitRequest.count({ where: { userId: bram.userId } })).toBe(0);
    expect(await db().smsMessage.count({ where: { body: { contains: "Kerkstraat" } } })).toBe(0);
  });

  it("stores an IBAN typed with spaces and lower case in the electronic format", async () => {
    const cees = await buyer();
    const iban = newIban();
    const typed = iban.toLowerCase().replace(/(.{4})/g, "$1 ");
    const requestId = await requestCode(cees, { iban: typed });
    const stored = await db().directDebitRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(stored.iban).toBe(iban);
    expect(stored.ibanHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("wants a mobile number, national ones read for the member's country, and stores it as E.164", async () => {
    const dirk = await buyer();
    for (const phone of ["12345", "030 1234567", "+31 30 123 4567", ""]) {
      const outcome = await submitDetails(dirk, await form({ phone }));
      expect(outcome.status, phone).toBe(400);
      expect(outcome.body?.result.error?.phone).toEqual(["Vul een geldig mobiel nummer in."]);
    }
    const requestId = await requestCode(dirk, { phone: "06-1234 5678" });
    expect((await db().directDebitRequest.findUniqueOrThrow({ where: { id: requestId } })).phone).toBe(
      "+31612345678",
    );

    const els = await buyer({ country: "BE" });
    const belgian = await requestCode(els, { phone: "0470 12 34 56" });
    expect((await db().directDebitRequest.findUniqueOrThrow({ where: { id: belgian } })).phone).toBe(
      "+32470123456",
    );
  });

  it("needs the consent to one collection and every address field", async () => {
    const eva = await buyer();
    const outcome = await submitDetails(eva, await form({ consent: null, zip: "", city: null }));
    expect(outcome.status).toBe(400);
    expect(outcome.body?.result.error).toMatchObject({
      consent: ["Geef toestemming voor de eenmalige incasso."],
      zip: ["Vul je postcode in."],
      city: ["Vul je woonplaats in."],
    });
  });
});

describe("the SMS code", () => {
  it("is texted (6 digits, kept only as a hash) and nothing is collected before it matches", async () => {
    const fleur = await buyer();
    const requestId = await requestCode(fleur);
    const code = await codeSentTo(fleur);
    expect(code).toMatch(/^\d{6}$/);
    const sms = await db().smsMessage.findFirstOrThrow({
      where: { to: phoneOf(fleur).e164 },
      orderBy: { id: "desc" },
    });
    expect(sms.body).toContain("Hartklop");
    expect(sms.status).toBe("sent");
    const stored = await db().directDebitRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeExpiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(9 * 60_000);
    expect(stored.codeExpiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(
      10 * 60_000 + 1000,
    );
    expect(await db().payment.count({ where: { userId: fleur.userId } })).toBe(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: fleur.userId } })).mollieCustomerId).toBeNull();

    const page = await runRoute<{
      step: string;
      pending: { phone: string; iban: string; attemptsLeft: number };
    }>(await siteRequest(`/directdebit?request=${requestId}`, fleur.userId), directDebit.loader as never);
    expect(page.body).toMatchObject({
      step: "code",
      pending: { phone: `+31•••••••${phoneOf(fleur).e164.slice(-2)}`, attemptsLeft: 5 },
    });
    expect(page.body!.pending.iban).toMatch(/^NL\d\d •••• •••• ••\d\d \d\d$/);
  });

  it("a wrong code is 'Code ongeldig'; after 5 tries even the right one no longer works", async () => {
    const gert = await buyer();
    const requestId = await requestCode(gert);
    const code = await codeSentTo(gert);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      const outcome = await confirm(gert, requestId, wrong);
      expect(outcome.status).toBe(400);
      expect(formErrors(outcome.body)).toEqual([NL.invalidCode]);
      expect(outcome.body?.attemptsLeft).toBe(left);
    }
    const fifth = await confirm(gert, requestId, "12ab");
    expect(fifth.status).toBe(400);
    expect(fifth.body?.result.error?.otp).toEqual([NL.invalidCode]);
    const last = await confirm(gert, requestId, wrong);
    expect(formErrors(last.body)).toEqual(["Te veel foute pogingen. Vraag een nieuwe code aan."]);
    const tooLate = await confirm(gert, requestId, code);
    expect(tooLate.status).toBe(400);
    expect(formErrors(tooLate.body)).toEqual(["Te veel foute pogingen. Vraag een nieuwe code aan."]);
    expect(await db().payment.count({ where: { userId: gert.userId } })).toBe(0);
  });

  it("5 tries at once get 5 answers, not more", async () => {
    const hans = await buyer();
    const requestId = await requestCode(hans);
    const code = await codeSentTo(hans);
    const wrong = code === "000000" ? "111111" : "000000";
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => confirm(hans, requestId, wrong)));
    expect(outcomes.filter((o) => formErrors(o.body)[0] === NL.invalidCode).length).toBeLessThanOrEqual(5);
    expect((await db().directDebitRequest.findUniqueOrThrow({ where: { id: requestId } })).attempts).toBe(5);
    expect((await confirm(hans, requestId, code)).status).toBe(400);
  });

  it("expires after 10 minutes; a new code works and the old one no longer does", async () => {
    const ilse = await buyer();
    const requestId = await requestCode(ilse);
    const old = await codeSentTo(ilse);
    await db().directDebitRequest.update({
      where: { id: requestId },
      data: { codeExpiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await confirm(ilse, requestId, old);
    expect(formErrors(expired.body)).toEqual(["De code is verlopen. Vraag een nieuwe code aan."]);

    const resent = await resend(ilse, requestId);
    expect(resent.location).toBe(`/directdebit?request=${requestId}&resent=1`);
    const fresh = await codeSentTo(ilse);
    if (fresh !== old)
      expect(formErrors((await confirm(ilse, requestId, old)).body)).toEqual([NL.invalidCode]);
    const outcome = await confirm(ilse, requestId, fresh);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/transactions\/\d+$/);
  });

  it("belongs to the member who asked for it", async () => {
    const [jan, kees] = [await buyer(), await buyer()];
    const requestId = await requestCode(jan);
    const code = await codeSentTo(jan);
    const outcome = await confirm(kees, requestId, code);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/directdebit");
    const page = await runRoute(
      await siteRequest(`/directdebit?request=${requestId}`, kees.userId),
      directDebit.loader as never,
    );
    expect(page.location).toBe("/directdebit");
    expect(await db().payment.count({ where: { userId: { in: [jan.userId, kees.userId] } } })).toBe(0);
  });
});

describe("the collection", () => {
  it("creates the customer, the mandate and a pending collection at Mollie; credits only once paid", async () => {
    const lisa = await buyer();
    const iban = newIban();
    const creditPackage = await eurPackage(1);
    const { requestId, paymentId, mollieId, payment } = await payByDirectDebit(lisa, {
      iban,
      package: String(creditPackage.id),
    });
    expect(payment).toMatchObject({
      method: "directdebit",
      sequenceType: "recurring",
      status: "pending",
      amountCents: creditPackage.priceCents,
      credits: creditPackage.credits,
      creditedAt: null,
    });
    const user = await db().user.findUniqueOrThrow({ where: { id: lisa.userId } });
    expect(user.mollieCustomerId).toMatch(/^cst_/);
    expect(user.credits).toBe(0);
    const request = await db().directDebitRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(request.paymentId).toBe(paymentId);
    expect(request.verifiedAt).not.toBeNull();

    const customer = await db().mollieSimulatorCustomer.findUniqueOrThrow({
      where: { id: user.mollieCustomerId! },
    });
    expect(customer.email).toBe(lisa.email);
    const mandate = await db().mollieSimulatorMandate.findUniqueOrThrow({
      where: { id: payment.mollieMandateId! },
    });
    expect(mandate).toMatchObject({ customerId: customer.id, method: "directdebit", status: "valid" });
    expect(mandate.details).toMatchObject({
      details: { consumerName: "A. de Vries", consumerAccount: iban },
      mandateReference: `HARTKLOP-DD-${requestId}`,
      signatureDate: new Date().toISOString().slice(0, 10),
    });
    const collection = await db().mollieSimulatorPayment.findUniqueOrThrow({ where: { id: mollieId } });
    expect(collection).toMatchObject({
      sequenceType: "recurring",
      method: "directdebit",
      customerId: customer.id,
      mandateId: mandate.id,
      status: "pending",
      amountValue: (creditPackage.priceCents / 100).toFixed(2),
      currency: "EUR",
    });

    // The return page shows it as processing until the bank answers.
    const pending = await runRoute<{ payment: { status: string } }>(
      await siteRequest(`/transactions/${paymentId}`, lisa.userId),
      transaction.loader as never,
      { id: String(paymentId) },
    );
    expect(pending.body?.payment.status).toBe("pending");
    expect(await balance(lisa)).toBe(0);

    expect(await settleSimulatedPayment(mollieId, "paid")).toBe(true);
    expect(await balance(lisa)).toBe(creditPackage.credits);
    const paid = await db().user.findUniqueOrThrow({ where: { id: lisa.userId } });
    expect(paid.paidUser).toBe(true);
    expect(await db().creditLedgerEntry.count({ where: { userId: lisa.userId, reason: "purchase" } })).toBe(
      1,
    );
    // Settled once only; the webhook again changes nothing.
    expect(await settleSimulatedPayment(mollieId, "failed")).toBe(false);
    await runRoute(
      new Request(`${ORIGIN}/payments/webhook`, {
        method: "POST",
        body: new URLSearchParams({ id: mollieId }),
      }),
      webhook.action as never,
    );
    expect(await balance(lisa)).toBe(creditPackage.credits);

    // The confirmed request now leads to its payment.
    const again = await runRoute(
      await siteRequest(`/directdebit?request=${requestId}`, lisa.userId),
      directDebit.loader as never,
    );
    expect(again.location).toBe(`/transactions/${paymentId}`);
  });

  it("a failed collection books nothing and does not count towards the limits", async () => {
    const mark = await buyer();
    const iban = newIban();
    const { paymentId, mollieId } = await payByDirectDebit(mark, { iban });
    await settleSimulatedPayment(mollieId, "failed");
    expect(await balance(mark)).toBe(0);
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("failed");
    await db().site.update({
      where: { id: siteId },
      data: { directDebitMemberLimitCents: (await eurPackage()).priceCents },
    });
    await payByDirectDebit(mark, { iban });
  });

  it("the same code confirmed twice (a double click) collects once", async () => {
    const nina = await buyer();
    const requestId = await requestCode(nina);
    const code = await codeSentTo(nina);
    const outcomes = await Promise.all([confirm(nina, requestId, code), confirm(nina, requestId, code)]);
    expect(outcomes.filter((o) => o.status === 302).length).toBeGreaterThanOrEqual(1);
    expect(await db().payment.count({ where: { userId: nina.userId } })).toBe(1);
  });

  it("a new member's time bonus lowers the collection as it lowers any first purchase", async () => {
    const wim = await createMember({ country: "NL", region: null });
    const creditPackage = await eurPackage(0);
    const page = await runRoute<{ packages: { id: number; amountCents: number }[] }>(
      await siteRequest("/directdebit", wim.userId),
      directDebit.loader as never,
    );
    const discounted = page.body!.packages.find((p) => p.id === creditPackage.id)!.amountCents;
    expect(discounted).toBeLessThan(creditPackage.priceCents);
    const { payment, mollieId } = await payByDirectDebit(wim, { package: String(creditPackage.id) });
    expect(payment).toMatchObject({
      amountCents: discounted,
      discountPercent: 25,
      discountCode: "TIMEBONUS25",
    });
    const collection = await db().mollieSimulatorPayment.findUniqueOrThrow({ where: { id: mollieId } });
    expect(collection.amountValue).toBe((discounted / 100).toFixed(2));
  });
});

describe("limits and blocks", () => {
  it("per member: what was collected in 30 days plus this package may not pass the site's limit", async () => {
    const olga = await buyer();
    const cheapest = await eurPackage(0);
    await db().site.update({
      where: { id: siteId },
      data: { directDebitMemberLimitCents: cheapest.priceCents * 2 - 1 },
    });
    const first = await payByDirectDebit(olga);
    const refused = await submitDetails(olga, await form());
    expect(refused.status).toBe(400);
    expect(formErrors(refused.body)).toEqual([NL.limit]);
    expect(refused.body?.result.initialValue).toMatchObject({ street: "Dorpsstraat", city: "Amersfoort" });

    // Collections older than 30 days no longer count.
    await db().payment.update({
      where: { id: first.paymentId },
      data: { createdAt: new Date(Date.now() - 31 * 86_400_000) },
    });
    await requestCode(olga);
  });

  it("per IBAN: collections of every member from the same account count together", async () => {
    const [piet, rosa] = [await buyer(), await buyer()];
    const iban = newIban();
    const cheapest = await eurPackage(0);
    await db().site.update({
      where: { id: siteId },
      data: { directDebitIbanLimitCents: cheapest.priceCents * 2 - 1 },
    });
    await payByDirectDebit(piet, { iban });
    const refused = await submitDetails(rosa, await form({ iban }));
    expect(formErrors(refused.body)).toEqual([NL.limit]);
    await requestCode(rosa, { iban: newIban() });
  });

  it("the limit is checked again when the code is confirmed", async () => {
    const sara = await buyer();
    const iban = newIban();
    const requestId = await requestCode(sara, { iban });
    const code = await codeSentTo(sara);
    await db().site.update({ where: { id: siteId }, data: { directDebitIbanLimitCents: 100 } });
    const outcome = await confirm(sara, requestId, code);
    expect(formErrors(outcome.body)).toEqual([NL.limit]);
    expect(await db().payment.count({ where: { userId: sara.userId } })).toBe(0);

    // The refusal used neither the code nor a try: a reload shows the code step, and once the
    // limit allows it the same code collects.
    const reload = await codeStep(sara, requestId);
    expect(reload.body).toMatchObject({ step: "code", pending: { attemptsLeft: 5 } });
    await db().site.update({ where: { id: siteId }, data: { directDebitIbanLimitCents: 1_000_000 } });
    expect((await confirm(sara, requestId, code)).location).toMatch(/^\/transactions\/\d+$/);
  });

  it("a member blocked after asking for the code is told so when confirming, and nothing is collected", async () => {
    const uma = await buyer();
    const requestId = await requestCode(uma);
    const code = await codeSentTo(uma);
    await db().user.update({ where: { id: uma.userId }, data: { directDebitBlockedAt: new Date() } });
    const refused = await confirm(uma, requestId, code);
    expect(refused.status).toBe(400);
    expect(formErrors(refused.body)).toEqual([NL.blocked]);
    expect(await db().payment.count({ where: { userId: uma.userId } })).toBe(0);
    const request = await db().directDebitRequest.findUniqueOrThrow({
      where: { id: requestId },
      select: { verifiedAt: true, attempts: true },
    });
    expect(request).toEqual({ verifiedAt: null, attempts: 0 });
  });

  it("a member blocked for direct debit is told so and gets no code", async () => {
    const tom = await buyer();
    await db().user.update({ where: { id: tom.userId }, data: { directDebitBlockedAt: new Date() } });
    const page = await runRoute<{ blocked: boolean }>(
      await siteRequest("/directdebit", tom.userId),
      directDebit.loader as never,
    );
    expect(page.body?.blocked).toBe(true);
    const before = await db().smsMessage.count();
    const refused = await submitDetails(tom, await form());
    expect(refused.status).toBe(400);
    expect(formErrors(refused.body)).toEqual([NL.blocked]);
    expect(await db().smsMessage.count()).toBe(before);
  });
});

describe("SMS pumping", () => {
  it("an unconfirmed member gets the notice to confirm the address, no form and no code", async () => {
    const unconfirmed = await buyer({ userStatus: "not_confirmed", profileStatus: "disabled" });
    const page = await runRoute<{ step: string; packages?: unknown }>(
      await asMember(unconfirmed, "/directdebit"),
      directDebit.loader as never,
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ step: "unconfirmed" });
    expect(page.body?.packages).toBeUndefined();

    const refused = await submitDetails(unconfirmed, await form({ phone: phoneOf(unconfirmed).typed }));
    expect(refused.status).toBe(403);
    expect(formErrors(refused.body)).toEqual([NL.unconfirmed]);
    expect(await textsTo(phoneOf(unconfirmed).e164)).toBe(0);
    expect(await db().directDebitRequest.count({ where: { userId: unconfirmed.userId } })).toBe(0);
  });

  it("a number of another country than the member's and the IBAN's is refused with a clear message", async () => {
    const otto = await buyer();
    for (const phone of ["+49 1512 3456789", "+33 6 12 34 56 78", "+48 512 345 678"]) {
      const outcome = await submitDetails(otto, await form({ phone }));
      expect(outcome.status, phone).toBe(400);
      expect(outcome.body?.result.error?.phone, phone).toEqual([NL.foreignPhone]);
      expect(outcome.body?.result.initialValue).toMatchObject({ phone });
    }
    expect(
      await db().smsMessage.count({
        where: { to: { in: ["+4915123456789", "+33612345678", "+48512345678"] } },
      }),
    ).toBe(0);
    expect(await db().directDebitRequest.count({ where: { userId: otto.userId } })).toBe(0);

    // A German number with a German account is the IBAN's country: texted.
    const requestId = await requestCode(otto, {
      phone: "+49 1512 3456789",
      iban: "DE89 3704 0044 0532 0130 00",
    });
    expect((await db().directDebitRequest.findUniqueOrThrow({ where: { id: requestId } })).phone).toBe(
      "+4915123456789",
    );
  });

  it("one number gets at most 5 codes an hour, whichever members ask", async () => {
    const [pam, quinn, rik] = [await buyer(), await buyer(), await buyer()];
    const shared = phoneOf(pam);
    for (const who of [pam, pam, pam, quinn, quinn]) await requestCode(who, { phone: shared.typed });
    const refused = await submitDetails(rik, await form({ phone: shared.typed }));
    expect(refused.status).toBe(429);
    expect(formErrors(refused.body)).toEqual([NL.rateLimited]);
    expect(await textsTo(shared.e164)).toBe(5);
    // The member's own number is texted.
    await requestCode(rik);
  });

  it("one IP asks for at most 20 codes an hour, over all its accounts", async () => {
    const [sam, tess] = [await buyer(), await buyer()];
    // The address's other accounts used its codes up.
    while (await withinLimit(DIRECT_DEBIT_CODES_PER_IP, ipOf(sam)));
    const refused = await submitDetails(sam, await form({ phone: phoneOf(sam).typed }));
    expect(refused.status).toBe(429);
    expect(formErrors(refused.body)).toEqual([NL.rateLimited]);
    expect(await textsTo(phoneOf(sam).e164)).toBe(0);
    // Another address is not limited by it.
    await requestCode(tess);
    expect(DIRECT_DEBIT_CODES_PER_IP.limit).toBe(20);
  });

  it("a site beyond its usual codes an hour logs a warning; at its cap direct debit is refused as busy", async () => {
    const warned = vi.spyOn(logger, "warn").mockImplementation(() => {});
    try {
      const [uwe, vic] = [await buyer(), await buyer()];
      while (await withinLimit(DIRECT_DEBIT_CODES_USUAL_PER_SITE, siteId));
      await requestCode(uwe);
      expect(warned).toHaveBeenCalledWith(
        "direct debit sms rate unusual",
        expect.objectContaining({ siteId }),
      );

      while (await withinLimit(DIRECT_DEBIT_CODES_PER_SITE, siteId));
      const refused = await submitDetails(vic, await form({ phone: phoneOf(vic).typed }));
      expect(refused.status).toBe(503);
      expect(formErrors(refused.body)).toEqual([NL.busy]);
      expect(await textsTo(phoneOf(vic).e164)).toBe(0);
      expect(await db().directDebitRequest.count({ where: { userId: vic.userId } })).toBe(0);
    } finally {
      warned.mockRestore();
      await db().rateLimitHit.deleteMany({ where: { key: { startsWith: DIRECT_DEBIT_CODES_PER_SITE.key } } });
    }
    expect(DIRECT_DEBIT_CODES_USUAL_PER_SITE.limit).toBeLessThan(DIRECT_DEBIT_CODES_PER_SITE.limit);
  });
});

describe("Mollie unreachable", () => {
  const network = mollieNetworkForSuite();

  it("texts no code and keeps nothing while Mollie does not answer", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const wout = await buyer();
      network.set("refused");
      const cutBefore = network.cutOff;
      const refused = await submitDetails(wout, await form({ phone: phoneOf(wout).typed }));
      expect(refused.status).toBe(502);
      expect(formErrors(refused.body)).toEqual([NL.providerError]);
      expect(network.cutOff).toBeGreaterThan(cutBefore);
      expect(await textsTo(phoneOf(wout).e164)).toBe(0);
      expect(await db().directDebitRequest.count({ where: { userId: wout.userId } })).toBe(0);
      expect(await db().payment.count({ where: { userId: wout.userId } })).toBe(0);
    } finally {
      network.set("up");
      logged.mockRestore();
    }
  });

  it("a code confirmed while Mollie is down books nothing and stays valid for when it is back", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const xavi = await buyer();
      const requestId = await requestCode(xavi);
      const code = await codeSentTo(xavi);
      network.set("refused");
      const failed = await confirm(xavi, requestId, code);
      expect(failed.status).toBe(502);
      expect(formErrors(failed.body)).toEqual([NL.providerError]);
      expect(await db().payment.count({ where: { userId: xavi.userId } })).toBe(0);
      expect(
        await db().directDebitRequest.findUniqueOrThrow({
          where: { id: requestId },
          select: { verifiedAt: true, attempts: true, paymentId: true },
        }),
      ).toEqual({ verifiedAt: null, attempts: 0, paymentId: null });
      expect((await codeStep(xavi, requestId)).body).toMatchObject({
        step: "code",
        pending: { attemptsLeft: 5 },
      });

      network.set("up");
      const paid = await confirm(xavi, requestId, code);
      expect(paid.status).toBe(302);
      expect(paid.location).toMatch(/^\/transactions\/\d+$/);
      expect(await db().payment.count({ where: { userId: xavi.userId } })).toBe(1);
    } finally {
      network.set("up");
      logged.mockRestore();
    }
  });
});

describe("the SMS outbox", () => {
  it("shows the texts to staff on an external database (STANDINS=true), to no one else", async () => {
    const [vera, staff] = [await buyer(), await createMember({ role: "admin" })];
    await requestCode(vera);
    const asMember = await runRoute(await siteRequest("/dev/sms", vera.userId), devSms.loader as never);
    expect(asMember.status).toBe(404);
    const asVisitor = await runRoute(await siteRequest("/dev/sms", null), devSms.loader as never);
    expect(asVisitor.status).toBe(404);
    const asStaff = await runRoute<{ messages: { to: string; body: string }[] }>(
      await siteRequest("/dev/sms", staff.userId),
      devSms.loader as never,
    );
    expect(asStaff.body?.messages[0]).toMatchObject({ to: phoneOf(vera).e164 });
    expect(asStaff.body?.messages[0]?.body).toMatch(/\d{6}/);
  });
});

describe("an old request", () => {
  it("does not carry a discount that ended into a collection: it is refused, a new one costs today's price", async () => {
    const xandra = await createMember({ country: "NL", region: null });
    const creditPackage = await eurPackage(0);
    // Within the time bonus: two requests at 25% off; the first is confirmed and paid.
    const first = await payByDirectDebit(xandra, { package: String(creditPackage.id) });
    expect(first.payment.discountPercent).toBe(25);
    const old = await requestCode(xandra, { package: String(creditPackage.id) });
    const oldCode = await codeSentTo(xandra);
    expect((await db().directDebitRequest.findUniqueOrThrow({ where: { id: old } })).amountCents).toBe(
      first.payment.amountCents,
    );
    await settleSimulatedPayment(first.mollieId, "paid");
    // Days later: the bonus ended (the member paid, and four hours passed).
    await db().user.update({
      where: { id: xandra.userId },
      data: { signupDate: new Date(Date.now() - 3 * 86_400_000) },
      select: { id: true },
    });

    expect((await codeStep(xandra, old)).body?.pending.priceChanged).toBe(true);
    const sms = await db().smsMessage.count();
    const resent = await resend(xandra, old);
    expect(resent.status).toBe(409);
    expect(formErrors(resent.body)).toEqual([NL.priceChanged]);
    expect(resent.body?.priceChanged).toBe(true);
    expect(await db().smsMessage.count()).toBe(sms);

    const refused = await confirm(xandra, old, oldCode);
    expect(refused.status).toBe(409);
    expect(formErrors(refused.body)).toEqual([NL.priceChanged]);
    expect(await db().payment.count({ where: { userId: xandra.userId } })).toBe(1);
    const { mollieCustomerId } = await db().user.findUniqueOrThrow({ where: { id: xandra.userId } });
    expect(await db().mollieSimulatorPayment.count({ where: { customerId: mollieCustomerId } })).toBe(1);

    // A new request with the same details, at today's price: only the code is typed again.
    const renewed = await renew(xandra, old);
    expect(renewed.status).toBe(302);
    const fresh = Number(/^\/directdebit\?request=(\d+)$/.exec(renewed.location ?? "")![1]);
    const [before, after] = await Promise.all(
      [old, fresh].map((id) => db().directDebitRequest.findUniqueOrThrow({ where: { id } })),
    );
    expect(after).toMatchObject({
      iban: before!.iban,
      street: before!.street,
      phone: before!.phone,
      packageId: creditPackage.id,
      amountCents: creditPackage.priceCents,
    });
    const paid = await confirm(xandra, fresh, await codeSentTo(xandra));
    expect(paid.status).toBe(302);
    const payment = await db().payment.findFirstOrThrow({
      where: { userId: xandra.userId },
      orderBy: { id: "desc" },
    });
    expect(payment).toMatchObject({
      amountCents: creditPackage.priceCents,
      discountPercent: 0,
      discountCode: null,
    });
  });

  it("is refused for a package withdrawn or repriced since, and nothing is collected", async () => {
    const yara = await buyer();
    const extra = await db().creditPackage.create({
      data: { siteId, currency: "EUR", credits: 777, priceCents: 1999, sortOrder: 99 },
    });
    forgetCachedReads();
    try {
      const repriced = await requestCode(yara, { package: String(extra.id) });
      const repricedCode = await codeSentTo(yara);
      const withdrawn = await requestCode(yara, { package: String(extra.id) });
      const withdrawnCode = await codeSentTo(yara);

      await db().creditPackage.update({ where: { id: extra.id }, data: { priceCents: 2499 } });
      forgetCachedReads();
      const dearer = await confirm(yara, repriced, repricedCode);
      expect(dearer.status).toBe(409);
      expect(formErrors(dearer.body)).toEqual([NL.priceChanged]);

      await db().creditPackage.update({ where: { id: extra.id }, data: { active: false } });
      forgetCachedReads();
      const gone = await confirm(yara, withdrawn, withdrawnCode);
      expect(gone.status).toBe(409);
      expect(formErrors(gone.body)).toEqual([NL.priceChanged]);
      // A new request cannot revive it either.
      const renewed = await renew(yara, withdrawn);
      expect(renewed.status).toBe(400);
      expect(formErrors(renewed.body)).toEqual(["Dit pakket is niet beschikbaar. Kies een ander pakket."]);
      expect(await db().payment.count({ where: { userId: yara.userId } })).toBe(0);
      expect(await db().directDebitRequest.count({ where: { userId: yara.userId } })).toBe(2);
    } finally {
      await db().creditPackage.update({ where: { id: extra.id }, data: { active: false } });
      forgetCachedReads();
    }
  });

  it("shows on its code step, also after a refused confirmation, that its price changed, and its renewal today's price", async () => {
    const zeno = await buyer();
    const extra = await db().creditPackage.create({
      data: { siteId, currency: "EUR", credits: 778, priceCents: 1999, sortOrder: 99 },
    });
    forgetCachedReads();
    try {
      const requestId = await requestCode(zeno, { package: String(extra.id) });
      const code = await codeSentTo(zeno);
      expect((await codeStep(zeno, requestId)).body).toMatchObject({
        step: "code",
        pending: { amountCents: 1999, priceChanged: false },
      });

      await db().creditPackage.update({ where: { id: extra.id }, data: { priceCents: 2499 } });
      forgetCachedReads();
      // A reload no longer shows 19,99 as what is collected: the step says the price changed.
      expect((await codeStep(zeno, requestId)).body).toMatchObject({
        step: "code",
        pending: { priceChanged: true },
      });
      // Confirming is refused without using the code, and the step still offers the renewal.
      const refused = await confirm(zeno, requestId, code);
      expect(refused.status).toBe(409);
      expect(formErrors(refused.body)).toEqual([NL.priceChanged]);
      expect((await codeStep(zeno, requestId)).body).toMatchObject({
        step: "code",
        pending: { priceChanged: true, attemptsLeft: 5 },
      });

      const renewed = await renew(zeno, requestId);
      const fresh = Number(/^\/directdebit\?request=(\d+)$/.exec(renewed.location ?? "")![1]);
      expect((await codeStep(zeno, fresh)).body).toMatchObject({
        step: "code",
        pending: { amountCents: 2499, priceChanged: false },
      });
      expect((await confirm(zeno, fresh, await codeSentTo(zeno))).status).toBe(302);
      const payment = await db().payment.findFirstOrThrow({ where: { userId: zeno.userId } });
      expect(payment.amountCents).toBe(2499);
    } finally {
      await db().creditPackage.update({ where: { id: extra.id }, data: { active: false } });
      forgetCachedReads();
    }
  });

  it("at a price that still holds is resent and collected as before", async () => {
    const zoe = await buyer();
    const requestId = await requestCode(zoe);
    await db().directDebitRequest.update({
      where: { id: requestId },
      data: { createdAt: new Date(Date.now() - 2 * 86_400_000), codeExpiresAt: new Date(Date.now() - 1000) },
    });
    expect((await resend(zoe, requestId)).location).toBe(`/directdebit?request=${requestId}&resent=1`);
    const outcome = await confirm(zoe, requestId, await codeSentTo(zoe));
    expect(outcome.status).toBe(302);
    const payment = await db().payment.findFirstOrThrow({ where: { userId: zoe.userId } });
    expect(payment).toMatchObject({ amountCents: (await eurPackage(0)).priceCents, discountPercent: 0 });
  });
});
