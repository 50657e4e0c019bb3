import { DISCOUNT_CODE_FAILURES_PER_IP, DISCOUNT_CODE_FAILURES_PER_MEMBER } from "~/domain/abuse/limits";
import { takeBackHit, withinLimit } from "~/domain/abuse/rate-limits.server";
import type { DiscountValidity, Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { MAX_CODE_LENGTH, normalizeCode, type AppliedDiscount, type DiscountError } from "./discount";
import { checkoutMethodFrom } from "./methods";
import { TIME_BONUS_CODE, TIME_BONUS_PERCENT, timeBonusEndsAt, timeBonusSecondsLeft } from "./time-bonus";

/** The member buying, as far as discounts care. */
interface DiscountBuyer {
  userId: number;
  signupDate: Date | null;
  paidUser: boolean;
  /** The buyer's country (their profile's), which also picks the currency. */
  country: string;
}

/** Who typed a code (the JSON call, the checkout's field): codes not found are limited per member and IP. */
export interface CodeGuesser {
  userId: number;
  ip: string;
}

/** One purchase a discount is checked for. */
interface DiscountPurchase {
  siteId: number;
  buyer: DiscountBuyer;
  /** Set where a member types the code: the lookup counts against the limits on codes not found. */
  guesser?: CodeGuesser;
  currency: string;
  /** The package's price before any discount, in cents. */
  priceCents: number;
  /** The chosen Mollie method; null when not chosen yet (the method rule is then checked at paying). */
  method: string | null;
  now: Date;
}

type CodeCheck = { ok: true; discount: AppliedDiscount } | { ok: false; error: DiscountError };

const codeSelect = {
  id: true,
  code: true,
  percentage: true,
  minimumOrderCents: true,
  country: true,
  userId: true,
  expiresAt: true,
  currency: true,
  active: true,
  validity: true,
  paymentMethods: true,
  maxUses: true,
  stayOfferFor: true,
} as const;
type CodeRow = Prisma.DiscountCodeGetPayload<{ select: typeof codeSelect }>;

/** A stored method name as Mollie's (the site's names such as "visa" mean "creditcard"). */
const mollieMethod = (name: string) => checkoutMethodFrom(name) ?? name.toLowerCase();

/**
 * Whether a code is meant for this buyer: their country, currency and account, and a percentage
 * that can apply. A code meant for someone else is not found for them, switched off or not.
 */
function isMeantFor(row: CodeRow, purchase: Pick<DiscountPurchase, "buyer" | "currency">): boolean {
  return (
    row.percentage > 0 &&
    row.percentage < 100 &&
    (row.country === null || row.country.toUpperCase() === purchase.buyer.country.toUpperCase()) &&
    (row.currency === null || row.currency.toUpperCase() === purchase.currency.toUpperCase()) &&
    (row.userId === null || row.userId === purchase.buyer.userId)
  );
}

async function redeemedBy(discountCodeId: number, userId: number): Promise<boolean> {
  const used = await db().discountRedemption.findFirst({
    where: { discountCodeId, userId },
    select: { id: true },
  });
  return used !== null;
}

/** Payment states in which a discounted payment may still be paid. */
const OPEN_PAYMENT_STATUSES = ["open", "pending", "authorized"] as const;

/**
 * How many of a limited code's uses are taken for `userId`: its paid redemptions, plus other
 * members' payments with the code that may still be paid (each holds a place until it fails or
 * expires). The buyer's own open payments hold none, so going back to choose another method never
 * costs them the code (decision 0019).
 */
async function placesTaken(
  client: Prisma.TransactionClient,
  row: Pick<CodeRow, "id" | "code">,
  siteId: number,
  userId: number,
): Promise<number> {
  const [redeemed, open] = await Promise.all([
    client.discountRedemption.count({ where: { discountCodeId: row.id } }),
    client.payment.count({
      where: {
        siteId,
        discountCode: row.code,
        status: { in: [...OPEN_PAYMENT_STATUSES] },
        creditedAt: null,
        userId: { not: userId },
      },
    }),
  ]);
  return redeemed + open;
}

/**
 * In the transaction that creates a payment with `code`: when the code has a total-uses limit,
 * locks its row (so two checkouts for the last place are decided one after the other) and tells
 * whether a place is still free. True for codes without a limit and for the time bonus.
 */
export async function holdCodePlace(
  tx: Prisma.TransactionClient,
  siteId: number,
  code: string,
  userId: number,
): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ id: number; code: string; maxUses: number | null }[]>`
    SELECT id, code, "maxUses" FROM "DiscountCode"
    WHERE "siteId" = ${siteId} AND code = ${code} FOR UPDATE`;
  if (!row || row.maxUses === null) return true;
  return (await placesTaken(tx, row, siteId, userId)) < row.maxUses;
}

