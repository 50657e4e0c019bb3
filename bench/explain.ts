// `npm run bench:explain`: the query plans of the member pages the goals name (bench/pages.ts), on
// the benchmark's database: 100,000 demo members with their likes and conversations
// (BENCH_MEMBERS), or an earlier run's database (BENCH_DATA_DIR: a data folder kept with
// KEEP_BENCH_DATA=1). The built server seeds and serves it; this process loads the same build and
// serves each page to itself through React Router's request handler, with every SQL statement the
// request sends recorded at pg's Client#query (tests/fixtures/sent-statements.ts, the query-budget
// test's mechanism): the middlewares, loaders and rendering of the real page, as the server runs
// them. Each page is asked for once before (the process's caches, as on a running server); the
// search's listing is made stale before each /members page (nothing cached, its dearest case).
// Each recorded statement is then run as EXPLAIN (ANALYZE, BUFFERS) with its parameters, in a
// transaction that is rolled back, and any Seq Scan of a table that grows with members is flagged
// (for a named prepared statement in its generic plan too). The output is markdown, for
// docs/benchmarks.md.
// Environment: BENCH_MEMBERS (100000), BENCH_DATA_DIR, BUILD_DIR, KEEP_BENCH_DATA=1.
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "../app/lib/client-ip.server";
import { DATA_REQUEST_HEADER } from "../app/lib/data-request.server";
import {
  growingTableScans,
  isDataStatement,
  withSentStatements,
  type SentStatement,
} from "../tests/fixtures/sent-statements";
import { goalPages, memberFacts, someMemberIds, type GoalPage } from "./pages";
import { seedChats } from "./seed-chats";
import {
  BUILD_DIR,
  DEMO_LOGIN,
  ensureBuild,
  loginAsDemoMember,
  removeDataDir,
  seconds,
  startServer,
  stopServer,
  waitForHealth,
  type Server,
} from "./server";
import { printTable } from "./table";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const REUSED_DATA_DIR = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;

/**
 * The build's pages served in this process, on the server's database with the server's settings.
 * NODE_ENV is set before React and React Router load (as server/start.ts does).
 */
async function pagesInProcess(server: Server, dataDir: string) {
  Object.assign(process.env, server.env, {
    DATABASE_URL: server.databaseUrl,
    // Another process on the server's embedded database: the same stand-ins (as bench/server.ts).
    STANDINS: "true",
    // Its own folder for anything a page would write (none of these pages does).
    DATA_DIR: path.join(dataDir, "explain"),
    LOG_LEVEL: "warn",
  });
  const { createRequestHandler } = await import("react-router");
  const build = (await import(
    pathToFileURL(path.resolve(BUILD_DIR, "server/server-build.js")).href
  )) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return async (pagePath: string, cookie: string) => {
    // As server/app.ts hands a browser's request to React Router.
    const response = await handle(
      new Request(`${server.baseUrl}${pagePath}`, {
        headers: {
          cookie,
          accept: "text/html,application/xhtml+xml",
          [CLIENT_IP_HEADER]: "127.0.0.1",
          [DATA_REQUEST_HEADER]: "0",
        },
      }),
    );
    await response.text();
    return response.status;
  };
}

