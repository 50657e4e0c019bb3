// `npm run db:seed`: base data, demo members and their photo files, on DATABASE_URL or the embedded database.
import path from "node:path";
import { parseEnv } from "../app/lib/env.server";
import { db } from "../app/lib/db.server";
import { localStorage } from "../app/lib/storage.server";
import { openDatabase } from "../server/database";
import { seedBaseData } from "./seed/base-data";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoMembers } from "./seed/demo-data";
import { renderSeedPhotos } from "./seed/photos";

const env = parseEnv();
const database = await openDatabase(env);
try {
  const started = performance.now();
  const sites = await seedBaseData(db());
  const count = env.SEED_MEMBERS;
  await seedDemoMembers(db(), sites, count);
  console.log(
    `Seeded ${count} demo members in ${Math.round(performance.now() - started)} ms; drawing photos…`,
  );
  const rendered = await renderSeedPhotos(db(), localStorage(path.join(env.DATA_DIR, "uploads")));
  console.log(
    `Drew ${rendered} photo(s). Demo logins (password ${DEMO_PASSWORD}):`,
    Object.values(DEMO_LOGINS).join(", "),
  );
} finally {
  await db().$disconnect();
  await database.stop();
}
