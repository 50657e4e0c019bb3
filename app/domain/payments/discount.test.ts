import { describe, expect, it } from "vitest";
import { testI18n } from "../../../tests/setup/render";
import { discountErrorMessage, discountedCents, normalizeCode } from "./discount";

describe("discountedCents", () => {
  it("is round(price * (100 - percentage) / 100) in whole cents", () => {
    expect(discountedCents(1995, 25)).toBe(1496); // 1496.25
    expect(discountedCents(1990, 25)).toBe(1493); // 1492.5 rounds up
    expect(discountedCents(3995, 25)).toBe(2996); // 2996.25
    expect(discountedCents(999, 10)).toBe(899); // 899.1
    expect(discountedCents(999, 15)).toBe(849); // 849.15
    expect(discountedCents(1001, 50)).toBe(501); // 500.5
    expect(discountedCents(1995, 0)).toBe(1995);
    expect(discountedCents(1995, 100)).toBe(0);
  });

  it("refuses fractions and impossible percentages", () => {
    expect(() => discountedCents(19.95, 25)).toThrow();
    expect(() => discountedCents(1995, 12.5)).toThrow();
    expect(() => discountedCents(1995, 101)).toThrow();
    expect(() => discountedCents(-1, 10)).toThrow();
  });
});

describe("codes", () => {
  it("are matched upper-case without spaces", () => {
    expect(normalizeCode("  welkom10 ")).toBe("WELKOM10");
  });

  it("refusals read word for word, in Dutch", () => {
    const { t } = testI18n("nl");
    expect(discountErrorMessage(t, { reason: "notFound" }, "nl")).toBe("Code niet gevonden");
    expect(discountErrorMessage(t, { reason: "alreadyUsed" }, "nl")).toBe("Code reeds gebruikt");
    expect(
      discountErrorMessage(t, { reason: "minimumOrder", minimumOrderCents: 2500, currency: "EUR" }, "nl"),
    ).toBe("Deze code geldt vanaf een bestelling van €\u00a025,00.");
    expect(discountErrorMessage(t, { reason: "method", methods: ["ideal", "paypal"] }, "nl")).toBe(
      "Deze code geldt alleen bij betalen met iDEAL, PayPal.",
    );
    expect(discountErrorMessage(testI18n("en").t, { reason: "notFound" }, "en")).toBe("Code not found");
  });
});
