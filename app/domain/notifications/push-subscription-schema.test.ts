import { describe, expect, it } from "vitest";
import { pushSubscriptionBody } from "./push-subscription-schema";
import { parseTabId, streamRowId } from "./open-tabs.server";

const keys = { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ", auth: "tBHItJI5svbpez7KI4CCXg" };

describe("pushSubscriptionBody", () => {
  it("accepts a browser's subscription JSON (extra fields such as expirationTime ignored)", () => {
    const body = {
      subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/abc", expirationTime: null, keys },
    };
    expect(pushSubscriptionBody.parse(body).subscription).toEqual({
      endpoint: body.subscription.endpoint,
      keys,
    });
  });

  it.each([
    ["a plain http endpoint", { endpoint: "http://push.example/x", keys }],
    ["no endpoint", { keys }],
    ["a missing key", { endpoint: "https://push.example/x", keys: { auth: keys.auth } }],
    [
      "a key that is not base64url",
      { endpoint: "https://push.example/x", keys: { ...keys, auth: "a b c d e f g h" } },
    ],
    ["an endpoint too long", { endpoint: `https://push.example/${"x".repeat(1000)}`, keys }],
  ])("refuses %s", (_, subscription) => {
    expect(pushSubscriptionBody.safeParse({ subscription }).success).toBe(false);
  });
});

describe("tab ids", () => {
  it("accepts a tab's own id and nothing else", () => {
    expect(parseTabId("a1b2c3d4e5f6")).toBe("a1b2c3d4e5f6");
    for (const bad of [null, "", "short", "has.dot.inside", "x".repeat(41), "semi;colon12"]) {
      expect(parseTabId(bad)).toBeNull();
    }
  });

  it("gives each stream of a tab its own row", () => {
    const [one, two] = [streamRowId("a1b2c3d4e5f6"), streamRowId("a1b2c3d4e5f6")];
    expect(one).not.toBe(two);
    expect(one.startsWith("a1b2c3d4e5f6.")).toBe(true);
    expect(streamRowId(null)).toMatch(/^tab\./);
  });
});
