// `npm run bench`: the built server on its own embedded PostgreSQL seeded with 100,000 demo members
// (their likes, and conversations with messages from bench/seed-chats.ts), measured with autocannon
// side by side: a trivial server-rendered page (/login for a visitor), the member pages, sending a
// message and /healthz, each with its ratio to the trivial page and the load average; then the load
// test (bench/load.ts: 500 members on two app processes sharing the database).
// Environment: BENCH_MEMBERS (default 100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (10),
// BENCH_ROUNDS (2: each figure is the best of that many passes over all targets),
// BENCH_EXTRA=1 also measures the other pages (swipe game, credits, transactions, counts call),
// BENCH_LOAD=0 skips the load test (see bench/load.ts for its settings), BUILD_DIR (default build;
// built first when stale), KEEP_BENCH_DATA=1 keeps the data folder.
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { closeCredits, grantCredits } from "./credits";
import { runLoadTest } from "./load";
import { createBenchMembers } from "./members";
import { seedChats } from "./seed-chats";
import {
  DEMO_LOGIN,
  ensureBuild,
  loginAsDemoMember,
  removeDataDir,
  percentile,
  seconds,
  settleDatabase,
  startServer,
  stopServer,
  waitForHealth,
} from "./server";
import { loadAverage, printTable } from "./table";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SEARCH_PATH = "/members?gender=female&country=NL&min_age=25&max_age=45";
/**
 * The old figures, for the goals (docs/decisions/0013-server-rendering-cost.md): member pages at
 * 0.7x the trivial page, which doubles.
 */
const OLD_TRIVIAL_RPS = 266;
const GOAL_RATIO = 0.7;
/**
 * Members sending in the send row, each at most 60 messages a minute (domain/abuse/limits.ts): 300
 * stay below it up to 1,800 messages a second over a 10-second row.
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

/** The measured member's id and their conversations, newest first. */
async function memberFacts(client: pg.Client) {
  const { rows } = await client.query<{ userId: number; conversationId: number }>(
    `SELECT u.id AS "userId", cm."conversationId" FROM "User" u
     JOIN "ConversationMember" cm ON cm."userId" = u.id
     WHERE u.email = $1 ORDER BY cm."lastMessageAt" DESC LIMIT 2`,
    [DEMO_LOGIN.email],
  );
  if (rows.length < 2) throw new Error(`${DEMO_LOGIN.email} has no conversations to measure`);
  return { userId: rows[0]!.userId, conversationIds: rows.map((r) => r.conversationId) };
}

