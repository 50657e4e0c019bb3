import { missingRealServices, standInsAllowed, usesEmbeddedDatabase, type Env } from "../app/lib/env.server";
import type { Logger } from "../app/lib/logger.server";

/**
 * The stand-ins a start must warn about, by the variable each replaces, or none: a production start
 * (NODE_ENV=production: `npm start`, the Docker image) whose simulator, mail or SMS outbox runs,
 * embedded database or not, and a staging server (STANDINS=true on an external database). The
 * stand-ins mail and text no one and take no money, so such a server must never face members unseen.
 */
export function standInsToWarnAbout(env: Env): string[] {
  if (!standInsAllowed(env)) return [];
  if (env.NODE_ENV !== "production" && usesEmbeddedDatabase(env)) return [];
  return missingRealServices(env);
}

/** Logs the stand-in warning at start (every start, not once per data folder). */
export function warnAboutStandIns(env: Env, logger: Logger) {
  const standIns = standInsToWarnAbout(env);
  if (standIns.length === 0) return;
  logger.warn("stand-ins replace the real services: no mail, texts or payments leave this server", {
    standIns,
    staging: env.STANDINS,
  });
}
