// `npx tsx bench/push-queue.ts`: how many pushes per second the job queue delivers. The built server
// (its own embedded PostgreSQL) runs its workers as in production; 10,000 jobs are queued at once
// for 200 members with one device each at the push-service stand-in (HTTPS, VAPID checked, every
// body decrypted: tests/fixtures/push-service.ts), and the time until all arrived is taken: first
// like pushes (queue like-push), then message pushes (queue message-notice, which also schedules
// the message mails).
// Environment: BENCH_PUSH_JOBS (default 10000), BENCH_PUSH_MEMBERS (200), BUILD_DIR, KEEP_BENCH_DATA=1.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import { QUEUES } from "../app/lib/jobs.server";
import { pushServiceCertificate, startPushService } from "../tests/fixtures/push-service";
import { ensureBuild, seconds, sleep, startServer, stopServer, waitForHealth } from "./server";

const JOBS = Number(process.env.BENCH_PUSH_JOBS ?? 10_000);
const MEMBERS = Number(process.env.BENCH_PUSH_MEMBERS ?? 200);

async function insertMember(client: pg.Client, siteId: number, name: string) {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO "User" ("siteId", email, status) VALUES ($1, $2, 'confirmed') RETURNING id`,
    [siteId, `bench-push-${name}-${Date.now()}@example.com`],
  );
  const userId = rows[0]!.id;
  await client.query(
    `INSERT INTO "Profile" ("userId", name, gender, "seekingGender", "dateOfBirth", country, region, city, "updatedAt")
     VALUES ($1, $2, 'female', 'male', '1990-01-01', 'NL', 'Utrecht', 'Utrecht', now())`,
    [userId, name],
  );
  return userId;
}

async function main() {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-push-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  const certificate = pushServiceCertificate(path.join(dataDir, "push-ca"));
  const service = await startPushService(certificate);
  const server = await startServer({
    dataDir,
    members: 0,
    extraEnv: { NODE_EXTRA_CA_CERTS: certificate.certFile, DEMO_DATA: "false", LOG_LEVEL: "warn" },
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  let boss: PgBoss | undefined;
  try {
    await waitForHealth(server, 180_000);
    await client.connect();
    const { rows: sites } = await client.query<{ id: number }>(`SELECT id FROM "Site" WHERE "isDefault"`);
    const siteId = sites[0]!.id;
    const likerId = await insertMember(client, siteId, "Liker");
    const liked: number[] = [];
    const notices: Record<string, number | boolean>[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const userId = await insertMember(client, siteId, `Lid${i}`);
      const device = service.subscription();
      // A device's pushes belong to the login session that turned them on.
      await client.query(
        `INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, $2, now() + interval '1 day')`,
        [`bench-${userId}`, userId],
      );
      await client.query(
        `INSERT INTO "PushSubscription" ("userId", "sessionId", endpoint, p256dh, auth) VALUES ($1, $2, $3, $4, $5)`,
        [userId, `bench-${userId}`, device.endpoint, device.keys.p256dh, device.keys.auth],
      );
      await client.query(`INSERT INTO "Like" ("likerId", "likedId") VALUES ($1, $2)`, [likerId, userId]);
      const [a, b] = [likerId, userId].sort((x, y) => x - y);
      const conversation = await client.query<{ id: number }>(
        `INSERT INTO "Conversation" ("siteId", "userAId", "userBId", "startedById") VALUES ($1, $2, $3, $4) RETURNING id`,
        [siteId, a, b, likerId],
      );
      const conversationId = conversation.rows[0]!.id;
      await client.query(
        `INSERT INTO "ConversationMember" ("conversationId", "userId", "otherUserId", "unreadCount")
         VALUES ($1, $2, $3, 0), ($1, $3, $2, 1)`,
        [conversationId, likerId, userId],
      );
      const message = await client.query<{ id: number }>(
        `INSERT INTO "Message" ("conversationId", "senderId", kind, body, credits) VALUES ($1, $2, 'text', 'Hoi', 0) RETURNING id`,
        [conversationId, likerId],
      );
      liked.push(userId);
      notices.push({
        messageId: message.rows[0]!.id,
        conversationId,
        senderId: likerId,
        recipientId: userId,
        newConversation: false,
      });
    }

    boss = new PgBoss({ connectionString: server.databaseUrl, schema: "pgboss", max: 2, supervise: false });
    boss.on("error", () => {});
    await boss.start();
    const results: string[] = [];
    for (const [queue, data] of [
      [QUEUES.likePush, (i: number) => ({ likerId, likedId: liked[i % liked.length]! })],
      [QUEUES.messageNotice, (i: number) => notices[i % notices.length]!],
    ] as const) {
      const before = service.received.length;
      const jobs = Array.from({ length: JOBS }, (_, i) => ({ name: queue, data: data(i) }));
      const started = performance.now();
      for (let i = 0; i < jobs.length; i += 1000) await boss.insert(jobs.slice(i, i + 1000));
      const queuedMs = performance.now() - started;
      let lastReport = performance.now();
      while (service.received.length - before < JOBS) {
        if (service.rejected.length > 0) throw new Error(`push service refused: ${service.rejected[0]}`);
        if (server.process.exitCode !== null) throw new Error(`server stopped:\n${server.output()}`);
        if (performance.now() - started > 15 * 60_000) throw new Error("not done within 15 minutes");
        if (performance.now() - lastReport > 10_000) {
          console.log(
            `  ${queue}: ${service.received.length - before} of ${JOBS} after ${seconds(performance.now() - started)}`,
          );
          lastReport = performance.now();
        }
        await sleep(100);
      }
      const totalMs = performance.now() - started;
      results.push(
        `${queue}: ${JOBS} pushes to ${MEMBERS} devices (queued in ${seconds(queuedMs)}) delivered, VAPID-checked` +
          ` and decrypted in ${seconds(totalMs)}: ${((JOBS / totalMs) * 1000).toFixed(0)} pushes/s`,
      );
    }
    console.log(`\nPush queue (one app process, ${os.cpus().length} cores):\n  ${results.join("\n  ")}`);
  } finally {
    await boss?.stop({ graceful: false, wait: false }).catch(() => {});
    await client.end().catch(() => {});
    await stopServer(server);
    await service.close();
    if (!process.env.KEEP_BENCH_DATA) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
