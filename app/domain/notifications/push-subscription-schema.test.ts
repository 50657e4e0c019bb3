import { describe, expect, it } from "vitest";
import { env } from "~/lib/env.server";
import { isPushServiceEndpoint, pushSubscriptionBody } from "./push-subscription-schema";
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

describe("isPushServiceEndpoint", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/dGhpcyBpcyBh:APA91bE",
    "https://fcm.googleapis.com/wp/dGhpcyBpcyBh",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh",
    "https://web.push.apple.com/QGuQyavXutnMH",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
  ])("accepts the browsers' push service %s", (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, { standIns: false })).toBe(true);
  });

  it.each([
    "https://push.example.com/x",
    "https://169.254.169.254/latest/meta-data",
    "https://10.0.0.5/x",
    "https://fcm.googleapis.com.evil.example/x",
    "https://evilpush.apple.com/x",
    "https://notify.windows.com.evil.example/x",
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "https://user:secret@fcm.googleapis.com/fcm/send/x",
    "http://fcm.googleapis.com/fcm/send/x",
    "not a url",
    "https://127.0.0.1:8443/push/1",
    "https://localhost/push/1",
    "https://[::1]:8443/push/1",
  ])("refuses %s where no stand-ins run", (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, { standIns: false })).toBe(false);
  });

  it("accepts the local push stand-in on a loopback address, any port, only where stand-ins run", () => {
    expect(isPushServiceEndpoint("https://127.0.0.1:41234/push/1-ab", { standIns: true })).toBe(true);
    expect(isPushServiceEndpoint("https://localhost:41234/push/1-ab", { standIns: true })).toBe(true);
    expect(isPushServiceEndpoint("http://127.0.0.1:41234/push/1-ab", { standIns: true })).toBe(false);
    expect(isPushServiceEndpoint("https://push.example.com/x", { standIns: true })).toBe(false);
  });

  it("refuses loopback endpoints in production (npm start on the embedded database), unless STANDINS=true", () => {
    const saved = { NODE_ENV: env().NODE_ENV, STANDINS: env().STANDINS };
    const accepted = (settings: Partial<ReturnType<typeof env>>) => {
      Object.assign(env(), settings);
      return [
        "https://127.0.0.1:41234/push/1-ab",
        "https://localhost/push/1",
        "https://[::1]:8443/push/1",
      ].map((endpoint) => isPushServiceEndpoint(endpoint, { standIns: true }));
    };
    try {
      expect(accepted({ NODE_ENV: "production", STANDINS: false })).toEqual([false, false, false]);
      // A test server declared as one (the e2e servers), and development.
      expect(accepted({ NODE_ENV: "production", STANDINS: true })).toEqual([true, true, true]);
      expect(accepted({ NODE_ENV: "development", STANDINS: false })).toEqual([true, true, true]);
      // The browsers' push services stay accepted in production.
      Object.assign(env(), { NODE_ENV: "production", STANDINS: false });
      expect(isPushServiceEndpoint("https://fcm.googleapis.com/fcm/send/x", { standIns: true })).toBe(true);
    } finally {
      Object.assign(env(), saved);
    }
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
