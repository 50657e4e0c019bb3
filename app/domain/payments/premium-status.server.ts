import type { Prisma } from "~/generated/prisma/client";

/**
 * Premium is for life from the first purchase (docs/product.md, Members and roles), but not for a
 * purchase whose money all went back: once every paid payment of the member is fully refunded or
 * charged back, Premium ends (decision 0022). Call it in the transaction that records the refund or
 * chargeback.
 */
export async function endPremiumWithoutPayment(tx: Prisma.TransactionClient, userId: number) {
  await tx.$executeRaw`
    UPDATE "User" SET "paidUser" = false
    WHERE id = ${userId} AND "paidUser" AND NOT EXISTS (
      SELECT 1 FROM "Payment" p
      WHERE p."userId" = ${userId} AND p."creditedAt" IS NOT NULL
        AND p."refundedCents" + p."chargedBackCents" < p."amountCents")`;
}
