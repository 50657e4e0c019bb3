// `npm run bench:export`: how long one member's data archive ("download my data", docs/product.md,
// Your data) takes. Starts the built server on its own embedded PostgreSQL (no demo members), seeds
// one member with BENCH_EXPORT_MESSAGES (1,000) messages in 10 conversations and 25 photos of the
// stored size (1200 px WebP, as uploads are kept), then runs the archive job's function in this
// process against that database and storage, and reports the time, the archive's size and the
// load average before and after. The goal: under 10 s. BUILD_DIR, KEEP_BENCH_DATA=1.
import { randomBytes } from "node:crypto";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { ensureBuild, seconds, startServer, stopServer, waitForHealth } from "./server";

const MESSAGES = Number(process.env.BENCH_EXPORT_MESSAGES ?? 1000);
const PHOTOS = 25;
const PARTNERS = 10;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * A photo as an upload is stored: at most 1200 px, WebP at quality 82, with about as much detail as
 * a phone photo keeps there (some 200 KB).
 */
function photo(seed: number) {
  return sharp({
    create: {
      width: 900,
      height: 1200,
      channels: 3,
      background: { r: (seed * 37) % 255, g: 120, b: 160 },
      noise: { type: "gaussian", mean: 128, sigma: 18 },
    },
  })
    .blur(0.6)
    .webp({ quality: 82 })
    .toBuffer();
}

async function seed(client: pg.Client, dataDir: string) {
  const { rows: sites } = await client.query<{ id: number }>(`SELECT id FROM "Site" WHERE "isDefault"`);
  const siteId = sites[0]!.id;
  const user = async (name: string, gender: string) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "User" ("siteId", email, status, "paidUser", credits, "signupDate", "confirmedAt")
       VALUES ($1, $2, 'confirmed', true, 100000, now() - interval '90 days', now() - interval '90 days') RETURNING id`,
      [siteId, `bench-export-${name.toLowerCase()}-${randomBytes(4).toString("hex")}@example.com`],
    );
    const profile = await client.query<{ id: number }>(
      `INSERT INTO "Profile" ("userId", name, gender, "seekingGender", "dateOfBirth", country, region, city, "aboutMe", "updatedAt")
       VALUES ($1, $2, $3, $4, '1990-01-01', 'NL', 'Utrecht', 'Utrecht', $5, now()) RETURNING id`,
      [rows[0]!.id, name, gender, gender === "male" ? "female" : "male", "Ik hou van wandelen en koffie."],
    );
    return { userId: rows[0]!.id, profileId: profile.rows[0]!.id };
  };
  const member = await user("Export", "female");
  const partners = [];
  for (let i = 0; i < PARTNERS; i++) partners.push(await user(`Partner${i}`, "male"));

  // The photos, as the upload stores them (files under DATA_DIR/uploads, a row each).
  const uploads = path.join(dataDir, "uploads");
  let photoBytes = 0;
  for (let i = 0; i < PHOTOS; i++) {
    const key = `photos/${member.profileId}/bench-${i}`;
    const body = await photo(i);
    photoBytes += body.length;
    await mkdir(path.join(uploads, path.dirname(key)), { recursive: true });
    await writeFile(path.join(uploads, `${key}.webp`), body);
    await client.query(
      `INSERT INTO "Photo" ("profileId", filename, "thumbFilename", width, height, status, visibility)
       VALUES ($1, $2, $3, 900, 1200, $4, $5)`,
      [
        member.profileId,
        `${key}.webp`,
        `${key}-thumb.webp`,
        i % 5 === 4 ? "inspection" : "active",
        i % 3 ? "public" : "private",
      ],
    );
  }

  // Conversations with the partners, the member writing every other message (a ledger row each).
  for (const [n, partner] of partners.entries()) {
    const [a, b] = [member.userId, partner.userId].sort((x, y) => x - y);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "Conversation" ("siteId", "userAId", "userBId", "startedById") VALUES ($1, $2, $3, $4) RETURNING id`,
      [siteId, a, b, member.userId],
    );
    const conversationId = rows[0]!.id;
    await client.query(
      `INSERT INTO "ConversationMember" ("conversationId", "userId", "otherUserId") VALUES ($1, $2, $3), ($1, $3, $2)`,
      [conversationId, member.userId, partner.userId],
    );
    const count = Math.floor(MESSAGES / PARTNERS) + (n < MESSAGES % PARTNERS ? 1 : 0);
    await client.query(
      `INSERT INTO "Message" ("conversationId", "senderId", kind, body, credits, "createdAt")
       SELECT $1, CASE WHEN i % 2 = 0 THEN $2::int ELSE $3::int END, 'text',
         'Bericht ' || i || ': hoe was je dag? Ik heb vandaag lekker gewandeld in het park en daarna koffie gedronken.',
         CASE WHEN i % 2 = 0 THEN 10 ELSE 0 END, now() - make_interval(mins => ($4::int - i))
       FROM generate_series(1, $4::int) i`,
      [conversationId, member.userId, partner.userId, count],
    );
    await client.query(`INSERT INTO "Like" ("likerId", "likedId") VALUES ($1, $2)`, [
      member.userId,
      partner.userId,
    ]);
  }
  await client.query(
    `INSERT INTO "CreditLedgerEntry" ("userId", delta, "balanceAfter", reason, reference, "createdAt")
     SELECT $1, -10, 100000 - 10 * row_number() OVER (ORDER BY id), 'message', 'message:' || id, "createdAt"
     FROM "Message" WHERE "senderId" = $1`,
    [member.userId],
  );
  return { member, photoBytes };
}

async function main() {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-export-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  const server = await startServer({ dataDir, members: 0, extraEnv: { LOG_LEVEL: "warn" } });
  const cleanUp = async () => {
    await stopServer(server);
    if (!process.env.KEEP_BENCH_DATA) await rm(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));
  const client = new pg.Client({ connectionString: server.databaseUrl });
  try {
    await waitForHealth(server, 10 * 60_000);
    await client.connect();
    const { member, photoBytes } = await seed(client, dataDir);
    console.log(
      `Seeded one member: ${MESSAGES} messages in ${PARTNERS} conversations, ${PHOTOS} photos (${(photoBytes / 1e6).toFixed(1)} MB).`,
    );

    // This process works on the server's database and storage, as a second app process would.
    Object.assign(process.env, {
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      STANDINS: "true",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
    });
    const { buildDataExport } = await import("../app/domain/privacy/data-export.server");
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "DataExport" ("userId") VALUES ($1) RETURNING id`,
      [member.userId],
    );
    // A worker's process has its database connection and job queue running before a job comes.
    const { jobs } = await import("../app/lib/jobs.server");
    const { db } = await import("../app/lib/db.server");
    await jobs();
    await db().$queryRaw`SELECT 1`;
    const loadBefore = load();
    const started = performance.now();
    await buildDataExport({ exportId: rows[0]!.id, origin: server.baseUrl });
    const ms = performance.now() - started;
    const loadAfter = load();
    const { rows: made } = await client.query<{ status: string; sizeBytes: number }>(
      `SELECT status::text, "sizeBytes" FROM "DataExport" WHERE id = $1`,
      [rows[0]!.id],
    );
    console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}`);
    console.log(`Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}`);
    console.log(
      `Archive: ${made[0]!.status}, ${(made[0]!.sizeBytes / 1e6).toFixed(1)} MB, made in ${seconds(ms)} (goal: under 10 s)`,
    );
    const { stopJobs } = await import("../app/lib/jobs.server");
    await stopJobs();
    await db().$disconnect();
  } finally {
    await client.end().catch(() => {});
    await cleanUp();
  }
}

await main();
