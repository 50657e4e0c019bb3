import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";

const source = readFileSync(path.resolve("public/sw.js"), "utf8");

type Listener = (event: unknown) => void;

/** Runs public/sw.js in a sandbox with a fake `self`, returning its listeners and the fakes. */
function loadServiceWorker() {
  const listeners = new Map<string, Listener>();
  const newSubscription = {
    toJSON: () => ({ endpoint: "https://push.example/new", keys: { p256dh: "p", auth: "a" } }),
  };
  const subscribe = vi.fn(async (_options: unknown) => newSubscription);
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url === "/api/settings.php"
      ? new Response(JSON.stringify({ settings: { push_public_key: "AQID" } }))
      : new Response(JSON.stringify({ ok: true })),
  );
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { pushManager: { subscribe } },
  };
  runInNewContext(source, { self, fetch, atob, Uint8Array, JSON, URL, Response });
  return { listeners, subscribe, fetch };
}

async function dispatch(listener: Listener, event: object) {
  let work: Promise<unknown> = Promise.resolve();
  listener({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
  await work;
}

describe("the service worker's pushsubscriptionchange", () => {
  it("subscribes again with the old subscription's key and stores the new subscription", async () => {
    const { listeners, subscribe, fetch } = loadServiceWorker();
    const key = new Uint8Array([9, 9]);
    await dispatch(listeners.get("pushsubscriptionchange")!, {
      oldSubscription: { options: { applicationServerKey: key } },
      newSubscription: null,
    });
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    const [url, init] = fetch.mock.calls.at(-1)! as unknown as [string, RequestInit];
    expect(url).toBe("/api/user.php?push=1");
    expect(init.method).toBe("POST");
    // Every call to user.php carries the client marker.
    expect(new Headers(init.headers).get("X-Request-Type")).toBe("client");
    expect(JSON.parse(String(init.body))).toEqual({
      subscription: { endpoint: "https://push.example/new", keys: { p256dh: "p", auth: "a" } },
    });
  });

  it("without an old subscription takes the key from the settings call", async () => {
    const { listeners, subscribe, fetch } = loadServiceWorker();
    await dispatch(listeners.get("pushsubscriptionchange")!, {
      oldSubscription: null,
      newSubscription: null,
    });
    expect(fetch.mock.calls[0]![0]).toBe("/api/settings.php");
    const options = subscribe.mock.calls[0]![0] as unknown as { applicationServerKey: Uint8Array };
    expect(Array.from(options.applicationServerKey)).toEqual([1, 2, 3]);
  });

  it("stores the browser's new subscription without subscribing again", async () => {
    const { listeners, subscribe, fetch } = loadServiceWorker();
    const given = { toJSON: () => ({ endpoint: "https://push.example/given" }) };
    await dispatch(listeners.get("pushsubscriptionchange")!, {
      oldSubscription: null,
      newSubscription: given,
    });
    expect(subscribe).not.toHaveBeenCalled();
    expect(JSON.parse(String((fetch.mock.calls[0]![1] as RequestInit).body))).toEqual({
      subscription: { endpoint: "https://push.example/given" },
    });
  });
});
