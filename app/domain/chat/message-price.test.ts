import { describe, expect, it } from "vitest";
import { messagesPaidFor, minimumMessageCostFor, textMessageCredits } from "./message-price";

const packages = [
  { credits: 50, priceCents: 1995 },
  { credits: 750, priceCents: 18995 },
];

describe("minimumMessageCostFor", () => {
  const setting = { NL: { costs: 250, currency: "EUR" }, PL: { costs: 900, currency: "PLN" } };

  it("picks the sender country's minimum", () => {
    expect(minimumMessageCostFor(setting, "PL")).toEqual({ costs: 900, currency: "PLN" });
    expect(minimumMessageCostFor(setting, "BE")).toBeNull();
    expect(minimumMessageCostFor(setting, null)).toBeNull();
  });

  it("treats a malformed setting as no minimum", () => {
    expect(minimumMessageCostFor({ NL: { costs: "2,50" } }, "NL")).toBeNull();
    expect(minimumMessageCostFor(null, "NL")).toBeNull();
  });
});

describe("textMessageCredits", () => {
  it("keeps message_credits when even the cheapest credits cover the minimum", () => {
    // 750 credits for 189.95: 10 credits are worth 2.53, above 2.50.
    expect(textMessageCredits(10, { costs: 250, currency: "EUR" }, packages)).toBe(10);
  });

  it("raises the price until the cheapest credits reach the minimum", () => {
    // 4.00 at 25.33 cents per credit needs 15.79, so 16 credits.
    expect(textMessageCredits(10, { costs: 400, currency: "EUR" }, packages)).toBe(16);
  });

  it("is message_credits without a minimum or without packages in its currency", () => {
    expect(textMessageCredits(10, null, packages)).toBe(10);
    expect(textMessageCredits(10, { costs: 400, currency: "EUR" }, [])).toBe(10);
  });
});

describe("messagesPaidFor", () => {
  it("counts the whole messages a balance pays for", () => {
    expect(messagesPaidFor(30, 10)).toBe(3);
    expect(messagesPaidFor(39, 10)).toBe(3);
    expect(messagesPaidFor(40, 10)).toBe(4);
    expect(messagesPaidFor(9, 10)).toBe(0);
    expect(messagesPaidFor(0, 10)).toBe(0);
    expect(messagesPaidFor(7, 1)).toBe(7);
    // A price raised by the country's minimum (textMessageCredits).
    expect(messagesPaidFor(100, 12)).toBe(8);
  });

  it("drops by one for each message sent", () => {
    let credits = 35;
    const counts = [];
    for (let sent = 0; sent < 4; sent++, credits -= 10) counts.push(messagesPaidFor(credits, 10));
    expect(counts).toEqual([3, 2, 1, 0]);
  });

  it("pays for nothing with a negative balance", () => {
    expect(messagesPaidFor(-5, 10)).toBe(0);
  });

  it("refuses a price below one credit and parts of credits", () => {
    expect(() => messagesPaidFor(30, 0)).toThrow(RangeError);
    expect(() => messagesPaidFor(30, -10)).toThrow(RangeError);
    expect(() => messagesPaidFor(30, 2.5)).toThrow(RangeError);
    expect(() => messagesPaidFor(30.5, 10)).toThrow(RangeError);
  });
});