/**
 * Where a code stands for a buyer, whatever they buy: not found (unknown, or meant for someone
 * else), switched off, expired, used by this buyer before (once per member), used up (its total
 * uses taken), or active.
 */
export type DiscountCodeStatus = "notFound" | "inactive" | "expired" | "alreadyUsed" | "usedUp" | "active";

async function codeStatus(
  row: CodeRow | null,
  purchase: Pick<DiscountPurchase, "siteId" | "buyer" | "currency" | "now">,
): Promise<DiscountCodeStatus> {
  if (!row || !isMeantFor(row, purchase)) return "notFound";
  if (!row.active) return "inactive";
  if (row.expiresAt !== null && row.expiresAt <= purchase.now) return "expired";
  if (row.validity === "once_per_member" && (await redeemedBy(row.id, purchase.buyer.userId))) {
    return "alreadyUsed";
  }
  if (
    row.maxUses !== null &&
    (await placesTaken(db(), row, purchase.siteId, purchase.buyer.userId)) >= row.maxUses
  ) {
    return "usedUp";
  }
  return "active";
}

/**
 * The refusal a member is told for a code that is not active: switched off and expired codes are
 * "not found" to them, as unknown ones.
 */
export function statusError(status: Exclude<DiscountCodeStatus, "active">): DiscountError {
  if (status === "alreadyUsed" || status === "usedUp") return { reason: status };
  return { reason: "notFound" };
}

/** The rules of an active code that depend on what is bought: the minimum order, then the method. */
function purchaseError(row: CodeRow, purchase: DiscountPurchase): DiscountError | null {
  if (purchase.priceCents < row.minimumOrderCents) {
    return { reason: "minimumOrder", minimumOrderCents: row.minimumOrderCents, currency: purchase.currency };
  }
  return methodRefusal([...new Set(row.paymentMethods.map(mollieMethod))], purchase.method);
}

/** Every rule of a code for one purchase, in the order a member is told about them. */
async function checkRow(row: CodeRow | null, purchase: DiscountPurchase): Promise<DiscountError | null> {
  const status = await codeStatus(row, purchase);
  return status === "active" ? purchaseError(row!, purchase) : statusError(status);
}

function applied(row: CodeRow, source: AppliedDiscount["source"]): AppliedDiscount {
  return {
    code: row.code,
    percentage: row.percentage,
    source,
    methods: [...new Set(row.paymentMethods.map(mollieMethod))],
  };
}

/**
 * Checks an entered discount code for a purchase: unknown, inactive, expired or not for this buyer
 * (country, currency, member) is "notFound" ("Code niet gevonden"); a once-per-member code this
 * member redeemed before is "alreadyUsed" ("Code reeds gebruikt"); then the minimum order and the
 * allowed methods.
 */
async function checkDiscountCode(code: string, purchase: DiscountPurchase): Promise<CodeCheck> {
  const { guesser } = purchase;
  if (guesser && !(await lookupAllowed(guesser))) return { ok: false, error: { reason: "tooManyTries" } };
  const normalized = normalizeCode(code);
  const row =
    normalized && normalized.length <= MAX_CODE_LENGTH
      ? await db().discountCode.findUnique({
          where: { siteId_code: { siteId: purchase.siteId, code: normalized } },
          select: codeSelect,
        })
      : null;
  const status = await codeStatus(row, purchase);
  // Only codes not found count: a member applying a real code (switched off, expired or used before
  // included) is not limited.
  if (guesser && status !== "notFound") await takeBackLookup(guesser);
  const error = status === "active" ? purchaseError(row!, purchase) : statusError(status);
  return error ? { ok: false, error } : { ok: true, discount: applied(row!, "code") };
}

/**
 * Counts a lookup against the member's and the address's limits on codes not found, before it is
 * made (so parallel guesses cannot pass the limits together); false, with nothing left counted,
 * once either is used up.
 */
async function lookupAllowed(guesser: CodeGuesser): Promise<boolean> {
  if (!(await withinLimit(DISCOUNT_CODE_FAILURES_PER_MEMBER, guesser.userId))) return false;
  if (await withinLimit(DISCOUNT_CODE_FAILURES_PER_IP, guesser.ip)) return true;
  await takeBackHit(DISCOUNT_CODE_FAILURES_PER_MEMBER, guesser.userId);
  return false;
}

async function takeBackLookup(guesser: CodeGuesser) {
  await takeBackHit(DISCOUNT_CODE_FAILURES_PER_MEMBER, guesser.userId);
  await takeBackHit(DISCOUNT_CODE_FAILURES_PER_IP, guesser.ip);
}

