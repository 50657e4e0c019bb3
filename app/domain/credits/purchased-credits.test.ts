import { describe, expect, it } from "vitest";
import { purchasedCredits } from "./purchased-credits";

type LedgerEntry = Parameters<typeof purchasedCredits>[0][number];

const entry = (delta: number, reason: LedgerEntry["reason"], reference = `r${delta}`): LedgerEntry => ({
  delta,
  reason,
  reference,
});

describe("bought credits in a balance", () => {
  it("spends the free credits first", () => {
    const signup = entry(20, "signup_bonus");
    expect(purchasedCredits([signup, entry(50, "purchase"), entry(-50, "message")])).toBe(20);
    expect(purchasedCredits([signup, entry(50, "purchase"), entry(-10, "message")])).toBe(50);
    expect(purchasedCredits([signup, entry(-20, "message"), entry(50, "purchase")])).toBe(50);
    expect(purchasedCredits([signup, entry(50, "purchase"), entry(-70, "gift")])).toBe(0);
    expect(purchasedCredits([signup])).toBe(0);
  });

  it("counts a staff correction as free, and credits a failed refund gave back as bought", () => {
    expect(purchasedCredits([entry(50, "purchase"), entry(30, "correction"), entry(-30, "photo")])).toBe(50);
    const held = [entry(100, "purchase"), entry(-100, "refund", "refund:7")];
    expect(purchasedCredits(held)).toBe(0);
    expect(purchasedCredits([...held, entry(100, "correction", "refund-failed:7")])).toBe(100);
  });

  it("takes refunds and chargebacks from the bought credits first", () => {
    const start = [entry(20, "signup_bonus"), entry(50, "purchase")];
    expect(purchasedCredits([...start, entry(-50, "chargeback")])).toBe(0);
    expect(purchasedCredits([...start, entry(-30, "refund"), entry(-20, "message")])).toBe(20);
  });
});
