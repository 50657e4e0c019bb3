import { env } from "./env.server";

type Level = "debug" | "info" | "warn" | "error";
export type LogLevel = Level | "silent";
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * Structured logs: one JSON object per line on stdout. `minimum` may be a function, read at each
 * line, so a logger made at import time follows the environment it finds when it writes.
 */
export function createLogger(minimum: LogLevel | (() => LogLevel)) {
  const write = (level: Level, msg: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[level] < ORDER[typeof minimum === "function" ? minimum() : minimum]) return;
    process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + "\n");
  };
  return {
    debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
    info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
    warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
    error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
  };
}

export type Logger = ReturnType<typeof createLogger>;

/** The app's logger, at the level LOG_LEVEL names. */
export const logger: Logger = createLogger(() => env().LOG_LEVEL);
