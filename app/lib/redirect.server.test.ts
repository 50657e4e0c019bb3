import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect.server";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/pages/faq?x=1")).toBe("/pages/faq?x=1");
  });
  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "", null, undefined])(
    "turns %j into /",
    (value) => {
      expect(safeRedirectPath(value)).toBe("/");
    },
  );
});
