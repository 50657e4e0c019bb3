// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isCrossSiteMutation } from "./request-info.server";

const post = (headers: Record<string, string>, url = "https://hartklop.nl/login") =>
  new Request(url, { method: "POST", headers: { Host: "hartklop.nl", ...headers } });

describe("isCrossSiteMutation", () => {
  it("allows reads and same-origin posts", () => {
    expect(
      isCrossSiteMutation(
        new Request("http://hartklop.nl/", { headers: { Origin: "https://evil.example" } }),
      ),
    ).toBe(false);
    expect(isCrossSiteMutation(post({ Origin: "https://hartklop.nl" }))).toBe(false);
    expect(isCrossSiteMutation(post({}))).toBe(false);
  });

  it("refuses posts from another site or an opaque origin", () => {
    expect(isCrossSiteMutation(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteMutation(post({ Origin: "null" }))).toBe(true);
  });

  it("compares whole origins: an http page of the same host is not ours on the https site", () => {
    expect(isCrossSiteMutation(post({ Origin: "http://hartklop.nl" }), undefined)).toBe(true);
    expect(isCrossSiteMutation(post({ Origin: "https://hartklop.nl:8443" }), undefined)).toBe(true);
    // Behind a proxy that ends TLS the request arrives as http; PUBLIC_URL says the site is https.
    const proxied = (origin: string) => post({ Origin: origin }, "http://hartklop.nl/api/user.php");
    expect(isCrossSiteMutation(proxied("https://hartklop.nl"), "https://hartklop.nl")).toBe(false);
    expect(isCrossSiteMutation(proxied("http://hartklop.nl"), "https://hartklop.nl")).toBe(true);
  });
});
