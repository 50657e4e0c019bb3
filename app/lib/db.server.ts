import { PrismaPg } from "@prisma/adapter-pg";
import { createHash } from "node:crypto";
import pg from "pg";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { databaseTimeouts, logIdleConnectionError } from "./db-timeouts.server";

declare global {
  var __prisma: PrismaClient | undefined;
}

function createClient() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app through server/start.ts");
  const limits = databaseTimeouts();
  return new PrismaClient({
    adapter: new PrismaPg(
      { connectionString, max: 10, ...limits },
      {
        onPoolError: logIdleConnectionError("prisma"),
        // Undefined runs the query unnamed: the adapter hands the name to pg, where it is optional,
        // though the adapter's type asks for a string.
        statementNameGenerator: (query) => preparedStatementName(query.sql) as string,
      },
    ),
    // Prisma's own default gives up after 2 s waiting for a pooled connection: under a burst (many
    // first messages at once) a transaction rather waits as long as a new connection may take.
    transactionOptions: { maxWait: limits.connectionTimeoutMillis },
  });
}

/** One client per process; created on first use so the embedded database can start first. */
export function db(): PrismaClient {
  globalThis.__prisma ??= createClient();
  return globalThis.__prisma;
}

declare global {
  var __preparedPool: pg.Pool | undefined;
}

const TIMESTAMP_OID = 1114;
const DATE_OID = 1082;
const INT8_OID = 20;

function createPreparedPool() {
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: 5,
    ...databaseTimeouts(),
    // As Prisma reads them: timestamps are stored in UTC without a zone, a date is its UTC midnight,
    // int8 is a BigInt.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") => {
        if (oid === TIMESTAMP_OID) return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
        if (oid === DATE_OID) return (value: string) => new Date(`${value}T00:00:00Z`);
        if (oid === INT8_OID) return (value: string) => BigInt(value);
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // Without a listener an idle connection's error (the database restarted) would end the process.
  pool.on("error", logIdleConnectionError("prepared"));
  return pool;
}

/**
 * At most this many statement texts get a name: each named statement stays prepared on every
 * connection that ran it, so texts that vary without end (lists spelled out as parameters) would
 * otherwise grow every connection's memory. Beyond it a new text runs unnamed, planned each time.
 */
const MAX_NAMED_STATEMENTS = 2_000;
const statementNames = new Map<string, string>();

/**
 * Starts a query whose best plan depends on its values (PostgreSQL's generic plan for a prepared
 * statement can be far slower, decision 0037), so it runs unnamed and is planned on every call.
 */
export const PLAN_EACH_CALL = Prisma.sql`/* planned on every call */ `;

/**
 * The name under which a query's text is prepared: the same text, the same name, in every process.
 * Only texts that start with a query (SELECT, WITH, INSERT, UPDATE, DELETE) are named; transaction
 * control and other commands, which are not planned, and queries marked `PLAN_EACH_CALL` run unnamed.
 */
function preparedStatementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name) return name;
  if (statementNames.size >= MAX_NAMED_STATEMENTS || !/^\s*(select|with|insert|update|delete)\b/i.test(text))
    return undefined;
  name = `s${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  statementNames.set(text, name);
  return name;
}

/**
 * Runs one statement as a named prepared statement on a small pool of its own, without Prisma's
 * query layer, whose cost per statement counts on pages that run several (decision 0041,
 * `docs/decisions/0041-member-page-reads-without-prisma.md`). For the hot paths: the session of
 * every request, the member pages' reads, sending a message, live events; everything else uses
 * Prisma, whose statements are named the same way (`preparedStatementName`).
 */
export async function queryPrepared<T>(sql: Prisma.Sql): Promise<T[]> {
  globalThis.__preparedPool ??= createPreparedPool();
  const values = sql.values.map((value) => (value instanceof Date ? value.toISOString() : value));
  const result = await globalThis.__preparedPool.query({
    name: preparedStatementName(sql.text),
    text: sql.text,
    values,
  });
  return result.rows as T[];
}

/** Closes the prepared statements' pool (shutdown, tests). */
export async function closePreparedPool() {
  await globalThis.__preparedPool?.end();
  globalThis.__preparedPool = undefined;
}
