import { describe, expect, it } from "vitest";
import { scopeKey } from "./scope-key.server";

const SECRET = "a-test-secret-of-enough-length-0123456789";

describe("scopeKey", () => {
  it("is the same for a member every time, and differs per member and per site", () => {
    const key = scopeKey({ siteId: 1, userId: 42 }, SECRET);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(scopeKey({ siteId: 1, userId: 42 }, SECRET)).toBe(key);
    expect(scopeKey({ siteId: 1, userId: 43 }, SECRET)).not.toBe(key);
    expect(scopeKey({ siteId: 2, userId: 42 }, SECRET)).not.toBe(key);
    // "1:42" and "14:2" must not meet.
    expect(scopeKey({ siteId: 14, userId: 2 }, SECRET)).not.toBe(scopeKey({ siteId: 1, userId: 42 }, SECRET));
  });

  it("tells nothing without the secret: another secret gives another key, the id is not in it", () => {
    const key = scopeKey({ siteId: 1, userId: 42 }, SECRET);
    expect(scopeKey({ siteId: 1, userId: 42 }, `${SECRET}x`)).not.toBe(key);
    expect(key).not.toContain("42");
  });
});
