// The stay offer of the delete page (docs/product.md, Accounts and Discounts): a member who never
// paid is offered the company's delete discount for staying; choosing to stay makes a discount
// code for that member only, once ever. It is a welcome code restricted to the member, so the
// price list and the checkout apply it the way they apply the site's welcome code, and every
// discount rule (one at a time, the time bonus first) stays as it is.
import { randomInt } from "node:crypto";
import { deleteDiscountFor } from "~/domain/accounts/delete-account.server";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";

/** How long the code is valid after the member chose to stay. */
export const STAY_DISCOUNT_DAYS = 30;

/** Letters and digits that cannot be mistaken for one another when a member reads the code aloud. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_RANDOM_LENGTH = 8;

/** The member's stay code, as the delete page shows it. */
export interface StayDiscount {
  code: string;
  percentage: number;
  expiresAt: Date;
  /** Paid with already (it is valid once). */
  used: boolean;
}

type ClaimResult =
  | { ok: true; discount: StayDiscount }
  | { ok: false; error: "notOffered" }
  | { ok: false; error: "alreadyClaimed"; discount: StayDiscount };

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

function randomCode(): string {
  let code = "STAY-";
  for (let i = 0; i < CODE_RANDOM_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The member's stay code, if they ever chose to stay; null otherwise. */
export async function stayDiscountOf(userId: number): Promise<StayDiscount | null> {
  const row = await db().discountCode.findUnique({
    where: { stayOfferFor: userId },
    select: {
      code: true,
      percentage: true,
      expiresAt: true,
      redemptions: { where: { userId }, select: { id: true }, take: 1 },
    },
  });
  if (!row) return null;
  return {
    code: row.code,
    percentage: row.percentage,
    expiresAt: row.expiresAt!,
    used: row.redemptions.length > 0,
  };
}

/**
 * The member chose to stay: makes their personal code at the company's delete discount, valid once
 * and for `STAY_DISCOUNT_DAYS`. Refused when the offer is not theirs (they paid, the company offers
 * none, the account is not active) and when they had a stay code before, even an expired or used
 * one: the offer is made once per member.
 */
export async function claimStayDiscount({
  userId,
  deleteDiscount,
  now = new Date(),
}: {
  userId: number;
  /** The company's `deleteDiscount` (percent) of the member's site. */
  deleteDiscount: number;
  now?: Date;
}): Promise<ClaimResult> {
  // Read afresh: the session's copy may predate a purchase made in another tab.
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { siteId: true, paidUser: true, status: true },
  });
  const percentage =
    user && user.status !== "deleted" && user.status !== "banned"
      ? deleteDiscountFor({ company: { deleteDiscount } }, user)
      : null;
  const existing = await stayDiscountOf(userId);
  if (existing) return { ok: false, error: "alreadyClaimed", discount: existing };
  if (!user || percentage === null) return { ok: false, error: "notOffered" };
  const expiresAt = new Date(now.getTime() + STAY_DISCOUNT_DAYS * 24 * 3600_000);
  // A random code may, very rarely, equal one of the site's codes: another draw then.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const created = await db().discountCode.create({
        data: {
          siteId: user.siteId,
          code: randomCode(),
          percentage,
          userId,
          stayOfferFor: userId,
          validity: "once_per_member",
          expiresAt,
          welcome: true,
          active: true,
        },
        select: { code: true },
      });
      return { ok: true, discount: { code: created.code, percentage, expiresAt, used: false } };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two requests at once: the other one made the member's code.
      const made = await stayDiscountOf(userId);
      if (made) return { ok: false, error: "alreadyClaimed", discount: made };
    }
  }
  throw new Error("no free stay discount code after 5 draws");
}

/** The member's stay code while it can still be used (not paid with, not expired); null otherwise. */
export async function usableStayDiscountOf(userId: number, now = new Date()): Promise<StayDiscount | null> {
  const discount = await stayDiscountOf(userId);
  return discount && !discount.used && discount.expiresAt > now ? discount : null;
}