/** A parameter as the output shows it: strings quoted, dates as ISO, long values cut. */
function formatValue(value: unknown): string {
  const text =
    value instanceof Date
      ? `'${value.toISOString()}'`
      : typeof value === "string"
        ? `'${value}'`
        : value === null || value === undefined
          ? "NULL"
          : typeof value === "object"
            ? JSON.stringify(value)
            : String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

interface Explained {
  statement: SentStatement;
  plan: string;
  executionMs: number | null;
  /** Growing tables read with a Seq Scan, with their rows ("generic plan" where only that plan does). */
  scans: string[];
}

const rowCounts = new Map<string, number>();

/** A table's rows, beside its flag: reading a table of a few rows whole is the planner's right choice. */
async function rowsOf(client: pg.Client, table: string) {
  if (!rowCounts.has(table)) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
    rowCounts.set(table, rows[0]!.n);
  }
  return rowCounts.get(table)!;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement with its values, in a transaction rolled back after. */
async function explainStatement(client: pg.Client, statement: SentStatement): Promise<Explained> {
  await client.query("BEGIN");
  let plan: string;
  try {
    const result = await client.query<{ "QUERY PLAN": string }>({
      text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      values: statement.values,
    });
    plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  } catch (error) {
    plan = `(EXPLAIN ANALYZE failed: ${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.query("ROLLBACK");
  }
  const found = await growingTableScans(client, statement);
  const scans: string[] = [];
  for (const table of new Set(found.map((scan) => scan.table))) {
    const rows = await rowsOf(client, table);
    const onlyGeneric = found.every((scan) => scan.table !== table || scan.generic);
    scans.push(
      `${table} (${rows.toLocaleString("en")} ${rows === 1 ? "row" : "rows"}${onlyGeneric ? ", generic plan" : ""})`,
    );
  }
  const execution = /Execution Time: ([\d.]+) ms/.exec(plan);
  return {
    statement,
    plan,
    executionMs: execution ? Number(execution[1]) : null,
    scans,
  };
}

interface PageReport {
  page: GoalPage;
  status: number;
  /** Statements the request sent, BEGIN/COMMIT and the job queue's own included. */
  sent: number;
  explained: Explained[];
}

function printPage({ page, status, sent, explained }: PageReport) {
  console.log(`\n## ${page.label}: \`${page.path}\`\n`);
  console.log(
    `HTTP ${status}; ${sent} statements sent, ${explained.length} of them reading or writing data ` +
      "(the rest: transaction control, the job queue's own).",
  );
  for (const [i, { statement, plan, scans }] of explained.entries()) {
    console.log(`\n### ${i + 1}. ${statement.prepared ? "Prepared statement" : "Statement"}\n`);
    console.log("```sql\n" + statement.text.trim() + "\n```\n");
    if (statement.values.length > 0)
      console.log(
        `Parameters: ${statement.values.map((value, n) => `$${n + 1} = \`${formatValue(value)}\``).join(", ")}\n`,
      );
    console.log("```\n" + plan + "\n```\n");
    console.log(
      scans.length > 0
        ? `**Seq Scan of a table that grows with members: ${scans.join(", ")}.**`
        : "No Seq Scan of a table that grows with members.",
    );
  }
}

async function main() {
  ensureBuild();
  const dataDir = REUSED_DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), "hartklop-explain-")));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  console.error(
    REUSED_DATA_DIR
      ? `Starting the built server on the data in ${dataDir}…`
      : `Starting the built server with ${MEMBERS.toLocaleString("en")} demo members (data in ${dataDir})…`,
  );
  const secret = randomBytes(32).toString("hex");
  const server = await startServer({
    dataDir,
    members: MEMBERS,
    extraEnv: { SESSION_SECRET: secret, LOG_LEVEL: "warn" },
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  try {
    const started = performance.now();
    await waitForHealth(server, 60 * 60_000);
    await client.connect();
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Conversation"`);
    if (rows[0]!.n === 0) {
      await seedChats(server.databaseUrl, DEMO_LOGIN.email);
      await client.query("VACUUM ANALYZE");
    }
    const { rows: sizes } = await client.query<{ members: number; messages: number; version: string }>(
      `SELECT (SELECT count(*)::int FROM "Profile") AS members, (SELECT count(*)::int FROM "Message") AS messages,
         current_setting('server_version') AS version`,
    );
    console.error(`Database ready after ${seconds(performance.now() - started)}; capturing statements…`);
    const cookie = await loginAsDemoMember(server.baseUrl);
    const { conversationIds } = await memberFacts(client);
    const [profileId] = await someMemberIds(server.baseUrl, cookie);
    const pages = goalPages({ profileId: profileId!, conversationId: conversationIds[0]! });
    const serve = await pagesInProcess(server, dataDir);
    for (const page of pages) await serve(page.path, cookie);
    const reports: PageReport[] = [];
    for (const page of pages) {
      // What a change of a listed profile does: the search's cached listing and count no longer apply.
      if (page.path.startsWith("/members?"))
        await client.query(`UPDATE "SearchListing" SET version = version + 1 WHERE id = 1`);
      const { result: status, statements } = await withSentStatements(() => serve(page.path, cookie));
      const data = [...statements].filter(isDataStatement);
      const explained: Explained[] = [];
      for (const statement of data) explained.push(await explainStatement(client, statement));
      reports.push({ page, status, sent: statements.length, explained });
    }

    console.log("# Query plans of the member pages\n");
    console.log(
      `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; ${sizes[0]!.members.toLocaleString("en")} ` +
        `profiles, ${sizes[0]!.messages.toLocaleString("en")} messages; PostgreSQL ${sizes[0]!.version}; ` +
        `as ${DEMO_LOGIN.email}. Each statement a page sent (its middlewares, loaders and rendering, ` +
        "from the build), run again as `EXPLAIN (ANALYZE, BUFFERS)` with its parameters in a transaction " +
        "that is rolled back: a write shows the plan of its second run. The /members pages with the " +
        "search's listing stale (nothing cached); the other pages as a running server serves them.\n",
    );
    printTable(
      ["page", "status", "statements", "execution ms (sum)", "Seq Scan of a growing table"],
      reports.map(({ page, status, explained }) => {
        const scans = [...new Set(explained.flatMap((e) => e.scans))];
        return [
          page.label,
          String(status),
          String(explained.length),
          explained.reduce((sum, e) => sum + (e.executionMs ?? 0), 0).toFixed(2),
          scans.length ? scans.join(", ") : "none",
        ];
      }),
    );
    console.log(
      "\nA flag names the table and its rows now. A table of a few rows (the sessions and blocks of a " +
        "fresh benchmark database) is rightly read whole, and on a small database so may be one of a few " +
        "thousand; at 100,000 members a growing table read whole is a missing or unused index.",
    );
    for (const report of reports) printPage(report);
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    if (!REUSED_DATA_DIR) await removeDataDir(dataDir);
  }
}

main().then(
  // The build's database clients and job queue would keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
