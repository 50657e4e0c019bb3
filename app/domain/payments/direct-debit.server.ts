// SEPA direct debit at /directdebit: the form's details wait for the SMS code; only a matching
// code (5 tries, 10 minutes) leads to a Mollie customer, a direct debit mandate and one collection
// charged on it. Credits follow when Mollie reports the collection paid (webhook → syncPayment).
// Limits: what one member, and one IBAN, may have collected within 30 days (site settings).
// A request's amount holds only while a new request would get it: showing its code step, resending
// its code and confirming it check the package and today's price for this member again (decision 0019).
// Codes are paid texts: only to confirmed members, to numbers of their country (or their IBAN's),
// within limits per member, IP, number and site (app/domain/abuse/limits.ts), and only while Mollie
// answers, so a code is never texted for a collection that cannot be made.
import { holdCodePlace } from "./discounts.server";
import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { MandateMethod } from "@mollie/api-client";
import { currencyForCountry } from "~/domain/credits/money";
import { packagesFor, type CreditPackage } from "~/domain/credits/packages.server";
import type { DirectDebitRequest, Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { sessionSecret } from "~/lib/env.server";
import {
  DIRECT_DEBIT_CODES_PER_IP,
  DIRECT_DEBIT_CODES_PER_MEMBER,
  DIRECT_DEBIT_CODES_PER_NUMBER,
  DIRECT_DEBIT_CODES_PER_SITE,
  DIRECT_DEBIT_CODES_USUAL_PER_SITE,
} from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { sendSms } from "~/lib/sms.server";
import { translatorFor } from "~/lib/translator.server";
import { CODE_ATTEMPTS, CODE_LENGTH, CODE_MINUTES } from "./direct-debit-code";
import { maskedIban, maskedPhone, phoneOfCountry, type DirectDebitValues } from "./direct-debit-schema";
import { mollie } from "./mollie.server";
import { purchaseOffer, type PurchaseOffer } from "./purchase-offer.server";
import { chargeOnMandate, mollieCustomerFor } from "./recurring.server";
import { logger } from "~/lib/logger.server";

/** SEPA collects euros only. */
const DIRECT_DEBIT_CURRENCY = "EUR";
const LIMIT_WINDOW_MS = 30 * 86_400_000;
/** Collections that did not (or will not) take money do not count towards the limits. */
const NOT_COLLECTED = ["failed", "canceled", "expired"] as const;

type Tx = Prisma.TransactionClient;

interface DirectDebitSite {
  id: number;
  name: string;
}

/** Why no code was texted (a "busy" site sent as many codes this hour as it may). */
export type TextError =
  "unconfirmed" | "foreignPhone" | "rateLimited" | "busy" | "providerError" | "smsFailed";
export type RequestError = "blocked" | "limit" | "notFound" | TextError;
type ConfirmError =
  | "invalidCode"
  | "tooManyAttempts"
  | "expired"
  | "notFound"
  | "blocked"
  | "limit"
  | "priceChanged"
  | "providerError";

/** Who buys: what the discount (time bonus, welcome code) depends on. */
interface DirectDebitBuyer {
  userId: number;
  signupDate: Date | null;
  paidUser: boolean;
}

/** A package as the form offers it: with what this member pays for it (after a discount). */
interface DirectDebitPackage extends CreditPackage {
  amountCents: number;
}

/**
 * What the form needs: the packages in euros at the member's price (none outside the euro
 * countries) and whether the member may use direct debit.
 */
export async function directDebitOptions(buyer: DirectDebitBuyer, siteId: number, country: string) {
  const currency = currencyForCountry(country);
  const sold = currency === DIRECT_DEBIT_CURRENCY ? await packagesFor(siteId, DIRECT_DEBIT_CURRENCY) : [];
  const offers = await Promise.all(sold.map((p) => directDebitOffer(siteId, country, p.id, buyer)));
  const packages: DirectDebitPackage[] = offers.flatMap((offer) =>
    offer ? [{ ...offer.creditPackage, amountCents: offer.amountCents }] : [],
  );
  return { available: packages.length > 0, packages, blocked: await isBlocked(buyer.userId) };
}

async function isBlocked(userId: number, client: Tx | ReturnType<typeof db> = db()) {
  const user = await client.user.findUniqueOrThrow({
    where: { id: userId },
    select: { directDebitBlockedAt: true },
  });
  return user.directDebitBlockedAt !== null;
}

function ibanHash(iban: string) {
  return createHash("sha256").update(iban).digest("hex");
}

/** Codes are kept only as a keyed hash: a database copy does not reveal them (10^6 is easily tried). */
function codeHash(userId: number, code: string) {
  return createHmac("sha256", sessionSecret()).update(`directdebit:${userId}:${code}`).digest("hex");
}

function sameHash(a: string, b: string) {
  const [x, y] = [Buffer.from(a, "hex"), Buffer.from(b, "hex")];
  return x.length === y.length && timingSafeEqual(x, y);
}

function newCode() {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
}

async function collectedSince(
  client: Tx | ReturnType<typeof db>,
  where: Prisma.PaymentWhereInput,
  since: Date,
) {
  const sum = await client.payment.aggregate({
    _sum: { amountCents: true },
    where: {
      ...where,
      method: "directdebit",
      status: { notIn: [...NOT_COLLECTED] },
      createdAt: { gte: since },
    },
  });
  return sum._sum.amountCents ?? 0;
}

/** Whether collecting `amountCents` more keeps the member and the IBAN within the site's 30-day limits. */
async function withinLimits(
  client: Tx | ReturnType<typeof db>,
  input: { siteId: number; userId: number; ibanHash: string; amountCents: number },
  now = new Date(),
) {
  const site = await client.site.findUniqueOrThrow({
    where: { id: input.siteId },
    select: { directDebitMemberLimitCents: true, directDebitIbanLimitCents: true },
  });
  const since = new Date(now.getTime() - LIMIT_WINDOW_MS);
  const byMember = await collectedSince(client, { userId: input.userId }, since);
  if (byMember + input.amountCents > site.directDebitMemberLimitCents) return false;
  const byIban = await collectedSince(
    client,
    { directDebitRequest: { is: { ibanHash: input.ibanHash } } },
    since,
  );
  return byIban + input.amountCents <= site.directDebitIbanLimitCents;
}

/** The package at this member's price for a direct debit today. */
function directDebitOffer(
  siteId: number,
  country: string,
  packageId: number,
  buyer: DirectDebitBuyer,
): Promise<PurchaseOffer | null> {
  if (currencyForCountry(country) !== DIRECT_DEBIT_CURRENCY) return Promise.resolve(null);
  return purchaseOffer(siteId, country, packageId, { buyer, method: "directdebit" });
}

type StoredRequest = Pick<DirectDebitRequest, "userId" | "siteId" | "packageId" | "amountCents" | "currency">;

/**
 * Today's offer for the request's package, if it still costs this member what the request says:
 * null when the package is withdrawn, its price changed or the discount ended since (a time bonus
 * runs out, a once-only code gets used), so an old request never collects an old price.
 */
async function offerStillValid(request: StoredRequest, country: string) {
  const user = await db().user.findUniqueOrThrow({
    where: { id: request.userId },
    select: { signupDate: true, paidUser: true },
  });
  const buyer = { userId: request.userId, signupDate: user.signupDate, paidUser: user.paidUser };
  const offer = await directDebitOffer(request.siteId, country, request.packageId, buyer);
  return offer?.amountCents === request.amountCents && offer.currency === request.currency ? offer : null;
}

interface TextInput {
  userId: number;
  phone: string;
  /** The IBAN and the buyer's country: the number must be of one of their countries. */
  iban: string;
  country: string;
  /** The address asking (for the per-IP limit). */
  ip: string;
  site: DirectDebitSite;
  language: string;
}

/**
 * Texts a new code, if the member confirmed the e-mail address, the number is of their country
 * (or the IBAN's), the limits allow it and Mollie answers. The limits are counted before Mollie is
 * asked, so a script cannot make us call Mollie without limit; the site's is counted last, so
 * requests refused by the others do not use up what the site's real members may get.
 */
async function textCode(input: TextInput) {
  const refused = (error: TextError) => ({ ok: false as const, error });
  const user = await db().user.findUniqueOrThrow({ where: { id: input.userId }, select: { status: true } });
  if (user.status !== "confirmed") return refused("unconfirmed");
  if (!phoneOfCountry(input.phone, input.country, input.iban)) return refused("foreignPhone");
  const allowed =
    (await withinLimit(DIRECT_DEBIT_CODES_PER_MEMBER, input.userId)) &&
    (await withinLimit(DIRECT_DEBIT_CODES_PER_NUMBER, input.phone)) &&
    (await withinLimit(DIRECT_DEBIT_CODES_PER_IP, input.ip));
  if (!allowed) return refused("rateLimited");
  if (!(await withinLimit(DIRECT_DEBIT_CODES_PER_SITE, input.site.id))) {
    logger.warn("direct debit sms cap reached", { siteId: input.site.id });
    return refused("busy");
  }
  if (!(await withinLimit(DIRECT_DEBIT_CODES_USUAL_PER_SITE, input.site.id))) {
    logger.warn("direct debit sms rate unusual", {
      siteId: input.site.id,
      usualPerHour: DIRECT_DEBIT_CODES_USUAL_PER_SITE.limit,
      capPerHour: DIRECT_DEBIT_CODES_PER_SITE.limit,
    });
  }
  if (!(await mollieAnswers())) return refused("providerError");
  const code = newCode();
  const t = translatorFor(input.language);
  const sent = await sendSms({
    to: input.phone,
    body: t("directDebit:sms.code", { code, site: input.site.name, minutes: CODE_MINUTES }),
    from: input.site.name,
    secret: code,
  });
  return sent ? { ok: true as const, code } : refused("smsFailed");
}

/**
 * Whether Mollie answers now (a read without effects: its methods). Asked before a code is texted:
 * with Mollie unreachable the member is told so at once, instead of getting a code that cannot
 * lead to a collection.
 */
async function mollieAnswers() {
  try {
    await mollie().methods.list();
    return true;
  } catch (error) {
    logger.error("mollie before direct debit code", { error: String(error) });
    return false;
  }
}

interface RequestInput {
  userId: number;
  /** What a discount depends on (the time bonus: never paid, signed up recently). */
  buyer: Omit<DirectDebitBuyer, "userId">;
  site: DirectDebitSite;
  /** The buyer's country: the currency (euros only) and how a national phone number is read. */
  country: string;
  language: string;
  /** The address asking (the per-IP limit on codes). */
  ip: string;
  values: DirectDebitValues;
}

/**
 * The details step: checks the member may pay this package by direct debit (not blocked, within
 * the limits), texts a code to the phone (textCode's conditions) and only then keeps the details.
 * Nothing is collected yet.
 */
export async function requestDirectDebit(
  input: RequestInput,
): Promise<{ ok: true; requestId: number } | { ok: false; error: RequestError }> {
  if (await isBlocked(input.userId)) return { ok: false, error: "blocked" };
  const offer = await directDebitOffer(input.site.id, input.country, input.values.package, {
    userId: input.userId,
    ...input.buyer,
  });
  if (!offer) return { ok: false, error: "notFound" };
  const hash = ibanHash(input.values.iban);
  const fits = await withinLimits(db(), {
    siteId: input.site.id,
    userId: input.userId,
    ibanHash: hash,
    amountCents: offer.amountCents,
  });
  if (!fits) return { ok: false, error: "limit" };
  const texted = await textCode({ ...input, phone: input.values.phone, iban: input.values.iban });
  if (!texted.ok) return texted;
  const { values } = input;
  const request = await db().directDebitRequest.create({
    data: {
      userId: input.userId,
      siteId: input.site.id,
      packageId: offer.creditPackage.id,
      accountHolder: values.account_holder,
      iban: values.iban,
      ibanHash: hash,
      street: values.street,
      houseNumber: values.house_number,
      zip: values.zip,
      city: values.city,
      phone: values.phone,
      amountCents: offer.amountCents,
      currency: offer.currency,
      codeHash: codeHash(input.userId, texted.code),
      codeExpiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
    },
    select: { id: true },
  });
  return { ok: true, requestId: request.id };
}

/**
 * A new request with the details of an earlier one of the member's that collected nothing (its
 * price no longer holds), at today's price and with a new code: the member types only the code.
 */
export async function renewDirectDebit(
  input: Omit<RequestInput, "values"> & { requestId: number },
): Promise<{ ok: true; requestId: number } | { ok: false; error: RequestError }> {
  const old = await db().directDebitRequest.findFirst({
    where: { id: input.requestId, userId: input.userId, paymentId: null },
  });
  if (!old) return { ok: false, error: "notFound" };
  return requestDirectDebit({
    ...input,
    values: {
      intent: "details",
      package: old.packageId,
      account_holder: old.accountHolder,
      iban: old.iban,
      street: old.street,
      house_number: old.houseNumber,
      zip: old.zip,
      city: old.city,
      phone: old.phone,
      consent: true,
    },
  });
}

/**
 * A request waiting for its code, as the code step shows it; null when it is not the member's.
 * `priceChanged`: its amount no longer holds for the buyer's `country` today (as resending and
 * confirming decide), so the step offers a new request instead of showing an amount it would refuse.
 */
export async function pendingDirectDebit(userId: number, requestId: number, country: string) {
  const request = await db().directDebitRequest.findFirst({
    where: { id: requestId, userId },
    select: {
      id: true,
      userId: true,
      siteId: true,
      packageId: true,
      iban: true,
      phone: true,
      amountCents: true,
      currency: true,
      attempts: true,
      codeExpiresAt: true,
      verifiedAt: true,
      paymentId: true,
    },
  });
  if (!request) return null;
  const credits = await db().creditPackage.findUnique({
    where: { id: request.packageId },
    select: { credits: true },
  });
  return {
    id: request.id,
    packageId: request.packageId,
    credits: credits?.credits ?? 0,
    iban: maskedIban(request.iban),
    phone: maskedPhone(request.phone),
    amountCents: request.amountCents,
    currency: request.currency,
    attemptsLeft: Math.max(CODE_ATTEMPTS - request.attempts, 0),
    expired: request.codeExpiresAt <= new Date(),
    priceChanged: request.verifiedAt === null && !(await offerStillValid(request, country)),
    verified: request.verifiedAt !== null,
    paymentId: request.paymentId,
  };
}

/**
 * A new code for a request still waiting for one (the old code stops working, the tries start
 * over), while its price still holds; otherwise the member asks for a new request (renewDirectDebit).
 */
export async function resendDirectDebitCode(input: {
  userId: number;
  requestId: number;
  /** The buyer's country, as for the request: the price is decided again. */
  country: string;
  site: DirectDebitSite;
  language: string;
  ip: string;
}): Promise<{ ok: true } | { ok: false; error: "notFound" | "priceChanged" | TextError }> {
  const request = await db().directDebitRequest.findFirst({
    where: { id: input.requestId, userId: input.userId, verifiedAt: null },
    select: {
      phone: true,
      iban: true,
      userId: true,
      siteId: true,
      packageId: true,
      amountCents: true,
      currency: true,
    },
  });
  if (!request) return { ok: false, error: "notFound" };
  if (!(await offerStillValid(request, input.country))) return { ok: false, error: "priceChanged" };
  const texted = await textCode({ ...input, phone: request.phone, iban: request.iban });
  if (!texted.ok) return texted;
  const updated = await db().directDebitRequest.updateMany({
    where: { id: input.requestId, verifiedAt: null },
    data: {
      codeHash: codeHash(input.userId, texted.code),
      attempts: 0,
      codeExpiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
    },
  });
  return updated.count > 0 ? { ok: true } : { ok: false, error: "notFound" };
}

interface ConfirmInput {
  userId: number;
  /** The buyer's country, as for the request: the price and discount are decided again. */
  country: string;
  requestId: number;
  code: string;
  site: DirectDebitSite;
  locale: string;
  origin: string;
}

type ConfirmResult =
  { ok: true; paymentId: number } | { ok: false; error: ConfirmError; attemptsLeft?: number };

/**
 * The code step: each try counts (5 per code, claimed atomically so parallel tries cannot get
 * more); a matching, unexpired code verifies the request once. Then the Mollie customer and
 * mandate, our payment row (the limits checked again under a lock) and the collection (collect).
 */
export async function confirmDirectDebit(input: ConfirmInput): Promise<ConfirmResult> {
  const now = new Date();
  const waiting = await db().directDebitRequest.findFirst({
    where: { id: input.requestId, userId: input.userId, verifiedAt: null },
    select: {
      userId: true,
      siteId: true,
      packageId: true,
      amountCents: true,
      currency: true,
      ibanHash: true,
    },
  });
  const refused = waiting && (await collectionRefused(waiting, input.country));
  if (refused) return { ok: false, error: refused };
  const claimed = await db().directDebitRequest.updateMany({
    where: {
      id: input.requestId,
      userId: input.userId,
      verifiedAt: null,
      attempts: { lt: CODE_ATTEMPTS },
      codeExpiresAt: { gt: now },
    },
    data: { attempts: { increment: 1 } },
  });
  const request = await db().directDebitRequest.findFirst({
    where: { id: input.requestId, userId: input.userId },
  });
  if (!request) return { ok: false, error: "notFound" };
  if (claimed.count === 0) {
    if (request.paymentId) return { ok: true, paymentId: request.paymentId };
    if (request.verifiedAt) return { ok: false, error: "notFound" };
    if (request.attempts >= CODE_ATTEMPTS) return { ok: false, error: "tooManyAttempts", attemptsLeft: 0 };
    return { ok: false, error: "expired" };
  }
  if (!sameHash(codeHash(input.userId, input.code), request.codeHash)) {
    const attemptsLeft = Math.max(CODE_ATTEMPTS - request.attempts, 0);
    return { ok: false, error: attemptsLeft > 0 ? "invalidCode" : "tooManyAttempts", attemptsLeft };
  }
  const verified = await db().directDebitRequest.updateMany({
    where: { id: request.id, verifiedAt: null },
    data: { verifiedAt: now },
  });
  if (verified.count === 0) return { ok: false, error: "notFound" };
  return collect(request, input);
}

/**
 * What would refuse the collection today, asked before the code is tried: a refused request stays
 * unverified with its tries, so its code step stays (a new price offers renewal; a limit may pass).
 * reservePayment asks again under its lock.
 */
async function collectionRefused(
  request: StoredRequest & { ibanHash: string },
  country: string,
): Promise<"priceChanged" | "blocked" | "limit" | null> {
  if (!(await offerStillValid(request, country))) return "priceChanged";
  if (await isBlocked(request.userId)) return "blocked";
  const fits = await withinLimits(db(), {
    siteId: request.siteId,
    userId: request.userId,
    ibanHash: request.ibanHash,
    amountCents: request.amountCents,
  });
  return fits ? null : "limit";
}

type VerifiedRequest = NonNullable<
  Awaited<ReturnType<ReturnType<typeof db>["directDebitRequest"]["findFirst"]>>
>;

/**
 * Our payment row for the collection, if the request's price still holds (its discount recorded
 * for the redemption once paid), the member is not blocked and the limits allow it.
 */
async function reservePayment(request: VerifiedRequest, country: string) {
  const offer = await offerStillValid(request, country);
  if (!offer) return { ok: false as const, error: "priceChanged" as const };
  return db().$transaction(async (tx) => {
    // One collection at a time per member and per IBAN, so parallel orders cannot pass a limit together.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${request.userId} FOR UPDATE`;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`directdebit:iban:${request.ibanHash}`}))`;
    if (await isBlocked(request.userId, tx)) return { ok: false as const, error: "blocked" as const };
    const fits = await withinLimits(tx, {
      siteId: request.siteId,
      userId: request.userId,
      ibanHash: request.ibanHash,
      amountCents: request.amountCents,
    });
    if (!fits) return { ok: false as const, error: "limit" as const };
    // The last place of a code with a total-uses limit went to another checkout meanwhile: the
    // price no longer holds, so the member orders again at today's price.
    if (
      offer.discountCode &&
      !(await holdCodePlace(tx, request.siteId, offer.discountCode, request.userId))
    ) {
      return { ok: false as const, error: "priceChanged" as const };
    }
    const payment = await tx.payment.create({
      data: {
        userId: request.userId,
        siteId: request.siteId,
        packageId: request.packageId,
        method: "directdebit",
        amountCents: request.amountCents,
        currency: request.currency,
        credits: offer.creditPackage.credits,
        discountPercent: offer.discountPercent,
        discountCode: offer.discountCode,
        sequenceType: "recurring",
      },
      select: { id: true, amountCents: true, currency: true, credits: true },
    });
    await tx.directDebitRequest.update({
      where: { id: request.id },
      data: { paymentId: payment.id },
      select: { id: true },
    });
    return { ok: true as const, payment };
  });
}

/**
 * The collection of a verified request: the Mollie customer and mandate first, then our payment
 * row (the limits checked again under a lock), then the collection charged on the mandate. Mollie
 * failing before the collection leaves nothing booked: the request waits again, its code still
 * valid with the try given back. A mandate made for a request refused afterwards stays unused at
 * Mollie, where it collects nothing.
 */
async function collect(request: VerifiedRequest, input: ConfirmInput): Promise<ConfirmResult> {
  let customerId: string;
  let mandateId: string;
  try {
    customerId = await mollieCustomerFor(request.userId);
    const mandate = await mollie().customerMandates.create({
      customerId,
      method: MandateMethod.directdebit,
      consumerName: request.accountHolder,
      consumerAccount: request.iban,
      signatureDate: request.verifiedAt?.toISOString().slice(0, 10) ?? new Date().toISOString().slice(0, 10),
      mandateReference: mandateReference(input.site.name, request.id),
    });
    mandateId = mandate.id;
  } catch (error) {
    logger.error("mollie mandate create", { requestId: request.id, error: String(error) });
    await waitAgain(request.id, { giveBackTry: true });
    return { ok: false, error: "providerError" };
  }
  const reserved = await reservePayment(request, input.country);
  if (!reserved.ok) {
    // Refused in a race with the check before the code: the request waits again, as it would have.
    await waitAgain(request.id, { giveBackTry: false });
    return reserved;
  }
  const { payment } = reserved;
  const status = await chargeOnMandate({
    payment,
    siteName: input.site.name,
    customerId,
    mandateId,
    method: "directdebit",
    locale: input.locale,
    origin: input.origin,
  });
  if (status === null) return { ok: false, error: "providerError" };
  return { ok: true, paymentId: payment.id };
}

/** A verified request that collected nothing waits for its code again (its try given back when the code was right). */
async function waitAgain(requestId: number, { giveBackTry }: { giveBackTry: boolean }) {
  await db().directDebitRequest.updateMany({
    where: { id: requestId, paymentId: null, verifiedAt: { not: null } },
    data: { verifiedAt: null, ...(giveBackTry ? { attempts: { decrement: 1 } } : {}) },
  });
}

/** The mandate's reference on the payer's bank statement: the site and our request number. */
function mandateReference(siteName: string, requestId: number) {
  const site =
    siteName
      .replace(/[^A-Za-z0-9]/g, "")
      .toUpperCase()
      .slice(0, 20) || "SITE";
  return `${site}-DD-${requestId}`;
}
