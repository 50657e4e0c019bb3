import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect.server";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/pages/faq?x=1")).toBe("/pages/faq?x=1");
    expect(safeRedirectPath("/members?gender=female&page=2")).toBe("/members?gender=female&page=2");
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
  it("percent-encodes what a Location header cannot carry, and it can still go into one", () => {
    expect(safeRedirectPath("/\u3002x")).toBe("/%E3%80%82x");
    expect(safeRedirectPath("/caf\u00e9?q=\u00fc#\u00e4")).toBe("/caf%C3%A9?q=%C3%BC#%C3%A4");
    expect(safeRedirectPath("/a b")).toBe("/a%20b");
    for (const value of ["/\u3002x", "/caf\u00e9", "/\ud800x"]) {
      const location = new Response(null, { status: 302, headers: { Location: safeRedirectPath(value) } });
      expect(location.headers.get("Location")).toMatch(/^\/[\x21-\x7e]*$/);
    }
  });
  it("keeps fullwidth and ideographic slashes and dots in the path: they never name a host there", () => {
    expect(safeRedirectPath("/\uff0f\uff0fevil.example")).toBe("/%EF%BC%8F%EF%BC%8Fevil.example");
    expect(safeRedirectPath("/\u3002/evil\u3002example")).toBe("/%E3%80%82/evil%E3%80%82example");
    expect(safeRedirectPath("/\uff3cevil.example")).toBe("/%EF%BC%BCevil.example");
  });
  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example/phish",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    // Dot segments resolved away would leave a protocol-relative "//evil.example".
    "/.//evil.example",
    "/%2e//evil.example",
    "/x/..//evil.example",
    "//\uff0fevil.example",
    "",
    null,
    undefined,
  ])("turns %j into /", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });
});
