import { db } from "~/lib/db.server";
import { Prisma, type CreditReason } from "~/generated/prisma/client";

type Tx = Prisma.TransactionClient;

export interface CreditChange {
  userId: number;
  /** Positive to add, negative to spend. */
  delta: number;
  reason: CreditReason;
  /** Unique per event (e.g. "signup:12", "payment:tr_abc"): the same reference never applies twice. */
  reference: string;
}

export type CreditChangeResult =
  | { ok: true; applied: boolean; balance: number }
  | { ok: false; error: "insufficient_credits"; balance: number };

async function applyChange(tx: Tx, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isInteger(change.delta)) throw new Error("Credit changes are whole numbers");
  const earlier = await tx.creditLedgerEntry.findUnique({
    where: { reference: change.reference },
    select: { userId: true, balanceAfter: true },
  });
  if (earlier) {
    if (earlier.userId !== change.userId)
      throw new Error(`Credit reference ${change.reference} belongs to another user`);
    const user = await tx.user.findUniqueOrThrow({ where: { id: change.userId }, select: { credits: true } });
    return { ok: true, applied: false, balance: user.credits };
  }
  // One statement both checks and changes the balance, so concurrent spends cannot overdraw it.
  const rows = await tx.$queryRaw<{ credits: number }[]>`
    UPDATE "User" SET credits = credits + ${change.delta}
    WHERE id = ${change.userId} AND credits + ${change.delta} >= 0
    RETURNING credits`;
  const updated = rows[0];
  if (!updated) {
    const user = await tx.user.findUniqueOrThrow({ where: { id: change.userId }, select: { credits: true } });
    return { ok: false, error: "insufficient_credits", balance: user.credits };
  }
  await tx.creditLedgerEntry.create({
    data: { ...change, balanceAfter: updated.credits },
    select: { id: true },
  });
  return { ok: true, applied: true, balance: updated.credits };
}

/**
 * The only way a credit balance changes: inside a transaction, with an append-only ledger row.
 * Pass `tx` to take part in a caller's transaction; otherwise one is opened here.
 */
export async function changeCredits(change: CreditChange, tx?: Tx): Promise<CreditChangeResult> {
  if (tx) return applyChange(tx, change);
  try {
    return await db().$transaction((t) => applyChange(t, change));
  } catch (error) {
    // A concurrent request with the same reference won the race: nothing more to apply.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const user = await db().user.findUniqueOrThrow({
        where: { id: change.userId },
        select: { credits: true },
      });
      return { ok: true, applied: false, balance: user.credits };
    }
    throw error;
  }
}
