import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect.server";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/pages/faq?x=1")).toBe("/pages/faq?x=1");
    expect(safeRedirectPath("/members?gender=female&page=2")).toBe("/members?gender=female&page=2");
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example/phish",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "",
    null,
    undefined,
  ])("turns %j into /", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });
});
