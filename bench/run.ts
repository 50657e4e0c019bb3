// `npm run bench`: the built server on its own embedded PostgreSQL seeded with 100,000 demo members
// (their likes, and conversations with messages from bench/seed-chats.ts), measured with autocannon
// the way the goals are stated: each member page as a share of a trivial server-rendered page
// (/login for a visitor). The pages the goals name (bench/pages.ts: /members with filters and its
// second page, /members/{id}, /likes, /chats, /chats/{id}), the chat list, sending a message,
// liking and /healthz are measured in interleaved rounds: in each round every target runs once,
// right before or right after the trivial page (bench/rounds.ts), and its figure is the median
// over the rounds of its ratio to the trivial page of the same round; req/s and p95 are medians,
// errors a sum. The load average before the whole run says whether the machine was quiet. Then the
// load test (bench/load.ts: 500 members on two app processes sharing the database), each app
// server's RSS after it, and the soak (a light load for BENCH_SOAK_SECONDS, RSS sampled every 10 s).
// Environment: BENCH_MEMBERS (default 100000), BENCH_ROUNDS (5), BENCH_SECONDS (4: per target and
// round), BENCH_CONNECTIONS (10), BENCH_SENDERS (300), BENCH_EXTRA=1 also measures the other pages
// (swipe game, credits, transactions, counts call), BENCH_LOAD=0 skips the load test and the soak
// (see bench/load.ts for their settings), BENCH_HEAP_SNAPSHOT=dir (heap snapshots after the soak),
// BUILD_DIR (default build; built first when stale), KEEP_BENCH_DATA=1 keeps the data folder.
// `npm run bench:explain` (bench/explain.ts) shows the query plans of the same pages.
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeCredits, grantCredits } from "./credits";
import { runLoadTest } from "./load";
import { measure, type Measured, type Target } from "./measure";
import { cpuMs, databaseCpuMs } from "./cpu-time";
import { createBenchMembers } from "./members";
import { goalPages, memberFacts, someMemberIds } from "./pages";
import { formatRatio, machineNote, median, ratioVerdict, referenceFirst, roundRatios } from "./rounds";
import { seedChats } from "./seed-chats";
import {
  DEMO_LOGIN,
  ensureBuild,
  loginAsDemoMember,
  removeDataDir,
  seconds,
  settleDatabase,
  startServer,
  stopServer,
  waitForHealth,
} from "./server";
import { loadAverage, printTable } from "./table";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/**
 * The goals (docs/decisions/0013-server-rendering-cost.md): each member page at 0.8x the trivial
 * page or better, and the trivial page at twice the old figure.
 */
const OLD_TRIVIAL_RPS = 266;
const GOAL_RATIO = 0.8;
/**
 * Members sending in the send row, each at most 60 messages a minute (domain/abuse/limits.ts): 300
 * stay below it up to 300 messages a second over a row of up to 60 s (rows of one target are a
 * round apart).
 */
const SENDERS = Number(process.env.BENCH_SENDERS ?? 300);

