import { z } from "zod";

/**
 * The site's `minimumMessageCosts` (docs/product.md, Chat): per sender country, the least a text
 * message must cost, in cents.
 */
const minimumMessageCostsSchema = z.record(
  z.string(),
  z.object({ costs: z.number().int().nonnegative(), currency: z.string() }),
);

type MinimumMessageCost = { costs: number; currency: string };

/** The minimum for a country from the site's setting (malformed settings count as no minimum). */
export function minimumMessageCostFor(setting: unknown, country: string | null): MinimumMessageCost | null {
  if (!country) return null;
  const parsed = minimumMessageCostsSchema.safeParse(setting);
  return (parsed.success && parsed.data[country]) || null;
}

/**
 * Credits a text costs: `message_credits`, raised until the message is worth at least the minimum
 * even when paid with the cheapest credits on sale (the package with the lowest price per credit).
 */
export function textMessageCredits(
  messageCredits: number,
  minimum: MinimumMessageCost | null,
  packages: { credits: number; priceCents: number }[],
): number {
  if (!minimum) return messageCredits;
  const needed = packages
    .filter((p) => p.priceCents > 0)
    .map((p) => Math.ceil((minimum.costs * p.credits) / p.priceCents));
  return Math.max(messageCredits, ...needed);
}

/**
 * How many text messages a balance pays for at `price` credits each (docs/product.md, Chat): what a
 * member is shown beside the send form, the chat list and the credits page. Whole messages only; a
 * negative balance (never stored, but a balance is only read) pays for none.
 */
export function messagesPaidFor(credits: number, price: number): number {
  if (!Number.isInteger(credits) || !Number.isInteger(price) || price < 1) {
    throw new RangeError(`messagesPaidFor(${credits}, ${price}): whole credits and a price of at least 1`);
  }
  return Math.floor(Math.max(credits, 0) / price);
}