/** The time bonus as a discount, when the buyer has it (never paid, signed up less than 14,400 s ago). */
function timeBonusDiscount(buyer: DiscountBuyer, now: Date): AppliedDiscount | null {
  if (timeBonusSecondsLeft(buyer, now) === 0) return null;
  return { code: TIME_BONUS_CODE, percentage: TIME_BONUS_PERCENT, source: "timeBonus", methods: [] };
}

/**
 * The site's welcome code for this buyer: the largest active welcome code whose rules the buyer
 * meets, the buyer's own (such as the delete page's stay offer) among them. Without a price the
 * minimum order is not checked (`?welcome=true` names no package).
 */
async function welcomeDiscount(
  purchase: Omit<DiscountPurchase, "priceCents"> & { priceCents: number | null },
): Promise<AppliedDiscount | null> {
  const rows = await db().discountCode.findMany({
    // Only codes for everyone and the buyer's own: with many members' personal codes, the first
    // ten rows must not all be other members'.
    where: {
      siteId: purchase.siteId,
      welcome: true,
      active: true,
      OR: [{ userId: null }, { userId: purchase.buyer.userId }],
    },
    orderBy: [{ percentage: "desc" }, { id: "asc" }],
    take: 10,
    select: codeSelect,
  });
  for (const row of rows) {
    const priceCents = purchase.priceCents ?? Number.MAX_SAFE_INTEGER;
    if (!(await checkRow(row, { ...purchase, priceCents }))) {
      return applied(row, row.stayOfferFor === null ? "welcome" : "personal");
    }
  }
  return null;
}

interface ActiveDiscount {
  discount: AppliedDiscount | null;
  /** Why the entered code does not apply (null: none entered, it applies, or the time bonus applies). */
  codeError: DiscountError | null;
  /** A code was entered while the time bonus applies: codes do not combine, the bonus wins. */
  codeIgnored: boolean;
}

/**
 * The active discount (docs/product.md, Credits and payments) is the time bonus if any, otherwise
 * (a valid entered code, otherwise) the welcome code.
 */
export async function activeDiscount(
  purchase: DiscountPurchase,
  code: string | null,
): Promise<ActiveDiscount> {
  const entered = code ? normalizeCode(code) : "";
  const bonus = timeBonusDiscount(purchase.buyer, purchase.now);
  if (bonus)
    return { discount: bonus, codeError: null, codeIgnored: entered !== "" && entered !== bonus.code };
  if (entered) {
    const checked = await checkDiscountCode(entered, purchase);
    if (checked.ok) return { discount: checked.discount, codeError: null, codeIgnored: false };
    return { discount: await welcomeDiscount(purchase), codeError: checked.error, codeIgnored: false };
  }
  return { discount: await welcomeDiscount(purchase), codeError: null, codeIgnored: false };
}

/** What a found code is, as the JSON call tells it (docs/product.md, JSON calls). */
export interface DiscountCodeTerms {
  percentage: number;
  validity: DiscountValidity;
  /** When it ends: the code's expiry, or the end of the time bonus; null: no end. */
  expiresAt: Date | null;
  /** The least a package must cost before the discount, in cents of the buyer's currency (0: none). */
  minimumOrderCents: number;
  /** Only for buyers from this country (null: any). */
  country: string | null;
  /** Only for this member, who is always the buyer (null: anyone). */
  userId: number | null;
  /** Mollie methods it is limited to (empty: every method). */
  methods: string[];
  /** Past its end (for the time bonus: over, or the member paid). */
  expired: boolean;
  /** The time bonus, which is no stored code. */
  timeBonus: boolean;
}

/** A code as looked up for a buyer: terms for any status but "notFound", which tells nothing. */
export interface DiscountCodeFacts {
  code: string;
  status: DiscountCodeStatus;
  terms: DiscountCodeTerms | null;
}

function rowTerms(row: CodeRow, now: Date): DiscountCodeTerms {
  return {
    percentage: row.percentage,
    validity: row.validity,
    expiresAt: row.expiresAt,
    minimumOrderCents: row.minimumOrderCents,
    country: row.country,
    userId: row.userId,
    methods: [...new Set(row.paymentMethods.map(mollieMethod))],
    expired: row.expiresAt !== null && row.expiresAt <= now,
    timeBonus: false,
  };
}

/** The time bonus as a code: the member's own, once, on any purchase, until 14,400 s after signup. */
function timeBonusTerms(buyer: DiscountBuyer & { signupDate: Date }, now: Date): DiscountCodeTerms {
  return {
    percentage: TIME_BONUS_PERCENT,
    validity: "once_per_member",
    expiresAt: timeBonusEndsAt(buyer.signupDate),
    minimumOrderCents: 0,
    country: null,
    userId: buyer.userId,
    methods: [],
    expired: timeBonusDiscount(buyer, now) === null,
    timeBonus: true,
  };
}

