// `npm run bench:chat`: two built app servers on one PostgreSQL; 200 members in 100 conversations,
// each member with an open event stream on "their" server (half on each), sending on both servers.
// Measures the send (POST as the enhanced chat form does it) and its delivery to the other member's
// stream on the other server, and the streams and memory one process holds.
// Environment: BENCH_CHAT_ROUNDS (default 10), BENCH_CHAT_PARALLEL (20), BUILD_DIR, KEEP_BENCH_DATA=1.
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createCookie } from "react-router";
import { openStream } from "./members";
import { rssMb } from "./memory";
import { ensureBuild, percentile, startServer, stopServer, waitForHealth, type Server } from "./server";

const PAIRS = 100;
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 10);
const PARALLEL = Number(process.env.BENCH_CHAT_PARALLEL ?? 20);
const SECRET = randomBytes(32).toString("hex");
const FORM = { "content-type": "application/x-www-form-urlencoded" };

interface BenchMember {
  userId: number;
  profileId: number;
  cookie: string;
  server: Server;
}

/** 200 confirmed Premium members with credits (set up directly: a benchmark fixture) and a session each. */
async function createMembers(client: pg.Client, servers: [Server, Server]): Promise<BenchMember[]> {
  const cookie = createCookie("auth.session", { path: "/", secrets: [SECRET] });
  const { rows: sites } = await client.query<{ id: number }>(`SELECT id FROM "Site" WHERE "isDefault"`);
  const members: BenchMember[] = [];
  for (let i = 0; i < PAIRS * 2; i++) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "User" ("siteId", email, status, "paidUser", credits, "signupDate")
       VALUES ($1, $2, 'confirmed', true, 100000, now() - interval '30 days') RETURNING id`,
      [sites[0]!.id, `bench-chat-${i}-${Date.now()}@example.com`],
    );
    const userId = rows[0]!.id;
    await client.query(
      `INSERT INTO "CreditLedgerEntry" ("userId", delta, "balanceAfter", reason, reference)
       VALUES ($1, 100000, 100000, 'correction', $2)`,
      [userId, `bench-chat:${userId}`],
    );
    const profile = await client.query<{ id: number }>(
      `INSERT INTO "Profile" ("userId", name, gender, "seekingGender", "dateOfBirth", country, region, city, "updatedAt")
       VALUES ($1, $2, $3, $4, '1990-01-01', 'NL', 'Utrecht', 'Utrecht', now()) RETURNING id`,
      [userId, `Bench${i}`, i % 2 ? "male" : "female", i % 2 ? "female" : "male"],
    );
    const sessionId = randomBytes(24).toString("base64url");
    await client.query(
      `INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, $2, now() + interval '1 day')`,
      [sessionId, userId],
    );
    members.push({
      userId,
      profileId: profile.rows[0]!.id,
      cookie: (await cookie.serialize(sessionId)).split(";")[0]!,
      server: servers[i % 2]!,
    });
  }
  return members;
}

/** Sends a text as the chat page's script does (React Router's data request); resolves with the milliseconds. */
async function send(member: BenchMember, path: string, text: string) {
  const started = performance.now();
  const response = await fetch(`${member.server.baseUrl}${path}.data`, {
    method: "POST",
    headers: { ...FORM, cookie: member.cookie },
    body: new URLSearchParams({ intent: "send", body: text, js: "1" }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`send ${path}: HTTP ${response.status}`);
  return performance.now() - started;
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

const summary = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `| ${label} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`;
};

async function main() {
  ensureBuild();
  const dataA = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-chat-a-"));
  const dataB = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-chat-b-"));
  await chmod(dataA, 0o755);
  const env = { SESSION_SECRET: SECRET, LOG_LEVEL: "warn" };
  const a = await startServer({ dataDir: dataA, members: 1000, extraEnv: env });
  const servers: Server[] = [a];
  const streams = new AbortController();
  try {
    await waitForHealth(a, 10 * 60_000);
    const b = await startServer({ dataDir: dataB, members: 0, databaseUrl: a.databaseUrl, extraEnv: env });
    servers.push(b);
    await waitForHealth(b, 5 * 60_000);
    const client = new pg.Client({ connectionString: a.databaseUrl });
    await client.connect();
    const members = await createMembers(client, [a, b]);
    const pairs = Array.from({ length: PAIRS }, (_, i) => [members[2 * i]!, members[2 * i + 1]!] as const);
    // The first message of each pair creates the conversation (not measured).
    await inBatches(
      pairs,
      PARALLEL,
      async ([x, y]) => void (await send(x, `/members/${y.profileId}/chat`, "Hoi!")),
    );
    const { rows } = await client.query<{ id: number; userAId: number }>(
      `SELECT id, "userAId" FROM "Conversation" WHERE "userAId" = ANY($1::int[])`,
      [members.map((m) => m.userId)],
    );
    await client.end();
    const conversationOf = new Map(rows.map((r) => [r.userAId, r.id]));
    const rssBefore = [await rssMb(a.process.pid!), await rssMb(b.process.pid!)];

    const waiting = new Map<string, { started: number; resolve: (ms: number) => void }>();
    for (const member of members) {
      await openStream(
        member.server.baseUrl,
        member,
        ({ conversationId }) => {
          const key = `${member.userId}:${conversationId}`;
          const entry = waiting.get(key);
          if (!entry) return;
          waiting.delete(key);
          entry.resolve(performance.now() - entry.started);
        },
        streams.signal,
      );
    }
    const rssStreams = [await rssMb(a.process.pid!), await rssMb(b.process.pid!)];

    const sendMs: number[] = [];
    const deliveryMs: number[] = [];
    const healthMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await inBatches(pairs, PARALLEL, async ([x, y]) => {
        const [from, to] = round % 2 === 0 ? [x, y] : [y, x];
        const conversationId = conversationOf.get(Math.min(x.userId, y.userId))!;
        const delivered = new Promise<number>((resolve) =>
          waiting.set(`${to.userId}:${conversationId}`, { started: performance.now(), resolve }),
        );
        sendMs.push(await send(from, `/chats/${conversationId}`, `Bericht ${round}`));
        // For scale: the cheapest request (one `SELECT 1`) under the same load.
        const started = performance.now();
        await (await fetch(`${from.server.baseUrl}/healthz`)).arrayBuffer();
        healthMs.push(performance.now() - started);
        deliveryMs.push(
          await Promise.race([
            delivered,
            new Promise<number>((_, reject) =>
              setTimeout(() => reject(new Error("not delivered within 10 s")), 10_000),
            ),
          ]),
        );
      });
    }
    const rssAfter = [await rssMb(a.process.pid!), await rssMb(b.process.pid!)];
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ");
    console.log(
      `\n${PAIRS} conversations, ${PAIRS * 2} open streams (${PAIRS} per server), ${ROUNDS} rounds, ${PARALLEL} sends in flight; ` +
        `every message is sent on one server and delivered to a stream on the other. Load average ${load}.\n`,
    );
    console.log("| measure | count | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|---:|");
    console.log(summary("send (POST, stored and paid)", sendMs));
    console.log(summary("GET /healthz under the same load, for scale", healthMs));
    console.log(summary("delivery to the other server's stream", deliveryMs));
    console.log(
      `\nMemory (RSS, MB) per server A/B: ${rssBefore.map((m) => m.toFixed(0)).join("/")} before the streams, ` +
        `${rssStreams.map((m) => m.toFixed(0)).join("/")} with ${PAIRS} streams each, ${rssAfter.map((m) => m.toFixed(0)).join("/")} after sending.`,
    );
  } finally {
    streams.abort();
    for (const server of servers.reverse()) await stopServer(server);
    if (!process.env.KEEP_BENCH_DATA) {
      await rm(dataA, { recursive: true, force: true });
      await rm(dataB, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
