import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCallHeaders, isUserCall } from "./api-call-headers";
import { fetchJsonWithRetry } from "./live-counts/fetch-with-retry";
import { turnPushOff } from "./push/push-client";

afterEach(() => vi.unstubAllGlobals());

/** The headers of every call a stubbed fetch saw, by URL. */
function recordCalls() {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit = {}) => {
    calls.push({ url, headers: new Headers(init.headers) });
    return Promise.resolve(Response.json({ user: null }));
  });
  return calls;
}

describe("the client marker on user.php calls", () => {
  it("is added to every path ending in user.php, whatever the query, and to no other call", () => {
    for (const url of [
      "/api/user.php",
      "/api/user.php?push=1",
      "/api/user.php#x",
      "https://x.nl/api/user.php",
    ]) {
      expect(isUserCall(url), url).toBe(true);
      expect(apiCallHeaders(url), url).toEqual({ "X-Request-Type": "client" });
    }
    for (const url of ["/api/chats.php", "/api/settings.php?domain=user.php", "/api/user.phpx", "/user"]) {
      expect(isUserCall(url), url).toBe(false);
      expect(apiCallHeaders(url), url).toEqual({});
    }
  });

  it("goes out with the polls of user.php, never with other calls", async () => {
    const calls = recordCalls();
    await fetchJsonWithRetry("/api/user.php");
    await fetchJsonWithRetry("/api/chats.php");
    await fetchJsonWithRetry("/api/likes.php");
    expect(calls.map((call) => [call.url, call.headers.get("X-Request-Type")])).toEqual([
      ["/api/user.php", "client"],
      ["/api/chats.php", null],
      ["/api/likes.php", null],
    ]);
    expect(calls[0]!.headers.get("Accept")).toBe("application/json");
  });

  it("goes out with the push subscription calls to user.php?push=1", async () => {
    const calls = recordCalls();
    const subscription = { endpoint: "https://push.example/1", unsubscribe: () => Promise.resolve(true) };
    vi.stubGlobal("Notification", { permission: "granted" });
    vi.stubGlobal("PushManager", class {});
    vi.stubGlobal("navigator", {
      ...navigator,
      serviceWorker: {
        getRegistration: () =>
          Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscription) } }),
      },
    });
    expect(await turnPushOff()).toBe("capable");
    expect(calls.map((call) => [call.url, call.headers.get("X-Request-Type")])).toEqual([
      ["/api/user.php?push=1", "client"],
    ]);
  });

  it("is on every call of our client code that names user.php (a new call site must use the helper)", () => {
    const root = path.resolve("app/ui");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== "api-call-headers.ts",
    );
    const callers = files.filter((file) =>
      /["'`][^"'`]*user\.php/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(callers.length).toBeGreaterThan(0);
    for (const file of callers) {
      const source = readFileSync(path.join(root, file), "utf8");
      expect(/fetchJsonWithRetry|apiCallHeaders/.test(source), file).toBe(true);
    }
    const worker = readFileSync(path.resolve("public/sw.js"), "utf8");
    for (const call of worker.matchAll(/fetch\("\/api\/user\.php[^]*?\}\)/g)) {
      expect(call[0]).toContain('"X-Request-Type": "client"');
    }
  });
});
