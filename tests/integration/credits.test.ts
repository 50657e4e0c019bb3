import { beforeAll, describe, expect, it } from "vitest";
import { changeCredits } from "~/domain/credits/credits.server";
import { db } from "~/lib/db.server";
import { seedBaseData } from "../../prisma/seed/base-data";

describe("credits ledger", () => {
  let userId: number;
  beforeAll(async () => {
    const sites = await seedBaseData(db());
    ({ id: userId } = await db().user.create({
      data: { siteId: sites.nl, email: "krediet@example.com" },
      select: { id: true },
    }));
  });

  const balance = async () =>
    (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } })).credits;

  it("adds and spends credits with a ledger row each", async () => {
    expect(await changeCredits({ userId, delta: 100, reason: "purchase", reference: "test:buy:1" })).toEqual({
      ok: true,
      applied: true,
      balance: 100,
    });
    expect(
      await changeCredits({ userId, delta: -10, reason: "message", reference: "test:msg:1" }),
    ).toMatchObject({ balance: 90 });
    const ledger = await db().creditLedgerEntry.findMany({
      where: { userId },
      orderBy: { id: "asc" },
      select: { delta: true, balanceAfter: true, reason: true },
    });
    expect(ledger).toEqual([
      { delta: 100, balanceAfter: 100, reason: "purchase" },
      { delta: -10, balanceAfter: 90, reason: "message" },
    ]);
  });

  it("applies a reference only once, also when replayed concurrently", async () => {
    const before = await balance();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        changeCredits({ userId, delta: 50, reason: "purchase", reference: "test:buy:replay" }),
      ),
    );
    expect(results.filter((r) => r.ok && r.applied)).toHaveLength(1);
    expect(await balance()).toBe(before + 50);
    expect(await db().creditLedgerEntry.count({ where: { reference: "test:buy:replay" } })).toBe(1);
  });

  it("never goes below zero, also with concurrent spends", async () => {
    const start = await balance();
    const spends = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        changeCredits({ userId, delta: -10, reason: "message", reference: `test:race:${i}` }),
      ),
    );
    const applied = spends.filter((r) => r.ok && r.applied).length;
    expect(applied).toBe(Math.floor(start / 10));
    expect(spends.filter((r) => !r.ok).every((r) => !r.ok && r.error === "insufficient_credits")).toBe(true);
    expect(await balance()).toBe(start - applied * 10);
    const sum = await db().creditLedgerEntry.aggregate({ where: { userId }, _sum: { delta: true } });
    expect(sum._sum.delta).toBe(await balance());
  });

  it("refuses fractions and a reference of another user", async () => {
    await expect(
      changeCredits({ userId, delta: 1.5, reason: "correction", reference: "test:frac" }),
    ).rejects.toThrow();
    const other = await db().user.create({
      data: {
        siteId: (await db().site.findFirstOrThrow({ select: { id: true } })).id,
        email: "ander@example.com",
      },
      select: { id: true },
    });
    await expect(
      changeCredits({ userId: other.id, delta: 5, reason: "purchase", reference: "test:buy:1" }),
    ).rejects.toThrow(/another user/);
  });
});
