// The web push key pair (docs/decisions/0005-push.md): one per installation, in PostgreSQL, so every
// app process signs with the key the browsers subscribed with.
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { vapidKeys } from "~/lib/vapid-keys.server";

/** A process's own data folder (app servers on different machines share none). */
const dataDir = () => mkdtemp(path.join(os.tmpdir(), "vapid-"));

/**
 * An app process started with `environment` (its own DATA_DIR, the VAPID variables): the app's
 * modules loaded anew read it. The returned function asks that process for its keys, as it does on
 * its first push; several can be asked at once.
 */
async function startProcess(environment: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  vi.resetModules();
  const keysOfProcess = (await import("~/lib/vapid-keys.server")).vapidKeys;
  (await import("~/lib/env.server")).env(); // read while the process's environment is set
  vi.unstubAllEnvs();
  // Each process keeps its keys on its own globalThis; here they share one, so none may find another's.
  return () => {
    globalThis.__vapidKeys = undefined;
    const keys = keysOfProcess();
    globalThis.__vapidKeys = undefined;
    return keys;
  };
}

/** The keys a process with its own DATA_DIR gets. */
const storedVapidKeys = async (dir: string) => (await startProcess({ DATA_DIR: dir }))();

const storedPairs = () => db().vapidKeyPair.findMany({ select: { publicKey: true, privateKey: true } });

beforeEach(async () => {
  await db().vapidKeyPair.deleteMany();
  globalThis.__vapidKeys = undefined;
});

describe("the VAPID key pair", () => {
  it("is made once and shared by processes with their own DATA_DIR, also when they start at once", async () => {
    const processes = [];
    for (let i = 0; i < 4; i++) processes.push(await startProcess({ DATA_DIR: await dataDir() }));
    const pairs = await Promise.all(processes.map((askForKeys) => askForKeys()));
    expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.privateKey)).size).toBe(1);
    expect(Buffer.from(pairs[0]!.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(pairs[0]!.privateKey, "base64url")).toHaveLength(32);
    expect(await storedPairs()).toEqual([pairs[0]]);

    // A process started later (a new machine, a restart) reads the same pair.
    expect(await storedVapidKeys(await dataDir())).toEqual(pairs[0]);
  });

  it("is what this process hands browsers and signs with", async () => {
    const keys = await vapidKeys();
    expect(await storedPairs()).toEqual([keys]);
    // Cached per process: the row is read once.
    expect(await vapidKeys()).toBe(keys);
  });

  it("takes over the pair an earlier version left in DATA_DIR, so its subscriptions keep working", async () => {
    const earlier = webpush.generateVAPIDKeys();
    const dir = await dataDir();
    await writeFile(path.join(dir, "vapid-keys.json"), JSON.stringify(earlier));
    expect(await storedVapidKeys(dir)).toEqual(earlier);
    // Another process's own older file does not replace it.
    const other = await dataDir();
    await writeFile(path.join(other, "vapid-keys.json"), JSON.stringify(webpush.generateVAPIDKeys()));
    expect(await storedVapidKeys(other)).toEqual(earlier);
  });

  it("comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, storing nothing", async () => {
    const configured = webpush.generateVAPIDKeys();
    const source = {
      VAPID_PUBLIC_KEY: configured.publicKey,
      VAPID_PRIVATE_KEY: configured.privateKey,
      DATA_DIR: await dataDir(),
    };
    expect(await (await startProcess(source))()).toEqual(configured);
    expect(await storedPairs()).toEqual([]);
    await expect((await startProcess({ ...source, VAPID_PRIVATE_KEY: undefined }))()).rejects.toThrow(
      "Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither",
    );
  });
});
