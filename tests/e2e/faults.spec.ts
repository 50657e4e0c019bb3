// Faults the site must survive (docs/decisions/0012-faults.md): the database restarting under a
// running app server, and one of two app servers killed in the middle of a chat. Each test starts the
// servers it harms.
import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import pg from "pg";
import PgBoss from "pg-boss";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";
import { BUILT_SERVER, E2E_BASE_URL, E2E_DATABASE_URL, E2E_PORT } from "./constants";
import { memberWithCredits } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test } from "./fixtures";

/** The e2e servers' shared secret and data folder (playwright.config.ts): a third server joins them. */
const SESSION_SECRET = "e2e-only-session-secret-for-both-servers-0123456789";
const E2E_DATA_DIR = path.join(os.tmpdir(), `hartklop-e2e-${E2E_PORT}`);

interface AppServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** The built server as its own process on an existing database. */
async function startAppServer(port: number, env: Record<string, string>): Promise<AppServer> {
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET,
      STANDINS: "true",
      DEMO_DATA: "false",
      TRUST_PROXY: "1",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status, { timeout: 90_000 })
    .toBe(200);
  return { child, url, output: () => output, exited };
}

/** Status and time of a request that must be answered (never hang): gives up after `limitMs`. */
async function timedFetch(url: string, limitMs = 15_000) {
  const started = Date.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(limitMs) });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - started };
}

test.describe("@http faults", () => {
  test.describe.configure({ mode: "serial" });

  test("the database restarts: /healthz goes 503 and back to 200, pages recover, a queued job runs", async () => {
    test.setTimeout(180_000);
    const dir = await mkdtemp(path.join(os.tmpdir(), "hartklop-faults-"));
    await chmod(dir, 0o755); // the embedded PostgreSQL runs as the postgres user
    const pgPort = E2E_PORT + 50;
    const appPort = E2E_PORT + 51;
    const pgDir = path.join(dir, "pg");
    let database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort });
    let server: AppServer | undefined;
    try {
      server = await startAppServer(appPort, {
        DATABASE_URL: database.url,
        DATA_DIR: path.join(dir, "data"),
        DB_CONNECT_TIMEOUT_MS: "2000",
      });
      expect((await timedFetch(`${server.url}/login`)).status).toBe(200);

      // A mail queued now, its job due in 6 s: the database is down by then.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO "Mail" ("to", subject, html, text, template) VALUES ($1, 'Hallo', '<p>Hallo</p>', 'Hallo', 'test') RETURNING id`,
        ["restart@example.com"],
      );
      const mailId = rows[0]!.id;
      await client.end();
      const boss = new PgBoss({
        connectionString: database.url,
        schema: "pgboss",
        supervise: false,
        schedule: false,
      });
      boss.on("error", () => {});
      await boss.start();
      await boss.send("send-mail", { mailId, from: '"Hartklop" <noreply@hartklop.nl>' }, { startAfter: 6 });
      await boss.stop({ graceful: false, wait: true });

      await database.stop();
      // Down: /healthz says so at once; a page fails within the connect timeout instead of hanging.
      const health = await timedFetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(4_000);
      // Pages answer (an error page where they need the database) within the connect timeout.
      for (const pathname of ["/", "/login"]) {
        const page = await timedFetch(`${server.url}${pathname}`);
        expect([200, 500], pathname).toContain(page.status);
        expect(page.ms, pathname).toBeLessThan(10_000);
      }
      await new Promise((resolve) => setTimeout(resolve, 7_000)); // the job's time passes while down

      database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort });
      // Up again, the same app process: healthy, pages answer, the job that waited runs.
      await expect
        .poll(async () => (await timedFetch(`${server!.url}/healthz`)).status, { timeout: 20_000 })
        .toBe(200);
      await expect
        .poll(async () => (await timedFetch(`${server!.url}/login`)).status, { timeout: 20_000 })
        .toBe(200);
      expect((await timedFetch(`${server.url}/`)).status).toBe(200);
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      await expect
        .poll(
          async () =>
            (await check.query<{ status: string }>(`SELECT status FROM "Mail" WHERE id = $1`, [mailId]))
              .rows[0]?.status,
          { timeout: 30_000 },
        )
        .toBe("sent");
      await check.end();
      expect(await readdir(path.join(dir, "data", "outbox"))).toContain(`${mailId}.eml`);
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).toContain('"msg":"database connection lost"');
    } finally {
      server?.child.kill("SIGTERM");
      if (server) await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      server?.child.kill("SIGKILL");
      await database.stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("an app server killed mid-chat: the stream reconnects to the other and misses nothing", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "live updates need JavaScript");
    test.setTimeout(120_000);
    const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(100)];
    const doomed = await startAppServer(E2E_PORT + 52, {
      DATABASE_URL: E2E_DATABASE_URL,
      DATA_DIR: E2E_DATA_DIR,
    });
    // The load balancer: Bram's requests go to the doomed server while it lives, then to server 1.
    const balancer = await startBalancer([doomed.url, E2E_BASE_URL]);
    const other = await browser.newContext({ baseURL: balancer.url, javaScriptEnabled: true });
    try {
      await acceptEntryWarning(context, E2E_BASE_URL);
      await login(page, anna.email, anna.password);
      await page.goto(`/members/${bram.profileId}/chat`);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      const icebreakers = page.getByTestId("icebreaker-modal");
      if (await icebreakers.isVisible()) await icebreakers.getByRole("button", { name: "Sluiten" }).click();
      await write(page, "Eerste bericht");
      await expect(page).toHaveURL(/\/chats\/\d+$/);
      const conversationPath = new URL(page.url()).pathname;

      await acceptEntryWarning(other, balancer.url);
      await countStreams(other);
      const bramPage = await other.newPage();
      const bramErrors: string[] = [];
      bramPage.on("pageerror", (error) => bramErrors.push(error.message));
      await login(bramPage, bram.email, bram.password);
      await bramPage.goto(conversationPath);
      await expect.poll(() => streamsOpened(bramPage)).toBe(1);
      expect(balancer.servedBy.at(-1)).toBe(doomed.url);
      await bramPage.evaluate(() => ((window as Window & { marker?: string }).marker = "bram"));

      await write(page, "Tweede bericht");
      await expect(bramPage.getByTestId("message-other")).toHaveCount(2, { timeout: 2_000 });

      // Killed without warning; Anna writes on while Bram's stream is down.
      doomed.child.kill("SIGKILL");
      await doomed.exited;
      await write(page, "Derde bericht");
      await write(page, "Vierde bericht");
      await expect(page.getByTestId("message-own")).toHaveCount(4);

      // Bram's browser reconnects (Last-Event-ID) through the balancer to server 1 and catches up.
      await expect.poll(() => streamsOpened(bramPage), { timeout: 15_000 }).toBe(2);
      const messages = bramPage.getByTestId("message-other");
      await expect(messages).toHaveCount(4, { timeout: 5_000 });
      await expect(messages).toHaveText([
        /Eerste bericht/,
        /Tweede bericht/,
        /Derde bericht/,
        /Vierde bericht/,
      ]);
      expect(balancer.servedBy.at(-1)).toBe(E2E_BASE_URL);
      expect(balancer.lastEventIds.filter(Boolean)).not.toEqual([]);

      // Live again: a new message arrives at once, and Bram's answer reaches Anna.
      await write(page, "Vijfde bericht");
      await expect(messages).toHaveCount(5, { timeout: 2_000 });
      await write(bramPage, "Ik ben er nog");
      await expect(page.getByTestId("message-other")).toHaveCount(1, { timeout: 2_000 });
      expect(await bramPage.evaluate(() => (window as Window & { marker?: string }).marker)).toBe("bram");
      // A data response cut by the kill after its first line leaves React Router's decoder with
      // an unobserved rejection ("network error", Chromium's failed body read; the page is fine,
      // as checked above). Any other error fails the test.
      expect(bramErrors.filter((message) => message !== "network error")).toEqual([]);
      expect(doomed.output()).not.toContain('"level":"error"');
    } finally {
      await other.close();
      await balancer.close();
      doomed.child.kill("SIGKILL");
    }
  });
});

