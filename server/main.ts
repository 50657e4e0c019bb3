// The site's server, loaded by start.ts once NODE_ENV is set: checks the environment, opens the
// database (embedded when no DATABASE_URL), seeds a first start, then serves the build with Express.
import path from "node:path";
import type { ServerBuild } from "react-router";
import { parseEnv, standInsAllowed } from "../app/lib/env.server";
import { createApp } from "./app";
import { openDatabase } from "./database";
import { localSessionSecret } from "./session-secret";
import { firstStartSeed } from "./first-start";
import { createLogger } from "../app/lib/logger.server";
import { startScheduledJobs } from "./scheduled-jobs";
import { checkServiceSettings } from "./service-settings";
import { warnAboutStandIns } from "./stand-in-warning";
import { startWorkers } from "./workers";

const startedAt = performance.now();
const dev = process.env.NODE_ENV === "development";
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const logger = createLogger(env.LOG_LEVEL);
warnAboutStandIns(env, logger);
const database = await openDatabase(env, { ownSignalHandling: true });
process.env.SESSION_SECRET ??= await localSessionSecret(env.DATA_DIR);
logger.info("database ready", { embedded: database.embedded, ms: Math.round(performance.now() - startedAt) });
/** However stopping goes, the process ends within 10 s (rolling restarts count on it). */
const exitWithinTenSeconds = () => setTimeout(() => process.exit(1), 10_000).unref();

let exiting = false;
/**
 * A start that fails once the database is open, or a crash (an error nothing caught), stops the
 * database before the process ends: an embedded one left running would hold its data folder, and
 * the next start (a supervisor restarting the server) would fail too.
 */
async function exitWithError(msg: string, error: unknown): Promise<never> {
  if (exiting) return new Promise<never>(() => {}); // the first error is already ending the process
  exiting = true;
  logger.error(msg, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  exitWithinTenSeconds();
  await database.stop().catch(() => {});
  process.exit(1);
}
const startFailed = (error: unknown) => exitWithError("start-up failed", error);
process.on("uncaughtException", (error) => void exitWithError("crashed", error));
process.on("unhandledRejection", (error) => void exitWithError("crashed", error));

/** The build whose static files are served (start.ts sets it to the running build's folder). */
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

async function startBackgroundWorkAndLoadBuild() {
  const backgroundWork = await firstStartSeed(env, database, logger);
  const serviceSettings = await checkServiceSettings(env, process.env.SESSION_SECRET!, logger);
  // The mail outbox's files, for this process's mail jobs (workers, maintenance).
  const { setOutboxFiles } = await import("../app/lib/mail.server");
  setOutboxFiles((await import("../app/stand-ins/mail-outbox.server")).outboxFiles);
  if (!env.MOLLIE_API_KEY && standInsAllowed(env)) {
    // Answers Mollie's API for the whole process (msw), so for the build's modules too.
    (await import("../app/stand-ins/mollie-simulator.server")).startMollieSimulator();
  }
  const workers = await startWorkers(logger);
  await startScheduledJobs(logger);
  if (!dev) {
    // Bundled with this server (vite.config.ts), so the app's modules are the ones loaded above.
    const build: ServerBuild = await import("virtual:react-router/server-build");
    return { backgroundWork, serviceSettings, workers, build, viteMiddleware: undefined };
  }
  const vite = await import("vite");
  const server = await vite.createServer({ server: { middlewareMode: true } });
  const build = () => server.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  return { backgroundWork, serviceSettings, workers, build, viteMiddleware: server.middlewares };
}
const { backgroundWork, serviceSettings, workers, build, viteMiddleware } =
  await startBackgroundWorkAndLoadBuild().catch(startFailed);

// Every app process drops its cached sites and packages as soon as staff change them.
const startedBuild = typeof build === "function" ? await build().catch(startFailed) : build;
(startedBuild.entry.module as { watchSiteChanges?: () => void }).watchSiteChanges?.();

const app = createApp({
  build,
  buildDir,
  databaseUrl: database.url,
  logger,
  trustProxy: env.TRUST_PROXY,
  publicUrl: env.PUBLIC_URL,
  standIns: standInsAllowed(env),
  viteMiddleware,
});
const server = app.listen(env.PORT, env.HOST, () => {
  const url = `http://localhost:${env.PORT}`;
  logger.info("listening", { url, ms: Math.round(performance.now() - startedAt) });
  console.log(`\n  ${url}\n`);
});
// A port in use, for example.
server.once("error", (error) => void startFailed(error));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  exitWithinTenSeconds();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await (await import("../app/realtime/hub.server")).stopRealtime(); // ends the event streams
  server.closeIdleConnections();
  await closed;
  await backgroundWork.stop();
  await serviceSettings.stop();
  await workers.stop();
  const { closePreparedPool, db } = await import("../app/lib/db.server");
  await closePreparedPool();
  await db().$disconnect();
  await database.stop();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
