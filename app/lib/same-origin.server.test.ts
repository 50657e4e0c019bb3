// @vitest-environment node
import { describe, expect, it } from "vitest";
import { comesFromOwnPage, isOwnOrigin } from "./same-origin.server";

const get = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("isOwnOrigin", () => {
  it("compares scheme, host and port", () => {
    const request = get("https://hartklop.nl/api/user.php", { Host: "hartklop.nl" });
    expect(isOwnOrigin("https://hartklop.nl", request, undefined)).toBe(true);
    expect(isOwnOrigin("https://hartklop.nl/chats?x=1", request, undefined)).toBe(true);
    expect(isOwnOrigin("http://hartklop.nl", request, undefined)).toBe(false);
    expect(isOwnOrigin("https://hartklop.nl:8443", request, undefined)).toBe(false);
    expect(isOwnOrigin("https://hartklop.nl.evil.example", request, undefined)).toBe(false);
    expect(isOwnOrigin("null", request, undefined)).toBe(false);
  });

  it("takes PUBLIC_URL's origin, and its https for the request's host behind a proxy that ends TLS", () => {
    const proxied = get("http://hartklop.nl/api/user.php", { Host: "hartklop.nl" });
    expect(isOwnOrigin("https://hartklop.nl", proxied, "https://hartklop.nl")).toBe(true);
    expect(isOwnOrigin("https://www.hartklop.nl", proxied, "https://www.hartklop.nl/")).toBe(true);
    expect(isOwnOrigin("http://hartklop.nl", proxied, "https://hartklop.nl")).toBe(false);
    // Without PUBLIC_URL (or an http one, local runs) the request's own scheme counts.
    expect(isOwnOrigin("http://hartklop.nl", proxied, undefined)).toBe(true);
    const local = get("http://127.0.0.1:4710/logout", { Host: "127.0.0.1:4710" });
    expect(isOwnOrigin("http://127.0.0.1:4710", local, "http://127.0.0.1:4710")).toBe(true);
    expect(isOwnOrigin("http://127.0.0.1:4711", local, "http://127.0.0.1:4710")).toBe(false);
  });
});

describe("comesFromOwnPage", () => {
  const page = "https://hartklop.nl/api/logout.php";
  it("believes the browser's Sec-Fetch-Site first", () => {
    expect(comesFromOwnPage(get(page, { "Sec-Fetch-Site": "same-origin" }), undefined)).toBe(true);
    for (const site of ["cross-site", "same-site", "none"]) {
      const request = get(page, { "Sec-Fetch-Site": site, Referer: "https://hartklop.nl/chats" });
      expect(comesFromOwnPage(request, undefined), site).toBe(false);
    }
  });

  it("else an Origin or Referer of ours; nothing at all is not ours", () => {
    expect(comesFromOwnPage(get(page, { Referer: "https://hartklop.nl/chats" }), undefined)).toBe(true);
    expect(comesFromOwnPage(get(page, { Origin: "https://hartklop.nl" }), undefined)).toBe(true);
    expect(comesFromOwnPage(get(page, { Referer: "https://evil.example/" }), undefined)).toBe(false);
    expect(comesFromOwnPage(get(page, { Referer: "http://hartklop.nl/chats" }), undefined)).toBe(false);
    expect(comesFromOwnPage(get(page), undefined)).toBe(false);
  });
});
