import { Prisma } from "~/generated/prisma/client";

/** The two user ids of a pair, lower first: a match row and a pair lock use this order. */
export function orderedPair(a: number, b: number): [number, number] {
  return a < b ? [a, b] : [b, a];
}

/**
 * Serializes every change to the likes between two members for the rest of the transaction, so
 * that two members liking each other at the same moment see each other's like and make one match.
 */
export async function lockPair(tx: Prisma.TransactionClient, a: number, b: number) {
  await tx.$executeRaw`SELECT ${pairLockSql(Prisma.sql`${a}::int`, b)}`;
}

/**
 * `lockPair` as an expression, for a statement that finds one of the two (`userIdSql`) and locks the
 * pair at once. The lock's key is the same text, so both serialize with each other.
 */
export function pairLockSql(userIdSql: Prisma.Sql, otherUserId: number): Prisma.Sql {
  return Prisma.sql`pg_advisory_xact_lock(hashtext('likes:' || least(${userIdSql}, ${otherUserId}::int)
    || ':' || greatest(${userIdSql}, ${otherUserId}::int)))`;
}
