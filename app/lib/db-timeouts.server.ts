import { timeouts } from "./env.server";
import { logger } from "~/lib/logger.server";

/**
 * Limits for every connection the app opens (Prisma's pool, the prepared statements' pool, pg-boss,
 * the realtime LISTEN connection): with the database down or overloaded a request fails after a
 * few seconds instead of hanging. statement_timeout and idle_in_transaction_session_timeout are
 * sent as startup parameters, so PostgreSQL enforces them; query_timeout is the client's own limit
 * for a server that stopped answering at all (a network partition).
 */
export function databaseTimeouts() {
  const { DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS } = timeouts();
  return {
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    statement_timeout: DB_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    query_timeout: DB_STATEMENT_TIMEOUT_MS + 5_000,
  };
}

/** Logs an error of an idle pooled connection (the database restarted): the pool drops it and reconnects. */
export function logIdleConnectionError(pool: string) {
  return (error: Error) => logger.warn("database connection lost", { pool, error: String(error) });
}