/** Members the search shows (its first pages), for the profile page and the like action. */
async function someMemberIds(baseUrl: string, cookie: string): Promise<string[]> {
  const ids = new Set<string>();
  for (let page = 1; page <= 5; page++) {
    const html = await (await fetch(`${baseUrl}${SEARCH_PATH}&page=${page}`, { headers: { cookie } })).text();
    for (const match of html.matchAll(/href="\/members\/(\d+)"/g)) ids.add(match[1]!);
  }
  if (ids.size === 0) throw new Error("The search page showed no member to open");
  return [...ids];
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

interface Row {
  target: string;
  status: number;
  rps: number;
  ratio: number;
  p50: number;
  p95: number;
  p97_5: number;
  errors: number;
  load: number;
  /** A member page, held to the 0.7x goal. */
  memberPage: boolean;
}

/** A page (GET) or an action (POST with a form body, `next` varying each request). */
interface Target {
  label: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  next?: () => { path: string; body: string; headers?: Record<string, string> };
  /** Measured without the member's cookie. */
  visitor?: boolean;
  memberPage?: boolean;
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function measure(baseUrl: string, target: Target, cookie: string): Promise<Omit<Row, "ratio">> {
  const method = target.method ?? "GET";
  const headers: Record<string, string> = target.visitor ? {} : { cookie };
  if (method === "POST") Object.assign(headers, FORM);
  // A page as a browser asks for its document.
  else headers.accept = "text/html,application/xhtml+xml";
  const first = target.next?.() ?? { path: target.path, body: target.body };
  const status = (
    await fetch(`${baseUrl}${first.path}`, {
      method,
      headers: { ...headers, ...("headers" in first ? first.headers : {}) },
      body: first.body,
      redirect: "manual",
    })
  ).status;
  const latencies: number[] = [];
  let failed = 0;
  const next = target.next;
  const run = autocannon({
    url: `${baseUrl}${target.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: [
      {
        method,
        body: target.body,
        setupRequest: next
          ? (request) => {
              const { headers: extra, ...rest } = next();
              return { ...request, ...rest, headers: { ...request.headers, ...extra } };
            }
          : (request) => request,
      },
    ],
  });
  // autocannon's summary has no p95: keep every response time and take it from those. A redirect
  // is a success (a form's answer); anything else outside 2xx is an error.
  run.on("response", (_client, statusCode, _bytes, ms) => {
    latencies.push(ms);
    if (statusCode < 200 || statusCode >= 400) failed++;
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  return {
    target: target.label,
    status,
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: percentile(latencies, 95),
    p97_5: result.latency.p97_5,
    errors: failed + result.errors + result.timeouts,
    load: os.loadavg()[0]!,
    memberPage: target.memberPage ?? false,
  };
}

function printRows(rows: Row[]) {
  printTable(
    ["target", "status", "req/s", "x trivial", "p50 ms", "p95 ms", "p97.5 ms", "errors", "load 1m"],
    rows.map((r) => [
      r.target,
      String(r.status),
      r.rps.toFixed(1),
      `${r.ratio.toFixed(2)}x${r.memberPage ? (r.ratio >= GOAL_RATIO ? " ok" : " <0.7") : ""}`,
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.p97_5.toFixed(1),
      String(r.errors),
      r.load.toFixed(2),
    ]),
  );
}

async function main() {
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
    const page = (path: string, memberPage = true): Target => ({ label: path, path, memberPage });
    const [measuredChat] = member.conversationIds as [number];
    const senders = await createSenders(server.baseUrl, server.databaseUrl, secret, client);
    const targets: Target[] = [
      { label: "/login (visitor: the trivial page)", path: "/login", visitor: true },
      page(SEARCH_PATH),
      { ...page(`/members/${memberIds[0]}`), label: "/members/{id}" },
      page("/likes"),
      page("/chats"),
      { ...page(`/chats/${measuredChat}`), label: "/chats/{id}" },
      // What a wide window's script then loads beside the conversation (decision 0028).
      {
        ...page("/chats/list.data?_routes=routes%2Fchats.list"),
        label: "/chats/list (the list a wide window loads beside /chats/{id})",
      },
      { ...sendAction(senders), memberPage: true },
      likeAction(memberIds, senders),
      page("/healthz", false),
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
    const loadBefore = loadAverage();
    // Best of ROUNDS passes over all targets: a 2-core machine's figures vary by a fifth between runs.
    let measured: Omit<Row, "ratio">[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const pass: Omit<Row, "ratio">[] = [];
      for (const target of targets) {
        console.log(
          `Round ${round}/${ROUNDS}: ${target.label} for ${SECONDS} s with ${CONNECTIONS} connections…`,
        );
        pass.push(await measure(server.baseUrl, target, cookie));
      }
      measured = round === 1 ? pass : measured.map((best, i) => (pass[i]!.rps > best.rps ? pass[i]! : best));
    }
    const trivial = measured[0]!.rps;
    const rows = measured.map((r) => ({ ...r, ratio: r.rps / trivial }));
    console.log(
      `\nLogged in as ${DEMO_LOGIN.email}; ${os.cpus().length} CPU(s), load average ${loadBefore} before and ` +
        `${loadAverage()} after, Node ${process.version}, ${MEMBERS.toLocaleString("en")} members. ` +
        "p95 is computed from every response time autocannon reported; p50 and p97.5 are autocannon's own; " +
        "errors are answers outside 2xx/3xx, connection errors and timeouts; load 1m is the load average at the end of each row.\n",
    );
    printRows(rows);
    const slow = rows.filter((r) => r.memberPage && r.ratio < GOAL_RATIO).map((r) => r.target);
    console.log(
      `\nGoals: the trivial page at ${2 * OLD_TRIVIAL_RPS} req/s (2x ${OLD_TRIVIAL_RPS}): ${trivial.toFixed(0)} ` +
        `${trivial >= 2 * OLD_TRIVIAL_RPS ? "met" : "not met"}; member pages at ${GOAL_RATIO}x the trivial page: ` +
        `${slow.length === 0 ? "all met" : `not met by ${slow.join(", ")}`}.`,
    );
    for (const row of rows.filter((r) => r.status >= 400 || r.errors > 0)) {
      console.log(`Note: ${row.target} answered HTTP ${row.status} first and had ${row.errors} errors.`);
    }
    if (process.env.BENCH_LOAD !== "0") {
      await runLoadTest({ first: server, secret, dataDir });
    }
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
