// Runs a command with DATABASE_URL set: the given one, or the embedded PostgreSQL (started for the
// duration of the command). Used by the db:* scripts. Usage: tsx scripts/with-db.ts <command> [args…]
import { spawn } from "node:child_process";
import path from "node:path";
import { parseEnv } from "../app/lib/env.server";
import { startEmbeddedPostgres } from "../server/embedded-postgres";

const env = parseEnv();
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: tsx scripts/with-db.ts <command> [args…]");
  process.exit(2);
}
const embedded = env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dir: path.join(env.DATA_DIR, "pg"), port: env.EMBEDDED_PG_PORT });
const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: env.DATABASE_URL ?? embedded!.url },
});
const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
await embedded?.stop();
process.exit(code);
