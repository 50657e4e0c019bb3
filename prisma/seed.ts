// `npm run db:seed`: base data, demo members and their photo files, on DATABASE_URL or the embedded database.
import { db } from "../app/lib/db.server";
import { parseEnv } from "../app/lib/env.server";
import { openDatabase } from "../server/database";
import { seedEverything } from "./seed/run";

const env = parseEnv();
const database = await openDatabase(env);
try {
  await seedEverything(env);
} finally {
  await db().$disconnect();
  await database.stop();
}