/** The first EUR package of the default site, for the payment page. */
async function firstPackageId(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT p.id FROM "CreditPackage" p JOIN "Site" s ON s.id = p."siteId"
     WHERE s."isDefault" AND p.currency = 'EUR' AND p.active ORDER BY p."sortOrder" LIMIT 1`,
  );
  return rows[0]!.id;
}

/**
 * POST /members/{id}/like as the enhanced button sends it (JSON answer). The likers take turns (a
 * member may like 200 times an hour, domain/abuse/limits.ts); each goes through the members in
 * turn, liking each, then unliking it the next time round.
 */
function likeAction(memberIds: string[], likers: { cookie: string }[]): Target {
  let sent = 0;
  const liked = new Set<string>();
  return {
    label: `POST /members/{id}/like (like, unlike; ${likers.length} members)`,
    path: `/members/${memberIds[0]}/like`,
    method: "POST",
    body: "intent=like",
    next: () => {
      const liker = sent % likers.length;
      const id = memberIds[Math.floor(sent / likers.length) % memberIds.length]!;
      sent++;
      const pair = `${liker}:${id}`;
      const intent = liked.has(pair) ? "unlike" : "like";
      if (intent === "like") liked.add(pair);
      else liked.delete(pair);
      return {
        path: `/members/${id}/like`,
        body: `intent=${intent}`,
        headers: { cookie: likers[liker]!.cookie },
      };
    },
  };
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/**
 * Members who write in pairs (each even one opens a conversation with the next), so the send row
 * spreads over many senders: one member alone would meet the per-member message limit
 * (domain/abuse/limits.ts) long before the server's limit. They write to each other, not to the
 * measured member, whose pages the other rows measure.
 */
async function createSenders(baseUrl: string, databaseUrl: string, secret: string, client: pg.Client) {
  const senders = await createBenchMembers(databaseUrl, secret, {
    count: SENDERS,
    credits: 100_000,
    prefix: `sender-${Date.now()}`,
  });
  const openers = senders.filter((_, i) => i % 2 === 0);
  for (let i = 0; i < openers.length; i += 10) {
    await Promise.all(
      openers.slice(i, i + 10).map(async (sender, j) => {
        const other = senders[2 * (i + j) + 1] ?? senders[0]!;
        const response = await fetch(`${baseUrl}/members/${other.profileId}/chat.data`, {
          method: "POST",
          headers: { ...FORM, cookie: sender.cookie },
          body: new URLSearchParams({ intent: "send", js: "1", body: `Hallo ${other.index}` }),
        });
        await response.arrayBuffer();
        if (!response.ok)
          throw new Error(`Sender ${sender.index}'s first message failed: HTTP ${response.status}`);
      }),
    );
  }
  const { rows: conversations } = await client.query<{ conversationId: number; userId: number }>(
    `SELECT "conversationId", "userId" FROM "ConversationMember" WHERE "userId" = ANY($1::int[])`,
    [senders.map((sender) => sender.userId)],
  );
  const conversationOf = new Map(conversations.map((c) => [c.userId, c.conversationId]));
  return senders.map((sender) => ({
    cookie: sender.cookie,
    conversationId: conversationOf.get(sender.userId)!,
  }));
}

/** Sending a text as the chat page's script does (React Router's data request, JSON answer), by each sender in turn. */
function sendAction(senders: { cookie: string; conversationId: number }[]): Target {
  let sent = 0;
  const next = () => {
    const sender = senders[sent % senders.length]!;
    const body = new URLSearchParams({ intent: "send", js: "1", body: `Benchbericht ${++sent}` }).toString();
    return { path: `/chats/${sender.conversationId}.data`, body, headers: { cookie: sender.cookie } };
  };
  return {
    label: `POST /chats/{id} (send a message; ${senders.length} senders)`,
    path: `/chats/${senders[0]!.conversationId}.data`,
    method: "POST",
    next,
  };
}

/** A target's figures over the rounds, each measured next to the trivial page of its round. */
interface Series {
  target: Target;
  /** The status of the first round's first request. */
  status: number;
  rps: number[];
  /** The trivial page's req/s measured next to this target, per round. */
  trivialRps: number[];
  p95: number[];
  errors: number;
  /** CPU ms per request of the app server and its database, per round; and the trivial page's. */
  cpu: number[];
  trivialCpu: number[];
}

const MEASURE = { seconds: SECONDS, connections: CONNECTIONS };

/**
 * ROUNDS rounds; in each, every target is measured once right before or right after the trivial
 * page (alternating, bench/rounds.ts), so each ratio is taken against the trivial page of the same
 * moment and the machine's drift falls on both.
 */
