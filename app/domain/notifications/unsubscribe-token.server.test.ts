import { describe, expect, it } from "vitest";
import { hasMailEventsSecret } from "./mail-events.server";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.server";

const SECRET = "a-session-secret-of-at-least-32-characters";

describe("unsubscribe tokens", () => {
  it("name the member and the kind, and verify with the same secret", () => {
    const token = signUnsubscribeToken({ userId: 42, key: "weekly_updates" }, SECRET);
    expect(token).toMatch(/^42\.weekly_updates\.[\w-]{32}$/);
    expect(verifyUnsubscribeToken(token, SECRET)).toEqual({ userId: 42, key: "weekly_updates" });
    expect(signUnsubscribeToken({ userId: 42, key: "weekly_updates" }, SECRET)).toBe(token);
  });

  it("refuses another member, another kind, another secret, a changed signature or junk", () => {
    const token = signUnsubscribeToken({ userId: 42, key: "like" }, SECRET);
    const signature = token.split(".")[2]!;
    expect(verifyUnsubscribeToken(`43.like.${signature}`, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(`42.news.${signature}`, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(token, `${SECRET}-other`)).toBeNull();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("x") ? "y" : "x"}`;
    expect(verifyUnsubscribeToken(`42.like.${flipped}`, SECRET)).toBeNull();
    for (const junk of [
      "",
      "42.like",
      `42.unknown_kind.${signature}`,
      `0.like.${signature}`,
      `42.like.${signature}x`,
    ]) {
      expect(verifyUnsubscribeToken(junk, SECRET)).toBeNull();
    }
  });
});

describe("the mail events secret", () => {
  const secret = "provider-shared-secret";
  it("accepts it as a bearer token or a basic password, nothing else", () => {
    expect(hasMailEventsSecret(`Bearer ${secret}`, secret)).toBe(true);
    expect(hasMailEventsSecret(`Basic ${Buffer.from(`any:${secret}`).toString("base64")}`, secret)).toBe(
      true,
    );
    expect(hasMailEventsSecret(`Bearer ${secret}x`, secret)).toBe(false);
    expect(hasMailEventsSecret(secret, secret)).toBe(false);
    expect(hasMailEventsSecret(`Token ${secret}`, secret)).toBe(false);
    expect(hasMailEventsSecret(null, secret)).toBe(false);
  });
});
