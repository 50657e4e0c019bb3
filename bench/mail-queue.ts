// `npx tsx bench/mail-queue.ts`: how many mails per second the mail queue delivers. Starts the
// built server (its own embedded PostgreSQL, no demo members, no SMTP_URL: delivery goes through
// nodemailer's stream transport into the outbox, DATA_DIR/outbox/*.eml, as locally), queues 10,000
// mails the way queueMail does (a Mail row and a send-mail job each), and waits until the server's
// workers sent them all. BENCH_MAILS (10000), BENCH_MAIL_SERVERS (1, or 2 app processes on one
// database), BUILD_DIR, KEEP_BENCH_DATA=1.
import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import { QUEUES } from "../app/lib/jobs.server";
import { ensureBuild, seconds, sleep, startServer, stopServer, waitForHealth, type Server } from "./server";

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const SERVERS = Number(process.env.BENCH_MAIL_SERVERS ?? 1);

/** The rows, as a notification mail has them (HTML, text, an unsubscribe address for the headers). */
async function insertMails(client: pg.Client, baseUrl: string): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO "Mail" ("to", subject, html, text, template, "unsubscribeUrl")
     SELECT 'bench-' || n || '@example.com', 'Nieuw bericht van Anna',
       '<!doctype html><html><body>' || repeat('<p>Anna heeft je een bericht gestuurd op Hartklop.</p>', 20) || '</body></html>',
       repeat('Anna heeft je een bericht gestuurd op Hartklop. ', 20), 'bench',
       $2 || '/unsubscribe/' || n || '.new_messages.abcdefghijklmnopqrstuvwxyz012345'
     FROM generate_series(1, $1::int) n RETURNING id`,
    [MAILS, baseUrl],
  );
  return rows.map((r) => r.id);
}

async function sentCount(client: pg.Client, ids: number[]) {
  const { rows } = await client.query<{ sent: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'failed')::int AS failed
     FROM "Mail" WHERE id >= $1 AND id <= $2`,
    [ids[0], ids.at(-1)],
  );
  return rows[0]!;
}

async function main() {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-mail-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  const servers: Server[] = [await startServer({ dataDir, members: 0, extraEnv: { LOG_LEVEL: "warn" } })];
  const cleanUp = async () => {
    for (const server of [...servers].reverse()) await stopServer(server);
    if (!process.env.KEEP_BENCH_DATA) await rm(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));
  const client = new pg.Client({ connectionString: servers[0]!.databaseUrl });
  try {
    await waitForHealth(servers[0]!, 10 * 60_000);
    for (let i = 1; i < SERVERS; i++) {
      const second = await startServer({
        dataDir,
        members: 0,
        databaseUrl: servers[0]!.databaseUrl,
        extraEnv: { LOG_LEVEL: "warn" },
      });
      servers.push(second);
      await waitForHealth(second, 5 * 60_000);
    }
    await client.connect();
    const boss = new PgBoss({ connectionString: servers[0]!.databaseUrl, schema: "pgboss", max: 2 });
    await boss.start();

    const queued = performance.now();
    const ids = await insertMails(client, servers[0]!.baseUrl);
    for (let i = 0; i < ids.length; i += 1000) {
      await boss.insert(
        ids.slice(i, i + 1000).map((mailId) => ({
          name: QUEUES.sendMail,
          data: { mailId, from: '"Hartklop" <noreply@hartklop.nl>' },
          retryLimit: 7,
          retryDelay: 30,
          retryBackoff: true,
        })),
      );
    }
    const queueMs = performance.now() - queued;
    console.log(
      `Queued ${MAILS.toLocaleString("en")} mails in ${seconds(queueMs)}; ${SERVERS} app process(es) deliver…`,
    );

    let last = { sent: 0, failed: 0 };
    let firstSentAt: number | null = null;
    while (last.sent + last.failed < MAILS) {
      await sleep(500);
      last = await sentCount(client, ids);
      if (firstSentAt === null && last.sent > 0) firstSentAt = performance.now();
      if (servers.some((s) => s.process.exitCode !== null)) throw new Error("A server stopped");
    }
    const doneMs = performance.now() - queued;
    const deliveringMs = performance.now() - (firstSentAt ?? queued);
    const files = (await readdir(path.join(dataDir, "outbox"))).length;
    console.log(
      `Delivered ${last.sent.toLocaleString("en")} (failed ${last.failed}) in ${seconds(doneMs)} after queueing: ` +
        `${(last.sent / (doneMs / 1000)).toFixed(0)} mails/s overall, ` +
        `${(last.sent / (deliveringMs / 1000)).toFixed(0)} mails/s from the first delivery; ${files} .eml files.`,
    );
    await boss.stop({ graceful: false });
  } finally {
    await client.end().catch(() => undefined);
    await cleanUp();
  }
}

await main();
