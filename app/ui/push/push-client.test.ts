import { afterEach, describe, expect, it, vi } from "vitest";
import { PushCallError, readPushState, turnPushOn } from "./push-client";

function fakeBrowser({
  permission,
  endpoint,
}: {
  permission: NotificationPermission;
  endpoint: string | null;
}) {
  const subscription = endpoint ? { endpoint } : null;
  vi.stubGlobal("Notification", { permission });
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("navigator", {
    ...navigator,
    serviceWorker: {
      getRegistration: () =>
        Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscription) } }),
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("readPushState (the four push states)", () => {
  it("is unknown where the browser cannot push", async () => {
    vi.stubGlobal("navigator", { ...navigator, serviceWorker: undefined });
    expect(await readPushState()).toBe("unknown");
  });

  it("is denied when the member blocked notifications", async () => {
    fakeBrowser({ permission: "denied", endpoint: null });
    expect(await readPushState()).toBe("denied");
  });

  it("is capable without a subscription, subscribed with one", async () => {
    fakeBrowser({ permission: "default", endpoint: null });
    expect(await readPushState()).toBe("capable");
    fakeBrowser({ permission: "granted", endpoint: "https://push.example/1" });
    expect(await readPushState()).toBe("subscribed");
  });

  it("counts a subscription the server no longer has as off", async () => {
    fakeBrowser({ permission: "granted", endpoint: "https://push.example/1" });
    expect(await readPushState(["https://push.example/2"])).toBe("capable");
    expect(await readPushState(["https://push.example/1"])).toBe("subscribed");
  });
});

describe("turnPushOn", () => {
  /** A browser that allows push, with the server's public key and its answer to the subscription. */
  function fakePushBrowser(publicKey: string, answer: Response) {
    const subscription = {
      endpoint: "https://push.unknown.example/1",
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: "https://push.unknown.example/1", keys: { p256dh: "x", auth: "y" } }),
    };
    const subscribe = vi.fn((_options: { applicationServerKey: Uint8Array }) =>
      Promise.resolve(subscription),
    );
    const registration = { pushManager: { getSubscription: () => Promise.resolve(null), subscribe } };
    vi.stubGlobal("Notification", {
      permission: "granted",
      requestPermission: () => Promise.resolve("granted"),
    });
    vi.stubGlobal("PushManager", class {});
    vi.stubGlobal("navigator", {
      ...navigator,
      serviceWorker: { register: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
    });
    vi.stubGlobal("fetch", (url: string) =>
      Promise.resolve(
        url === "/api/settings.php" ? Response.json({ settings: { push_public_key: publicKey } }) : answer,
      ),
    );
    return { subscribe };
  }

  it("subscribes with the site's base64url VAPID key, decoded without padding", async () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const encoded = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const { subscribe } = fakePushBrowser(encoded, new Response(null, { status: 201 }));
    expect(await turnPushOn()).toBe("subscribed");
    expect(Array.from(subscribe.mock.calls[0]![0].applicationServerKey)).toEqual(Array.from(bytes));
  });

  it("passes on the server's reason when it refuses the subscription", async () => {
    fakePushBrowser(
      "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ",
      Response.json({ error: "unknown_push_service" }, { status: 400 }),
    );
    const refused = await turnPushOn().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PushCallError);
    expect((refused as PushCallError).code).toBe("unknown_push_service");
  });
});