async function measureInRounds(
  baseUrl: string,
  trivial: Target,
  targets: Target[],
  cookie: string,
  cpu: () => Promise<number>,
) {
  const series: Series[] = targets.map((target) => ({
    target,
    status: 0,
    rps: [],
    trivialRps: [],
    p95: [],
    errors: 0,
    cpu: [],
    trivialCpu: [],
  }));
  const trivialRuns: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, row] of series.entries()) {
      const measureTarget = () => measure(baseUrl, row.target, cookie, { ...MEASURE, cpu });
      const measureTrivial = () => measure(baseUrl, trivial, null, { ...MEASURE, cpu });
      let own: Measured;
      let reference: Measured;
      if (referenceFirst(round, i)) {
        reference = await measureTrivial();
        own = await measureTarget();
      } else {
        own = await measureTarget();
        reference = await measureTrivial();
      }
      if (round === 0) row.status = own.status;
      row.rps.push(own.rps);
      row.trivialRps.push(reference.rps);
      row.p95.push(own.p95);
      row.errors += own.errors;
      row.cpu.push(own.cpuPerRequest!);
      row.trivialCpu.push(reference.cpuPerRequest!);
      trivialRuns.push(reference);
      console.log(
        `Round ${round + 1}/${ROUNDS}, ${i + 1}/${series.length}: ${row.target.label} ${own.rps.toFixed(0)} req/s, ` +
          `/login ${reference.rps.toFixed(0)} req/s (${(own.rps / reference.rps).toFixed(2)}x); load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
  }
  return { series, trivialRuns };
}

function printRows(trivial: Target, trivialRuns: Measured[], series: Series[]) {
  const trivialRow = [
    trivial.label,
    String(trivialRuns[0]!.status),
    median(trivialRuns.map((r) => r.rps)).toFixed(1),
    "1.00x",
    "",
    median(trivialRuns.map((r) => r.p95)).toFixed(1),
    median(trivialRuns.map((r) => r.cpuPerRequest!)).toFixed(2),
    "1.00x",
    String(trivialRuns.reduce((sum, r) => sum + r.errors, 0)),
  ];
  printTable(
    [
      "target",
      "status",
      "req/s",
      "x trivial (lowest–highest round)",
      `goal ${GOAL_RATIO}x`,
      "p95 ms",
      "CPU ms/req",
      "CPU x trivial",
      "errors",
    ],
    [
      trivialRow,
      ...series.map((row) => {
        const ratios = roundRatios(row.rps, row.trivialRps);
        // As req/s: the trivial page's CPU per request over the row's, per round.
        const cpuRatios = roundRatios(row.trivialCpu, row.cpu);
        return [
          row.target.label,
          String(row.status),
          median(row.rps).toFixed(1),
          formatRatio(ratios),
          row.target.memberPage ? ratioVerdict(ratios.median, GOAL_RATIO) : "",
          median(row.p95).toFixed(1),
          median(row.cpu).toFixed(2),
          `${cpuRatios.median.toFixed(2)}x`,
          String(row.errors),
        ];
      }),
    ],
  );
}

async function main() {
  // Before anything of ours runs: the machine's other work.
  const startLoad = os.loadavg()[0]!;
  console.log(`Load average before the run: ${loadAverage()}.`);
  console.log(machineNote(startLoad, os.cpus().length));
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  console.log(
    `Starting the built server with ${MEMBERS.toLocaleString("en")} demo members (data in ${dataDir})…`,
  );
  const started = performance.now();
  // A known secret, so the load test can sign session cookies for its members.
  const secret = randomBytes(32).toString("hex");
  const server = await startServer({ dataDir, members: MEMBERS, extraEnv: { SESSION_SECRET: secret } });
  const cleanUp = async () => {
    await stopServer(server);
    await removeDataDir(dataDir);
  };
  process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));
  const client = new pg.Client({ connectionString: server.databaseUrl });
  try {
    await waitForHealth(server, 60 * 60_000);
    const readyMs = performance.now() - started;
    const seedMs = server.seedMs();
    console.log(
      `Seeded ${MEMBERS.toLocaleString("en")} members in ${seedMs === null ? "(not reported)" : seconds(seedMs)}; ` +
        `server ready after ${seconds(readyMs)} (database start, migrations, seed).`,
    );
    await client.connect();
    const chatsStarted = performance.now();
    const chats = await seedChats(server.databaseUrl, DEMO_LOGIN.email);
    const member = await memberFacts(client);
    // Enough for every message the run sends (the site's price is a few credits each).
    await grantCredits(
      server.databaseUrl,
      [{ userId: member.userId, credits: 5_000_000 }],
      `bench-run:${Date.now()}`,
    );
    const { rows: counts } = await client.query<{ likes: number; matches: number; mine: number }>(
      `SELECT (SELECT count(*)::int FROM "Like") AS likes, (SELECT count(*)::int FROM "Match") AS matches,
         (SELECT count(*)::int FROM "Like" WHERE "likedId" = $1 OR "likerId" = $1) AS mine`,
      [member.userId],
    );
    console.log(
      `Seeded ${chats.conversations.toLocaleString("en")} conversations with ${chats.messages.toLocaleString("en")} messages ` +
        `in ${seconds(performance.now() - chatsStarted)}; ${counts[0]!.likes.toLocaleString("en")} likes, ` +
        `${counts[0]!.matches.toLocaleString("en")} matches. ${DEMO_LOGIN.email}: ${chats.memberConversations} conversations, ` +
        `${counts[0]!.mine} likes given or received.`,
    );
    const settleStarted = performance.now();
    await settleDatabase(client);
    console.log(
      `VACUUM ANALYZE, CHECKPOINT and a quiet machine took ${seconds(performance.now() - settleStarted)}.`,
    );
    const cookie = await loginAsDemoMember(server.baseUrl);
    const memberIds = await someMemberIds(server.baseUrl, cookie);
    const page = (path: string): Target => ({ label: path, path });
    const [measuredChat] = member.conversationIds as [number];
    const senders = await createSenders(server.baseUrl, server.databaseUrl, secret, client);
    const trivial: Target = { label: "/login (visitor: the trivial page)", path: "/login", visitor: true };
    const targets: Target[] = [
      ...goalPages({ profileId: memberIds[0]!, conversationId: measuredChat }).map((goal) => ({
        ...goal,
        memberPage: true,
      })),
      // What a wide window's script then loads beside the conversation (decision 0028).
      {
        ...page("/chats/list.data?_routes=routes%2Fchats.list"),
        label: "/chats/list (the list a wide window loads beside /chats/{id})",
      },
      sendAction(senders),
      likeAction(memberIds, senders),
      page("/healthz"),
    ];
    if (process.env.BENCH_EXTRA === "1") {
      targets.push(
        page("/likes/received"),
        page("/likes/matches"),
        page("/swipe-game"),
        page("/credits"),
        // The payment page asks Mollie (here its simulator) which methods it offers.
        page(`/credits/${await firstPackageId(client)}`),
        page("/transactions"),
        page("/api/user.php"),
      );
    }
    // A second of each first: the JIT and the caches, not the figures.
    for (const target of [trivial, ...targets])
      await measure(server.baseUrl, target, cookie, { seconds: 1, connections: CONNECTIONS });
    const roundsBefore = loadAverage();
    const pgDir = path.join(dataDir, "pg");
    const cpu = async () => (await cpuMs(server.process.pid!)) + (await databaseCpuMs(pgDir));
    const { series, trivialRuns } = await measureInRounds(server.baseUrl, trivial, targets, cookie, cpu);
    const trivialRps = median(trivialRuns.map((r) => r.rps));
    console.log(
      `\nLogged in as ${DEMO_LOGIN.email}; ${os.cpus().length} CPU(s), Node ${process.version}, ` +
        `${MEMBERS.toLocaleString("en")} members; ${ROUNDS} rounds, each target ${SECONDS} s with ${CONNECTIONS} ` +
        `connections next to the trivial page; load average ${roundsBefore} before the rounds and ${loadAverage()} after.\n` +
        "req/s and p95 are medians over the rounds (p95 from every response time autocannon reported); x trivial is " +
        "the median over the rounds of the row's req/s divided by the trivial page's measured next to it, with the " +
        "lowest and highest round; CPU ms/req is the app server's and its database's CPU time per request (median " +
        "over the rounds), CPU x trivial the median of the trivial page's over the row's, which a busy machine " +
        "changes far less than req/s; errors are answers outside 2xx/3xx, connection errors and timeouts, over all rounds.\n",
    );
    printRows(trivial, trivialRuns, series);
    const slow = series
      .filter((row) => row.target.memberPage && roundRatios(row.rps, row.trivialRps).median < GOAL_RATIO)
      .map((row) => row.target.label);
    console.log(
      `\nGoals: the trivial page at ${2 * OLD_TRIVIAL_RPS} req/s (2x ${OLD_TRIVIAL_RPS}): ${trivialRps.toFixed(0)} ` +
        `${trivialRps >= 2 * OLD_TRIVIAL_RPS ? "met" : "not met"}; each member page at ${GOAL_RATIO}x the trivial ` +
        `page or better: ${slow.length === 0 ? "all met" : `not met by ${slow.join(", ")}`}.`,
    );
    console.log(machineNote(startLoad, os.cpus().length));
    for (const row of series.filter((r) => r.status >= 400 || r.errors > 0)) {
      console.log(
        `Note: ${row.target.label} answered HTTP ${row.status} first and had ${row.errors} errors.`,
      );
    }
    if (process.env.BENCH_LOAD !== "0") {
      await runLoadTest({ first: server, secret, dataDir });
    }
    console.log(
      `\nLoad average after the run: ${loadAverage()} (before it: ${startLoad.toFixed(2)}, 1 minute).`,
    );
    console.log(machineNote(startLoad, os.cpus().length));
  } finally {
    await client.end().catch(() => {});
    await closeCredits();
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
