// The built server as the benchmarks start it: on its own embedded PostgreSQL (or, for a second
// instance, on the first one's database), measured from outside over HTTP.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type pg from "pg";
import { ensureBuild as buildIfStale } from "../scripts/build-if-stale.mjs";
import { embeddedDatabaseUrl } from "../server/embedded-postgres";
import { heapSnapshotFlags } from "./memory";

export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Builds the app when there is no build or the sources changed since: a benchmark of stale code misleads. */
export function ensureBuild() {
  // While the sources are being edited, a build that is older on purpose (or the build of a clean copy).
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  buildIfStale(BUILD_DIR);
}

export interface Server {
  process: ChildProcess;
  baseUrl: string;
  databaseUrl: string;
  /** The environment it was started with (DATABASE_URL only when it uses another's database). */
  env: NodeJS.ProcessEnv;
  /** Milliseconds the server reported for seeding the demo data, once known. */
  seedMs: () => number | null;
  /** Whether the server logged a line with this message (`msg`) so far. */
  logged: (msg: string) => boolean;
  output: () => string;
  /** The server's last error log lines (up to 10). */
  errors: () => string[];
}

export interface ServerOptions {
  dataDir: string;
  /** Demo members seeded on the embedded database (ignored with `databaseUrl`). */
  members: number;
  /** Another instance's database: this one then starts no PostgreSQL of its own. */
  databaseUrl?: string;
  /** The server's port and its embedded PostgreSQL's; free ones when not given. */
  port?: number;
  pgPort?: number;
  extraEnv?: NodeJS.ProcessEnv;
}

export async function startServer({
  dataDir,
  members,
  databaseUrl,
  port: givenPort,
  pgPort: givenPgPort,
  extraEnv = {},
}: ServerOptions): Promise<Server> {
  const port = givenPort ?? (await freePort());
  const pgPort = givenPgPort ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BUILD_DIR,
    DEMO_DATA: "true",
    SEED_MEMBERS: String(members),
    // Photo files are not needed to measure pages; drawing 100,000 of them would take hours.
    DEMO_PHOTOS: "false",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    // The first start seeds 100,000 members in statements that take longer than the app's limit.
    DB_STATEMENT_TIMEOUT_MS: process.env.DB_STATEMENT_TIMEOUT_MS ?? "600000",
    ...extraEnv,
  };
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    // Another instance's local database: the same stand-ins (mail outbox, Mollie simulator) as there.
    env.STANDINS ??= "true";
  } else delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir=" + process.env.BENCH_PROF] : []),
      // BENCH_HEAP_SNAPSHOT: a heap snapshot on SIGUSR2 (bench/memory.ts).
      ...heapSnapshotFlags(),
      // As `npm start` runs it (see the README's production section).
      "--max-semi-space-size=32",
      path.join(BUILD_DIR, "server/index.js"),
    ],
    {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let seedMs: number | null = null;
  let tail = "";
  const messages = new Set<string>();
  const errors: string[] = [];
  // Each stream's unfinished last line, until its end arrives.
  const partial = { stdout: "", stderr: "" };
  const remember = (stream: keyof typeof partial) => (chunk: Buffer) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-4000);
    const lines = (partial[stream] + text).split("\n");
    partial[stream] = lines.pop() ?? "";
    for (const line of lines) {
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1];
      if (msg !== undefined) messages.add(msg);
      // The request log fills the tail; a failed run needs the errors behind its 500s.
      if (!line.includes('"level":"error"')) continue;
      errors.push(line.slice(0, 1000));
      if (errors.length > 10) errors.shift();
    }
    if (seedMs === null) {
      const match = /"msg":"demo data seeded","ms":(\d+)/.exec(tail);
      if (match) seedMs = Number(match[1]);
    }
  };
  child.stdout.on("data", remember("stdout"));
  child.stderr.on("data", remember("stderr"));
  return {
    process: child,
    env,
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: databaseUrl ?? embeddedDatabaseUrl(path.join(dataDir, "pg"), pgPort, "app"),
    seedMs: () => seedMs,
    logged: (msg) => messages.has(msg),
    output: () => tail,
    errors: () => [...errors],
  };
}

export async function waitForHealth(server: Server, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) {
      throw new Error(`The server stopped (exit ${server.process.exitCode}):\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(1000);
  }
  throw new Error(`No answer from /healthz within ${seconds(timeoutMs)}:\n${server.output()}`);
}

export async function stopServer(server: Server) {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
  if (server.process.exitCode === null) server.process.kill("SIGKILL");
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Removes a benchmark's data folder (kept with KEEP_BENCH_DATA=1); PostgreSQL may still be finishing its last writes. */
export async function removeDataDir(dir: string) {
  if (process.env.KEEP_BENCH_DATA) return;
  try {
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  } catch (error) {
    console.error(`Could not remove ${dir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The demo Premium member (prisma/seed): the member the bench and Lighthouse measure as. */
export const DEMO_LOGIN = { email: "premium@demo.hartklop.test", password: "Hartklop-demo-2026" };

/** Logs in as the demo Premium member through the JSON login and returns the session cookie. */
export async function loginAsDemoMember(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user.php`, {
    method: "POST",
    body: new URLSearchParams(DEMO_LOGIN),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("auth.session="));
  if (!response.ok || !cookie)
    throw new Error(`Login as ${DEMO_LOGIN.email} failed: HTTP ${response.status}`);
  return cookie;
}

/**
 * A database that just received 100,000 rows has no planner statistics and no visibility map yet;
 * autovacuum would see to that within minutes. Do it now, so the figures are those of a settled database.
 */
export async function settleDatabase(client: pg.Client) {
  await client.query("VACUUM ANALYZE");
  // Writing out the seed's dirty pages would otherwise run during the first rows.
  await client.query("CHECKPOINT");
  await waitForIdleCpu();
}

/** Share of CPU time spent idle over `ms`, from /proc/stat (1 where it cannot be read). */
async function idleShare(ms: number): Promise<number> {
  const read = async () => {
    const fields = (await readFile("/proc/stat", "utf8"))
      .split("\n")[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { idle: fields[3]! + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
  };
  try {
    const before = await read();
    await sleep(ms);
    const after = await read();
    return (after.idle - before.idle) / Math.max(1, after.total - before.total);
  } catch {
    return 1;
  }
}

/** Autovacuum and the checkpointer finish what the seed left them before anything is measured. */
async function waitForIdleCpu() {
  const started = performance.now();
  for (let tries = 0; performance.now() - started < 180_000; tries++) {
    const idle = await idleShare(3_000);
    if (idle > 0.9) return;
    // Every 30 s: a machine busy with other work would otherwise fill the output.
    if (tries % 10 === 0) console.log(`Waiting for a quiet machine (CPU ${Math.round(idle * 100)}% idle)…`);
  }
  console.log("Gave up waiting for a quiet machine after 180 s: other work is running.");
}
