import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";
import { env } from "./env.server";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

declare global {
  var __vapidKeys: Promise<VapidKeys> | undefined;
}

function isKeyPair(value: unknown): value is VapidKeys {
  const keys = value as Partial<VapidKeys> | null;
  return typeof keys?.publicKey === "string" && typeof keys.privateKey === "string";
}

/**
 * The installation's own key pair in DATA_DIR, made on first use. Written to a temporary file and
 * linked into place, so two processes starting together end up with the same one pair.
 */
export async function localVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, "vapid-keys.json");
  try {
    const stored: unknown = JSON.parse(await readFile(file, "utf8"));
    if (isKeyPair(stored)) return stored;
    throw new Error(`${file} holds no VAPID key pair: remove it to have a new pair made`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}`;
  await writeFile(temporary, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temporary);
  }
  return localVapidKeys(dataDir);
}

/** The VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else the ones kept in DATA_DIR. */
export function vapidKeys(): Promise<VapidKeys> {
  globalThis.__vapidKeys ??= (async () => {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, DATA_DIR } = env();
    if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) {
      return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY };
    }
    if (VAPID_PUBLIC_KEY || VAPID_PRIVATE_KEY) {
      throw new Error("Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither");
    }
    return localVapidKeys(DATA_DIR);
  })();
  globalThis.__vapidKeys.catch(() => (globalThis.__vapidKeys = undefined));
  return globalThis.__vapidKeys;
}
