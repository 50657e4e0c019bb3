// `npm run db:reset`: drops every table of the database, migrates it again and seeds it.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { parseEnv } from "../app/lib/env.server";
import { openDatabase } from "../server/database";

const env = parseEnv();
const database = await openDatabase(env);
const client = new pg.Client({ connectionString: database.url });
await client.connect();
await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
await client.end();
await database.stop();
const seed = spawnSync(process.execPath, ["--import", "tsx", "prisma/seed.ts"], { stdio: "inherit" });
process.exit(seed.status ?? 1);
