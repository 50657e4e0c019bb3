import { readFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";
import { db } from "./db.server";
import { env, type Env } from "./env.server";

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

declare global {
  var __vapidKeys: Promise<VapidKeys> | undefined;
}

/** The one row of VapidKeyPair. */
const PAIR_ID = 1;

function isKeyPair(value: unknown): value is VapidKeys {
  const keys = value as Partial<VapidKeys> | null;
  return typeof keys?.publicKey === "string" && typeof keys.privateKey === "string";
}

/**
 * The pair an earlier version kept in DATA_DIR/vapid-keys.json, if this process has one: offered
 * first, so the browsers that subscribed with it keep getting pushes.
 */
async function pairInDataDir(dataDir: string): Promise<VapidKeys | null> {
  const file = path.join(dataDir, "vapid-keys.json");
  try {
    const stored: unknown = JSON.parse(await readFile(file, "utf8"));
    return isKeyPair(stored) ? { publicKey: stored.publicKey, privateKey: stored.privateKey } : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || error instanceof SyntaxError) return null;
    throw error;
  }
}

const select = { publicKey: true, privateKey: true } as const;

/**
 * The installation's own key pair, kept in PostgreSQL so that every app process (each with its
 * own DATA_DIR or not) signs with the key browsers subscribed with. Made on first use: each process
 * offers a pair (one left in its DATA_DIR by an earlier version, else a new one), the first insert
 * wins (`INSERT … ON CONFLICT DO NOTHING`) and every process reads back the stored one.
 */
async function storedVapidKeys(dataDir: string): Promise<VapidKeys> {
  const stored = await db().vapidKeyPair.findUnique({ where: { id: PAIR_ID }, select });
  if (stored) return stored;
  const offered = (await pairInDataDir(dataDir)) ?? webpush.generateVAPIDKeys();
  await db().vapidKeyPair.createMany({ data: [{ id: PAIR_ID, ...offered }], skipDuplicates: true });
  return db().vapidKeyPair.findUniqueOrThrow({ where: { id: PAIR_ID }, select });
}

/** The VAPID keys for `source`: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else the stored pair. */
async function resolveVapidKeys(
  source: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "DATA_DIR">,
): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, DATA_DIR } = source;
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) {
    return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY };
  }
  if (VAPID_PUBLIC_KEY || VAPID_PRIVATE_KEY) {
    throw new Error("Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither");
  }
  return storedVapidKeys(DATA_DIR);
}

/** The VAPID keys of this installation, read once per process. */
export function vapidKeys(): Promise<VapidKeys> {
  globalThis.__vapidKeys ??= resolveVapidKeys(env());
  globalThis.__vapidKeys.catch(() => (globalThis.__vapidKeys = undefined));
  return globalThis.__vapidKeys;
}
