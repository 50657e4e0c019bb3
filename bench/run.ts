// `npm run bench`: the built server on its own embedded PostgreSQL seeded with 100,000 demo members,
// measured with autocannon: member search with filters, a profile page, the likes pages, the swipe
// game, the counts call, the like action and /healthz, side by side.
// Environment: BENCH_MEMBERS (default 100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (10),
// BUILD_DIR (default build; built first when missing), KEEP_BENCH_DATA=1 keeps the data folder.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ensureBuild, percentile, seconds, startServer, stopServer, waitForHealth } from "./server";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOGIN = { email: "premium@demo.hartklop.test", password: "Hartklop-demo-2026" };
const SEARCH_PATH = "/members?gender=female&country=NL&min_age=25&max_age=45";

/**
 * A database that just received 100,000 rows has no planner statistics and no visibility map yet;
 * autovacuum would see to that within minutes. Do it now, so the figures are those of a settled database.
 */
async function settleDatabase(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}

/** The first EUR package of the default site, for the payment page. */
async function firstPackageId(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `SELECT p.id FROM "CreditPackage" p JOIN "Site" s ON s.id = p."siteId"
       WHERE s."isDefault" AND p.currency = 'EUR' AND p.active ORDER BY p."sortOrder" LIMIT 1`,
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user.php`, {
    method: "POST",
    body: new URLSearchParams(LOGIN),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("auth.session="));
  if (!response.ok || !cookie) throw new Error(`Login as ${LOGIN.email} failed: HTTP ${response.status}`);
  return cookie;
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
 * POST /members/{id}/like as the enhanced button sends it (JSON answer): every connection goes
 * through the members in turn, liking them, then unliking them on the next round.
 */
function likeAction(memberIds: string[]): Target {
  let sent = 0;
  return {
    label: "POST /members/{id}/like (like, unlike)",
    path: `/members/${memberIds[0]}/like`,
    method: "POST",
    body: "intent=like",
    next: () => {
      const id = memberIds[sent % memberIds.length]!;
      const intent = Math.floor(sent / memberIds.length) % 2 === 0 ? "like" : "unlike";
      sent++;
      return { path: `/members/${id}/like`, body: `intent=${intent}` };
    },
  };
}

interface Row {
  target: string;
  status: number;
  rps: number;
  p50: number;
  p95: number;
  p97_5: number;
  non2xx: number;
  errors: number;
}

/** A page (GET) or an action (POST with a form body, `next` varying each request). */
interface Target {
  label: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  next?: () => { path: string; body: string };
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function measure(baseUrl: string, target: Target, cookie: string): Promise<Row> {
  const method = target.method ?? "GET";
  const headers = method === "POST" ? { cookie, ...FORM } : { cookie };
  const status = (
    await fetch(`${baseUrl}${target.path}`, { method, headers, body: target.body, redirect: "manual" })
  ).status;
  const latencies: number[] = [];
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
        setupRequest: next ? (request) => ({ ...request, ...next() }) : (request) => request,
      },
    ],
  });
  // autocannon's summary has no p95: keep every response time and take it from those.
  run.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  latencies.sort((a, b) => a - b);
  return {
    target: target.label,
    status,
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: percentile(latencies, 95),
    p97_5: result.latency.p97_5,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function printTable(rows: Row[]) {
  const header = ["target", "status", "req/s", "p50 ms", "p95 ms", "p97.5 ms", "non-2xx", "errors"];
  const lines = rows.map((r) => [
    r.target,
    String(r.status),
    r.rps.toFixed(1),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p97_5.toFixed(1),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    "| " + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ") + " |";
  console.log(format(header));
  console.log(
    "|" + widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|",
  );
  for (const line of lines) console.log(format(line));
}

async function main() {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  console.log(
    `Starting the built server with ${MEMBERS.toLocaleString("en")} demo members (data in ${dataDir})…`,
  );
  const started = performance.now();
  const server = await startServer({ dataDir, members: MEMBERS });
  const cleanUp = async () => {
    await stopServer(server);
    if (!process.env.KEEP_BENCH_DATA) await rm(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));
  try {
    await waitForHealth(server, 60 * 60_000);
    const readyMs = performance.now() - started;
    const seedMs = server.seedMs();
    console.log(
      `Seeded ${MEMBERS.toLocaleString("en")} members in ${seedMs === null ? "(not reported)" : seconds(seedMs)}; ` +
        `server ready after ${seconds(readyMs)} (database start, migrations, seed).`,
    );
    const settleStarted = performance.now();
    await settleDatabase(server.databaseUrl);
    console.log(`VACUUM ANALYZE took ${seconds(performance.now() - settleStarted)}.`);
    const cookie = await login(server.baseUrl);
    const memberIds = await someMemberIds(server.baseUrl, cookie);
    const page = (path: string): Target => ({ label: path, path });
    const targets = [
      page(SEARCH_PATH),
      page(`/members/${memberIds[0]}`),
      page("/likes/received"),
      page("/likes/matches"),
      page("/swipe-game"),
      page("/chats"),
      page("/credits"),
      // The payment page asks Mollie (here its simulator) which methods it offers.
      page(`/credits/${await firstPackageId(server.databaseUrl)}`),
      page("/transactions"),
      page("/api/user.php"),
      likeAction(memberIds),
      page("/healthz"),
    ];
    const rows: Row[] = [];
    for (const target of targets) {
      console.log(`Measuring ${target.label} for ${SECONDS} s with ${CONNECTIONS} connections…`);
      rows.push(await measure(server.baseUrl, target, cookie));
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ");
    console.log(
      `\nLogged in as ${LOGIN.email}; ${os.cpus().length} CPU(s), load average ${load}, Node ${process.version}. ` +
        "p95 is computed from every response time autocannon reported; p50 and p97.5 are autocannon's own.\n",
    );
    printTable(rows);
    const failing = rows.filter((r) => r.status !== 200);
    for (const row of failing) {
      console.log(`Note: ${row.target} answers HTTP ${row.status}, so its figures measure that answer.`);
    }
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