async function write(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Bericht" }).fill(text);
  await page.getByTestId("send-button").click();
  await expect(page.getByRole("textbox", { name: "Bericht" })).toHaveValue("");
}

type StreamWindow = Window & { streamsOpened?: number };

/** Counts the opens of the tab's live stream (the first one and every reconnect). */
async function countStreams(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("open", () => {
          const w = window as StreamWindow;
          w.streamsOpened = (w.streamsOpened ?? 0) + 1;
        });
      }
    };
  });
}

function streamsOpened(page: Page) {
  return page.evaluate(() => (window as StreamWindow).streamsOpened ?? 0);
}

/**
 * A minimal load balancer: each request goes to the first of `targets` that accepts the
 * connection (no sticky sessions); a dead one refuses and the next is tried. A stream whose
 * server dies is cut, as a real balancer cuts it.
 */
async function startBalancer(targets: string[]) {
  const servedBy: string[] = [];
  const lastEventIds: (string | undefined)[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const attempt = (index: number) => {
      const target = new URL(targets[index]!);
      const upstream = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          if (req.url?.startsWith("/api/events")) {
            servedBy.push(targets[index]!);
            // The page reopens a dropped stream itself, with the last event in the address.
            const query = new URL(req.url, "http://balancer").searchParams.get("lastEventId");
            lastEventIds.push((req.headers["last-event-id"] as string | undefined) ?? query ?? undefined);
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on("error", () => res.destroy());
          answer.on("aborted", () => res.destroy());
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (!res.headersSent && error.code === "ECONNREFUSED" && index + 1 < targets.length) {
          attempt(index + 1);
        } else {
          res.destroy();
        }
      });
      res.on("close", () => upstream.destroy());
      upstream.end(body);
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    servedBy,
    lastEventIds,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
