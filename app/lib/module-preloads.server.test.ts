import { describe, expect, it } from "vitest";
import { withLowPriorityModulePreloads } from "./module-preloads.server";

describe("withLowPriorityModulePreloads", () => {
  it("lowers the priority of the head's module preloads only", () => {
    const page =
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
      '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js" nonce="x"/>' +
      '</head><body><p>&lt;link rel="modulepreload"&gt; é</p></body></html>';
    expect(withLowPriorityModulePreloads(page)).toBe(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/root.js" nonce="x"/>' +
        '</head><body><p>&lt;link rel="modulepreload"&gt; é</p></body></html>',
    );
  });

  it("returns a page without a head or module preloads as it is", () => {
    const bare = "<p>no head</p>";
    expect(withLowPriorityModulePreloads(bare)).toBe(bare);
    const plain = "<html><head><title>x</title></head><body></body></html>";
    expect(withLowPriorityModulePreloads(plain)).toBe(plain);
  });
});
