// `npm run db:reset`: empties the database, migrates it again and seeds it.
import pg from "pg";
import { db } from "../app/lib/db.server";
import { parseEnv } from "../app/lib/env.server";
import { seedEverything } from "../prisma/seed/run";
import { openDatabase } from "../server/database";
import { applyMigrations } from "../server/migrate";

const env = parseEnv();
const database = await openDatabase(env);
try {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
  await client.end();
  await applyMigrations(database.url);
  await seedEverything(env);
} finally {
  await db().$disconnect();
  await database.stop();
}
