import path from "node:path";
import type { Env } from "../app/lib/env.server";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { applyMigrations } from "./migrate";

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR/pg. Migrations are applied. */
export async function openDatabase(env: Env, { ownSignalHandling = false } = {}): Promise<Database> {
  const embedded = env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dir: path.join(env.DATA_DIR, "pg"),
        port: env.EMBEDDED_PG_PORT,
        ownSignalHandling,
      });
  const url = env.DATABASE_URL ?? embedded!.url;
  try {
    await applyMigrations(url);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  process.env.DATABASE_URL = url;
  // Tells the app (a separate bundle) that this database is the local embedded one.
  if (embedded) process.env.EMBEDDED_DATABASE = "true";
  return { url, embedded: embedded !== null, stop: async () => embedded?.stop() };
}
