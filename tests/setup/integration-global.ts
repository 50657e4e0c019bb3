// Starts one embedded PostgreSQL for the integration run (or uses TEST_DATABASE_URL's server) and
// builds a migrated template database; each worker clones its own database from it.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/embedded-postgres";
import { applyMigrations } from "../../server/migrate";
import { TEMPLATE_DATABASE, freePort, withDatabase } from "./databases";

let embedded: EmbeddedDatabase | null = null;
let dataDir: string | null = null;

export async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-it-"));
    await chmod(dataDir, 0o755); // the embedded server runs as the postgres user
    embedded = await startEmbeddedPostgres({
      dir: path.join(dataDir, "pg"),
      port: await freePort(),
      database: "postgres",
    });
    serverUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  await admin.end();
  await applyMigrations(withDatabase(serverUrl, TEMPLATE_DATABASE));
  project.provide("databaseServerUrl", serverUrl);
}

export async function teardown() {
  await embedded?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}
