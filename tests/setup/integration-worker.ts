// Each worker gets a fresh database cloned from the migrated template, before any app module loads.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, inject, vi } from "vitest";
import type * as CacheModule from "~/lib/cache.server";
import { TEMPLATE_DATABASE, withDatabase } from "./databases";

// Every read cache the app makes is registered, for the tests that change the rows behind one
// (tests/fixtures/caches.ts).
vi.mock("~/lib/cache.server", async (importOriginal) => {
  const original = await importOriginal<typeof CacheModule>();
  const { registerCache } = await import("../fixtures/caches");
  const createCache: typeof original.createCache = (options) => registerCache(original.createCache(options));
  return { ...original, createCache };
});

const serverUrl = inject("databaseServerUrl");
const database = `hartklop_test_${process.env.VITEST_POOL_ID ?? "0"}_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${TEMPLATE_DATABASE}"`);
await admin.end();

process.env.DATABASE_URL = withDatabase(serverUrl, database);
process.env.SESSION_SECRET = "integration-test-secret-of-at-least-32-chars";
process.env.DATA_DIR = await mkdtemp(path.join(os.tmpdir(), "hartklop-it-data-"));
process.env.NODE_ENV = "test";
// A real database server, but a test one: the stand-ins (Mollie simulator, outbox) run.
process.env.STANDINS = "true";
// As today's server start does, but at the client's first call: a test file that never pays never
// runs the simulator's interception of this process's requests.
const { setMollieStandIn } = await import("~/domain/payments/mollie.server");
setMollieStandIn((await import("~/stand-ins/mollie-simulator.server")).startMollieSimulator);
const { setOutboxFiles } = await import("~/lib/mail.server");
setOutboxFiles((await import("~/stand-ins/mail-outbox.server")).outboxFiles);

afterAll(async () => {
  const { closePreparedPool, db } = await import("~/lib/db.server");
  await closePreparedPool();
  await db().$disconnect();
});
