// `npm run screenshots`: the main pages at a phone's width (390 px) and a desktop's (1280 px), as
// PNG files in docs/screenshots/ (`390-search.png`, `1280-conversation.png`, …). Starts the built
// server (built first when stale) on its own embedded PostgreSQL with fresh demo data, waits until
// the demo photos are drawn, takes the pages (scripts/screenshot-pages.ts) with Debian's Chromium and
// stops everything. Exits with 1, leaving the folder as it was, when a page answers with an error,
// shows the error page or ends up elsewhere. SCREENSHOTS_PORT sets the server's port (its database
// takes the port 1000 above), otherwise free ports are used; SCREENSHOTS_MEMBERS the demo members.
import { chmod, copyFile, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import {
  ensureBuild,
  seconds,
  sleep,
  startServer,
  stopServer,
  waitForHealth,
  type Server,
} from "../bench/server";
import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/e2e/constants";
import { takeShots } from "./screenshot-pages";

const OUT_DIR = "docs/screenshots";
const port = process.env.SCREENSHOTS_PORT ? Number(process.env.SCREENSHOTS_PORT) : undefined;
const members = Number(process.env.SCREENSHOTS_MEMBERS ?? 300);

/** The server draws the demo photos after it starts answering: the pages must show them. */
async function waitForPhotos(server: Server, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!server.logged("demo photos drawn")) {
    if (server.logged("drawing demo photos failed"))
      throw new Error(`Drawing the demo photos failed:\n${server.output()}`);
    if (server.process.exitCode !== null) throw new Error(`The server stopped:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`The demo photos were not drawn within ${seconds(timeoutMs)}`);
    await sleep(1000);
  }
}

/** Replaces the folder's images with the new ones, and prints their sizes. */
async function publish(from: string) {
  const fresh = (await readdir(from)).filter((f) => f.endsWith(".png")).sort();
  await mkdir(OUT_DIR, { recursive: true });
  for (const old of (await readdir(OUT_DIR).catch(() => [])).filter((f) => f.endsWith(".png"))) {
    await rm(path.join(OUT_DIR, old));
  }
  let total = 0;
  for (const file of fresh) {
    await copyFile(path.join(from, file), path.join(OUT_DIR, file));
    const { size } = await stat(path.join(OUT_DIR, file));
    total += size;
    console.log(`  ${file.padEnd(26)} ${Math.round(size / 1024)} KB`);
  }
  console.log(`${fresh.length} images in ${OUT_DIR}/, ${(total / 1024 / 1024).toFixed(2)} MB`);
}

async function main() {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-screenshots-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  const shotsDir = path.join(dataDir, "shots");
  console.log(`Starting the built server with ${members} demo members (in ${dataDir})…`);
  const server = await startServer({
    dataDir,
    members,
    port,
    pgPort: port === undefined ? undefined : port + 1000,
    extraEnv: { DEMO_PHOTOS: "true", LOG_LEVEL: "info" },
  });
  let browser: Browser | undefined;
  try {
    await waitForHealth(server, 5 * 60_000);
    await waitForPhotos(server, 10 * 60_000);
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    const problems = await takeShots(browser, server.baseUrl, shotsDir);
    if (problems.length > 0) {
      console.error(`Not taken (${OUT_DIR}/ left as it was):\n  ${problems.join("\n  ")}`);
      process.exitCode = 1;
      return;
    }
    await publish(shotsDir);
  } finally {
    await browser?.close();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  }
}

await main();
