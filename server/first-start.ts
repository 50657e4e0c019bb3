import path from "node:path";
import pg from "pg";
import { db } from "../app/lib/db.server";
import type { Env } from "../app/lib/env.server";
import { localStorage } from "../app/lib/storage.server";
import { seedBaseData } from "../prisma/seed/base-data";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoMembers } from "../prisma/seed/demo-data";
import { renderSeedPhotos } from "../prisma/seed/photos";
import type { Database } from "./database";
import type { Logger } from "../app/lib/logger.server";

/**
 * An empty database gets the base data (company, sites, interests) and, on the embedded database or
 * with DEMO_DATA=true, the demo members. Their photo files are drawn in the background so the site
 * answers at once; missing files are drawn again on a later start.
 */
export async function firstStartSeed(env: Env, database: Database, logger: Logger) {
  const demo = env.DEMO_DATA ?? database.embedded;
  await withFirstStartLock(() => seedEmptyDatabase(env, demo, logger));
  if (!demo || !env.DEMO_PHOTOS) return { stop: async () => {} };
  const abort = new AbortController();
  const drawing = renderSeedPhotos(db(), localStorage(path.join(env.DATA_DIR, "uploads")), {
    signal: abort.signal,
    onProgress: (done, total) => logger.info("drawing demo photos", { done, total }),
  })
    .then((count) => count > 0 && logger.info("demo photos drawn", { count }))
    .catch((error: unknown) => logger.error("drawing demo photos failed", { error: String(error) }));
  return {
    stop: async () => {
      abort.abort();
      await drawing;
    },
  };
}

/**
 * Two processes starting on one empty database check and seed it one after the other. Negative:
 * other single-key advisory locks use positive ids (a profile's photo uploads).
 */
const FIRST_START_LOCK = -7_312_001;

/**
 * Runs `work` holding a database-wide lock, on a connection of its own: a session lock, released
 * when that connection ends, also if the work fails.
 */
export async function withFirstStartLock<T>(work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [FIRST_START_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}

async function seedEmptyDatabase(env: Env, demo: boolean, logger: Logger) {
  if ((await db().site.count()) > 0) return;
  const started = performance.now();
  const sites = await seedBaseData(db());
  if (demo) {
    await seedDemoMembers(db(), sites, env.SEED_MEMBERS);
    logger.info("demo data seeded", { ms: Math.round(performance.now() - started) });
    console.log(`  Demo logins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_LOGINS).join(", ")}`);
  } else {
    logger.info("base data seeded; run `npm run db:seed` for demo members");
  }
}