/**
 * A code a member asks about (`GET /api/discountcode.php?code=`), whatever they buy. While the
 * time bonus runs it is the discount that counts, so that is what is told. Otherwise the code is
 * looked up: counted against the limits on codes not found first ("tooManyTries" once used up),
 * given back when it exists. The time bonus's code without a bonus running is the bonus, expired
 * (4 h passed, or the member paid).
 */
export async function lookUpDiscountCode({
  siteId,
  buyer,
  currency,
  code,
  guesser,
  now = new Date(),
}: {
  siteId: number;
  buyer: DiscountBuyer;
  currency: string;
  code: string;
  guesser?: CodeGuesser;
  now?: Date;
}): Promise<DiscountCodeFacts | "tooManyTries"> {
  if (timeBonusDiscount(buyer, now) && buyer.signupDate) {
    return {
      code: TIME_BONUS_CODE,
      status: "active",
      terms: timeBonusTerms({ ...buyer, signupDate: buyer.signupDate }, now),
    };
  }
  if (guesser && !(await lookupAllowed(guesser))) return "tooManyTries";
  const normalized = normalizeCode(code);
  const row =
    normalized && normalized.length <= MAX_CODE_LENGTH
      ? await db().discountCode.findUnique({
          where: { siteId_code: { siteId, code: normalized } },
          select: codeSelect,
        })
      : null;
  let facts: DiscountCodeFacts;
  if (!row && normalized === TIME_BONUS_CODE && buyer.signupDate) {
    facts = {
      code: normalized,
      status: "expired",
      terms: timeBonusTerms({ ...buyer, signupDate: buyer.signupDate }, now),
    };
  } else {
    const status = await codeStatus(row, { siteId, buyer, currency, now });
    facts =
      status === "notFound"
        ? { code: normalized, status, terms: null }
        : { code: row!.code, status, terms: rowTerms(row!, now) };
  }
  if (guesser && facts.status !== "notFound") await takeBackLookup(guesser);
  return facts;
}

/**
 * Why an active code limited to `methods` (Mollie's names; empty: every method) does not apply when
 * paying with `method`; null when it does or no method is chosen.
 */
export function methodRefusal(methods: string[], method: string | null): DiscountError | null {
  if (!method || methods.length === 0 || methods.includes(mollieMethod(method))) return null;
  return { reason: "method", methods };
}

/**
 * `GET /api/discountcode.php?welcome=true`: the discount a member gets without entering a code
 * (the time bonus, else the welcome code), active; null when none.
 */
export async function welcomeOfferFor(
  siteId: number,
  buyer: DiscountBuyer,
  currency: string,
  now = new Date(),
): Promise<DiscountCodeFacts | null> {
  if (timeBonusDiscount(buyer, now) && buyer.signupDate) {
    return {
      code: TIME_BONUS_CODE,
      status: "active",
      terms: timeBonusTerms({ ...buyer, signupDate: buyer.signupDate }, now),
    };
  }
  const welcome = await welcomeDiscount({ siteId, buyer, currency, priceCents: null, method: null, now });
  if (!welcome) return null;
  const row = await db().discountCode.findUniqueOrThrow({
    where: { siteId_code: { siteId, code: welcome.code } },
    select: codeSelect,
  });
  return { code: row.code, status: "active", terms: rowTerms(row, now) };
}

/** The member closed the time-bonus modal: it does not show again (the banner stays). */
export async function dismissTimeBonus(userId: number): Promise<void> {
  await db().user.updateMany({
    where: { id: userId, timeBonusDismissedAt: null },
    data: { timeBonusDismissedAt: new Date() },
  });
}

/**
 * In the transaction that books a payment paid: records the redemption of the discount code it
 * carried (found by the payment's site and code), so a once-per-member code is not used again. The
 * time bonus has no row: it ends by itself once the member has paid.
 */
export async function recordDiscountRedemption(tx: Prisma.TransactionClient, paymentId: number) {
  const payment = await tx.payment.findUnique({
    where: { id: paymentId },
    select: { userId: true, siteId: true, discountCode: true },
  });
  if (!payment?.discountCode) return;
  const code = await tx.discountCode.findUnique({
    where: { siteId_code: { siteId: payment.siteId, code: payment.discountCode } },
    select: { id: true },
  });
  if (!code) return;
  await tx.discountRedemption.createMany({
    data: [{ discountCodeId: code.id, userId: payment.userId, paymentId }],
    skipDuplicates: true,
  });
}
