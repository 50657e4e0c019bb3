import { db } from "~/lib/db.server";
import { Prisma, type CreditReason } from "~/generated/prisma/client";

/** A transaction, or the client itself: every change below is one statement, atomic on its own. */
type Queryable = Pick<Prisma.TransactionClient, "$queryRaw">;

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

interface ChangeRow {
  /** The balance after this change; null when it was not applied. */
  newBalance: number | null;
  /** The owner of an earlier entry with the same reference, if any. */
  earlierUserId: number | null;
  /** The balance before this statement; null when the user does not exist. */
  oldBalance: number | null;
}

/**
 * One statement: skip a reference seen before, otherwise change the balance only when it stays at
 * or above zero (so concurrent spends cannot overdraw it) and append the ledger row.
 */
async function applyChange(tx: Queryable, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isInteger(change.delta)) throw new Error("Credit changes are whole numbers");
  const { userId, delta, reason, reference } = change;
  const [row] = await tx.$queryRaw<ChangeRow[]>`
    WITH earlier AS (
      SELECT "userId" FROM "CreditLedgerEntry" WHERE reference = ${reference}
    ), updated AS (
      UPDATE "User" SET credits = credits + ${delta}
      WHERE id = ${userId} AND credits + ${delta} >= 0 AND NOT EXISTS (SELECT 1 FROM earlier)
      RETURNING credits
    ), entry AS (
      INSERT INTO "CreditLedgerEntry" ("userId", delta, "balanceAfter", reason, reference, "createdAt")
      SELECT ${userId}, ${delta}, credits, ${reason}::"CreditReason", ${reference}, ${new Date()} FROM updated
    )
    SELECT (SELECT credits FROM updated) AS "newBalance",
      (SELECT "userId" FROM earlier) AS "earlierUserId",
      (SELECT credits FROM "User" WHERE id = ${userId}) AS "oldBalance"`;
  if (row!.oldBalance === null) throw new Error(`No user ${userId} for a credit change`);
  if (row!.earlierUserId !== null) {
    if (row!.earlierUserId !== userId)
      throw new Error(`Credit reference ${reference} belongs to another user`);
    return { ok: true, applied: false, balance: row!.oldBalance };
  }
  if (row!.newBalance === null) return { ok: false, error: "insufficient_credits", balance: row!.oldBalance };
  return { ok: true, applied: true, balance: row!.newBalance };
}

/** A unique-key violation, as Prisma reports it for model queries (P2002) and raw statements (P2010). */
function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2002") return true;
  const meta = error.meta as
    { code?: string; driverAdapterError?: { cause?: { originalCode?: string; kind?: string } } } | undefined;
  return (
    error.code === "P2010" &&
    (meta?.code === "23505" ||
      meta?.driverAdapterError?.cause?.originalCode === "23505" ||
      meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation")
  );
}

/**
 * The only way a credit balance changes: in one statement, with an append-only ledger row.
 * Pass `tx` to take part in a caller's transaction.
 */
export async function changeCredits(
  change: CreditChange,
  tx?: Prisma.TransactionClient,
): Promise<CreditChangeResult> {
  if (tx) return applyChange(tx, change);
  try {
    return await applyChange(db(), change);
  } catch (error) {
    // A concurrent request with the same reference won the race: nothing more to apply.
    if (isUniqueViolation(error)) {
      const user = await db().user.findUniqueOrThrow({
        where: { id: change.userId },
        select: { credits: true },
      });
      return { ok: true, applied: false, balance: user.credits };
    }
    throw error;
  }
}

/** The member's balance now. */
export async function creditBalance(userId: number): Promise<number> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { credits: true } });
  return user?.credits ?? 0;
}

/**
 * Spending in the same statement that stores what is paid for (a chat message: the site's hottest
 * write). `paid` is a CTE holding the new balance, with no row when `when` is false or the balance
 * would go below zero: the caller stores its row only `FROM paid`. `ledger(reference, from)` is the
 * CTE appending the ledger row once the caller's row (`from`, giving the reference) exists.
 */
export function spendingSql(spend: {
  userId: number;
  amount: number;
  reason: CreditReason;
  when: Prisma.Sql;
}) {
  const { userId, amount, reason, when } = spend;
  if (!Number.isInteger(amount) || amount < 0) throw new Error("Spending is a whole, non-negative number");
  return {
    paid: Prisma.sql`paid AS (
      UPDATE "User" SET credits = credits - ${amount}
      WHERE id = ${userId} AND credits >= ${amount} AND ${when}
      RETURNING credits
    )`,
    ledger: (reference: Prisma.Sql, from: Prisma.Sql) => Prisma.sql`ledger AS (
      INSERT INTO "CreditLedgerEntry" ("userId", delta, "balanceAfter", reason, reference, "createdAt")
      SELECT ${userId}, ${-amount}, paid.credits, ${reason}::"CreditReason", ${reference}, ${new Date()}
      FROM paid, ${from}
    )`,
  };
}
