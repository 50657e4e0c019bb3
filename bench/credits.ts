// Credits for benchmark members go through the app's own credits module (a ledger row each), so
// the ledger and the balances agree just as they do for real members.
import type { CreditChangeResult } from "../app/domain/credits/credits.server";

/** The credits module on the benchmark's database (its Prisma client reads DATABASE_URL on first use). */
async function creditsModule(databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  return import("../app/domain/credits/credits.server");
}

export async function grantCredits(
  databaseUrl: string,
  grants: { userId: number; credits: number }[],
  referencePrefix: string,
): Promise<void> {
  const { changeCredits } = await creditsModule(databaseUrl);
  for (let i = 0; i < grants.length; i += 20) {
    const results: CreditChangeResult[] = await Promise.all(
      grants.slice(i, i + 20).map(({ userId, credits }) =>
        changeCredits({
          userId,
          delta: credits,
          reason: "correction",
          reference: `${referencePrefix}:${userId}`,
        }),
      ),
    );
    if (results.some((r) => !r.ok || !r.applied)) throw new Error("A benchmark credit grant was not applied");
  }
}

/** Closes the credits module's database client, so the benchmark process can end. */
export async function closeCredits() {
  const { db } = await import("../app/lib/db.server");
  if (globalThis.__prisma) await db().$disconnect();
}
