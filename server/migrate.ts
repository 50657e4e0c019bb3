import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { promisify } from "node:util";
import pg from "pg";
import { projectPath } from "../app/lib/project-path.server";

const run = promisify(execFile);

/** The migrations of the checkout, by folder name. */
function migrationNames(): string[] {
  return readdirSync(projectPath("prisma/migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * Whether every migration of the checkout is recorded as applied: the common start (an unchanged
 * checkout), which then skips the schema engine's process (about a second).
 */
async function allApplied(databaseUrl: string, names: string[]): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT migration_name AS name FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Set(rows.map((row) => row.name));
    return names.every((name) => applied.has(name));
  } catch {
    return false; // a new database: no migrations table yet
  } finally {
    await client.end();
  }
}

/** Applies pending migrations (in a child process: the Wasm schema engine keeps handles open). */
export async function applyMigrations(databaseUrl: string) {
  if (await allApplied(databaseUrl, migrationNames())) return;
  await run(process.execPath, [projectPath("scripts/migrate.mjs"), "deploy"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}
