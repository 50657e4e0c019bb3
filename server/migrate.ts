import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** The checkout this server runs from (as source, or built under build/server): where package.json is. */
function projectRoot(): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "scripts/migrate.mjs"))) return dir;
  }
  throw new Error(`No scripts/migrate.mjs above ${import.meta.dirname}`);
}

/** The migrations of the checkout, by folder name. */
function migrationNames(root: string): string[] {
  return readdirSync(path.join(root, "prisma/migrations"), { withFileTypes: true })
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
  const root = projectRoot();
  if (await allApplied(databaseUrl, migrationNames(root))) return;
  await run(process.execPath, [path.join(root, "scripts/migrate.mjs"), "deploy"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}
