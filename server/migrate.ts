import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, "../scripts/migrate.mjs");

/** Applies pending migrations (in a child process: the Wasm schema engine keeps handles open). */
export async function applyMigrations(databaseUrl: string) {
  const { stdout } = await run(process.execPath, [script, "deploy"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return stdout.trim();
}
