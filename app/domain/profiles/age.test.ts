import { describe, expect, it } from "vitest";
import { ageOn } from "./age";

describe("ageOn", () => {
  const born = new Date("2000-06-15T00:00:00Z");
  it("counts a birthday only once it is reached", () => {
    expect(ageOn(born, new Date("2026-06-14T12:00:00Z"))).toBe(25);
    expect(ageOn(born, new Date("2026-06-15T00:00:00Z"))).toBe(26);
    expect(ageOn(born, new Date("2026-12-31T00:00:00Z"))).toBe(26);
  });
});
