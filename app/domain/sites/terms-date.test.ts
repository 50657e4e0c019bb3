import { describe, expect, it } from "vitest";
import { termsVersionDate } from "./terms-date";

describe("termsVersionDate", () => {
  it("is the baseline 2023-12-01 12:00 UTC for companies added before it", () => {
    expect(termsVersionDate(new Date("2020-05-01T00:00:00Z")).toISOString()).toBe("2023-12-01T12:00:00.000Z");
  });

  it("is the company's added date when that is later", () => {
    const added = new Date("2024-03-15T09:00:00Z");
    expect(termsVersionDate(added)).toEqual(added);
  });
});
