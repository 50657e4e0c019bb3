// `npm run bench:streams`: 10,000 open chat event streams on ONE app process
// (docs/decisions/0009-bench.md): memory per stream (the process's RSS before and after opening them)
// and the delivery p95 of messages sent while they are open (100 pairs among the stream holders send
// to each other; a message counts as delivered when the other member's stream shows its id).
// Each stream is a socket in this process and in the server: the file-descriptor limit (`ulimit -n`)
// must exceed the stream count in both; the script stops early when it does not.
// Environment: BENCH_STREAMS (10000), BENCH_STREAM_ROUNDS (10), BENCH_STREAM_PARALLEL (20), BUILD_DIR,
// KEEP_BENCH_DATA=1.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeCredits, grantCredits } from "./credits";
import { createBenchMembers, openStream, type BenchMember } from "./members";
import { rssMb } from "./memory";
import {
  ensureBuild,
  removeDataDir,
  percentile,
  seconds,
  sleep,
  startServer,
  stopServer,
  waitForHealth,
  type Server,
} from "./server";
import { loadAverage, printTable } from "./table";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 10);
const PARALLEL = Number(process.env.BENCH_STREAM_PARALLEL ?? 20);
const PAIRS = 100;
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** The soft limit on open files this process (and the server it starts) gets. */
function openFileLimit(): number {
  const limit = execFileSync("sh", ["-c", "ulimit -n"]).toString().trim();
  return limit === "unlimited" ? Infinity : Number(limit);
}

async function send(server: Server, from: BenchMember, path: string, body: string) {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}.data`, {
    method: "POST",
    headers: { ...FORM, cookie: from.cookie },
    body: new URLSearchParams({ intent: "send", body, js: "1" }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`send ${path}: HTTP ${response.status}\n${server.output().slice(-1500)}`);
  return performance.now() - started;
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

async function main() {
  const limit = openFileLimit();
  if (limit < STREAMS + 1000) {
    throw new Error(
      `ulimit -n is ${limit}: ${STREAMS} streams need more than ${STREAMS + 1000} open files ` +
        `(run \`ulimit -n ${STREAMS * 2}\` in this shell first, or set BENCH_STREAMS lower)`,
    );
  }
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-streams-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  const secret = randomBytes(32).toString("hex");
  const server = await startServer({
    dataDir,
    members: 1000,
    extraEnv: { SESSION_SECRET: secret, LOG_LEVEL: "warn" },
  });
  const streams = new AbortController();
  const client = new pg.Client({ connectionString: server.databaseUrl });
  try {
    await waitForHealth(server, 10 * 60_000);
    await client.connect();
    console.log(`Creating ${STREAMS.toLocaleString("en")} members with a session each…`);
    const members = await createBenchMembers(server.databaseUrl, secret, {
      count: STREAMS,
      credits: 0,
      prefix: `streams-${Date.now()}`,
    });
    const senders = members.slice(0, PAIRS * 2);
    await grantCredits(
      server.databaseUrl,
      senders.map((m) => ({ userId: m.userId, credits: 100_000 })),
      `streams-grant-${Date.now()}`,
    );
    const pairs = Array.from({ length: PAIRS }, (_, i) => [senders[2 * i]!, senders[2 * i + 1]!] as const);
    // The first message of each pair creates the conversation (not measured).
    await inBatches(
      pairs,
      5,
      async ([x, y]) => void (await send(server, x, `/members/${y.profileId}/chat`, "Hoi!")),
    );
    const { rows } = await client.query<{ id: number; a: number }>(
      `SELECT id, "userAId" AS a FROM "Conversation" WHERE "userAId" = ANY($1::int[])`,
      [senders.map((m) => m.userId)],
    );
    const conversationOf = new Map(rows.map((r) => [r.a, r.id]));

    // Settle first: the figures before the streams should not include start-up garbage.
    await sleep(3000);
    const rssBefore = await rssMb(server.process.pid!);
    const received = new Map<string, number>();
    const openStarted = performance.now();
    let opened = 0;
    await inBatches(members, 100, async (member) => {
      await openStream(
        server.baseUrl,
        member,
        ({ messageId }) => received.set(`${member.userId}:${messageId}`, performance.now()),
        streams.signal,
      );
      opened++;
    });
    const openMs = performance.now() - openStarted;
    await sleep(3000);
    const rssWithStreams = await rssMb(server.process.pid!);
    console.log(`Opened ${opened.toLocaleString("en")} streams in ${seconds(openMs)}; sending…`);

    const sendMs: number[] = [];
    const sent: { body: string; to: number; started: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await inBatches([...pairs], PARALLEL, async ([x, y]) => {
        const [from, to] = round % 2 === 0 ? [x, y] : [y, x];
        const conversationId = conversationOf.get(Math.min(x.userId, y.userId))!;
        const body = `stream ${from.index}-${round}`;
        const started = performance.now();
        sendMs.push(await send(server, from, `/chats/${conversationId}`, body));
        sent.push({ body, to: to.userId, started });
      });
    }
    await sleep(3000); // the last messages' way to the streams
    const rssAfter = await rssMb(server.process.pid!);
    const { rows: messages } = await client.query<{ id: number; body: string }>(
      `SELECT id, body FROM "Message" WHERE body = ANY($1::text[])`,
      [sent.map((s) => s.body)],
    );
    const idOf = new Map(messages.map((m) => [m.body, m.id]));
    const deliveryMs: number[] = [];
    let missed = 0;
    for (const s of sent) {
      const at = received.get(`${s.to}:${idOf.get(s.body)}`);
      if (at === undefined) missed++;
      else deliveryMs.push(at - s.started);
    }
    const perStreamKb = ((rssWithStreams - rssBefore) * 1024) / opened;
    console.log(
      `\n${opened.toLocaleString("en")} open event streams on one app process; ${PAIRS} pairs among them sent ` +
        `${sent.length} messages (${PARALLEL} in flight). ${os.cpus().length} CPU(s), load average ${loadAverage()}.\n`,
    );
    const row = (label: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [
        label,
        String(sorted.length),
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 95).toFixed(1),
        (sorted.at(-1) ?? NaN).toFixed(1),
      ];
    };
    printTable(
      ["measure", "count", "p50 ms", "p95 ms", "max ms"],
      [row("send (POST, stored and paid)", sendMs), row("delivery to the other member's stream", deliveryMs)],
    );
    console.log(
      `\nServer RSS: ${rssBefore.toFixed(0)} MB before the streams, ${rssWithStreams.toFixed(0)} MB with ` +
        `${opened.toLocaleString("en")} open (${perStreamKb.toFixed(1)} KB per stream), ${rssAfter.toFixed(0)} MB after sending. ` +
        `Not delivered: ${missed}.`,
    );
    if (missed > 0) process.exitCode = 1;
  } finally {
    streams.abort();
    await client.end().catch(() => {});
    await closeCredits();
    await stopServer(server);
    await removeDataDir(dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
