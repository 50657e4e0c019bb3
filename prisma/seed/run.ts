import path from "node:path";
import { db } from "../../app/lib/db.server";
import type { Env } from "../../app/lib/env.server";
import { localStorage } from "../../app/lib/storage.server";
import { seedBaseData } from "./base-data";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoMembers } from "./demo-data";
import { renderSeedPhotos } from "./photos";

/** Base data, SEED_MEMBERS demo members and their photo files, on the database in DATABASE_URL. */
export async function seedEverything(env: Env) {
  const started = performance.now();
  const sites = await seedBaseData(db());
  await seedDemoMembers(db(), sites, env.SEED_MEMBERS);
  console.log(
    `Seeded ${env.SEED_MEMBERS} demo members in ${Math.round(performance.now() - started)} ms; drawing photos…`,
  );
  const drawn = await renderSeedPhotos(db(), localStorage(path.join(env.DATA_DIR, "uploads")));
  console.log(
    `Drew ${drawn} photo(s). Demo logins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_LOGINS).join(", ")}`,
  );
}
