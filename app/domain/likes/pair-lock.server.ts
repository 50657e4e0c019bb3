import type { Prisma } from "~/generated/prisma/client";

/** The two user ids of a pair, lower first: a match row and a pair lock use this order. */
export function orderedPair(a: number, b: number): [number, number] {
  return a < b ? [a, b] : [b, a];
}

/**
 * Serializes every change to the likes between two members for the rest of the transaction, so
 * that two members liking each other at the same moment see each other's like and make one match.
 */
export async function lockPair(tx: Prisma.TransactionClient, a: number, b: number) {
  const [low, high] = orderedPair(a, b);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`likes:${low}:${high}`}))`;
}
