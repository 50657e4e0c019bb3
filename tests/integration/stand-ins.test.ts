// The stand-ins' pages on an external database with STANDINS=true (a staging server), and the
// outboxes of a production server on the embedded database (`npm start`, a Docker image without
// DATABASE_URL): staff only, since they show links and codes that open accounts and confirm payments.
// The Mollie simulator's checkout: the payer's and staff's only, in every mode. The warning a start
// on the stand-ins logs, and the simulator's webhook calls, which go to this server only.
import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { packagesFor } from "~/domain/credits/packages.server";
import { completeSimulatedPayment } from "~/stand-ins/mollie-simulator.server";
import { sendSms } from "~/lib/sms.server";
import { queueMail } from "~/lib/mail.server";
import * as checkout from "~/routes/credits.$id";
import * as outbox from "~/stand-ins/routes/dev.outbox";
import * as outboxMail from "~/stand-ins/routes/dev.outbox.$mailId";
import * as simulatorCheckout from "~/stand-ins/routes/dev.mollie.checkout.$id";
import * as smsOutbox from "~/stand-ins/routes/dev.sms";
import { db } from "~/lib/db.server";
import { env, parseEnv, standInsAllowed } from "~/lib/env.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import routes from "../../app/routes";
import { createApp, servedBuild } from "../../server/app";
import { createLogger } from "~/lib/logger.server";
import { standInsToWarnAbout } from "../../server/stand-in-warning";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { routeSimulatorWebhooks } from "../fixtures/mollie-webhooks";
import { runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";
import { freePort } from "../setup/databases";

let member: Member;
let staff: Member;
let mailId: number;
let siteId: number;

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
  member = await createMember();
  staff = await createMember({ role: "admin" });
  mailId = await queueMail({
    to: "someone@example.com",
    from: "noreply@hartklop.nl",
    template: "test",
    subject: "Activeer je account",
    html: '<p><a href="https://hartklop.nl/activate?token=secret">Activeren</a></p>',
    text: "https://hartklop.nl/activate?token=secret",
  });
  await sendSms({ to: "+31612345678", body: "Je code is 123456", secret: "123456" });
});

/** The stand-ins' pages, with their paths and route parameters. */
const pages = [
  { name: "/dev/outbox", path: () => "/dev/outbox", route: outbox, params: () => ({}) },
  {
    name: "/dev/outbox/:mailId",
    path: () => `/dev/outbox/${mailId}`,
    route: outboxMail,
    params: () => ({ mailId: String(mailId) }),
  },
  { name: "/dev/sms", path: () => "/dev/sms", route: smsOutbox, params: () => ({}) },
];

describe("stand-in pages on an external database", () => {
  for (const page of pages) {
    it(`${page.name} answers 404 to visitors and members, and opens for staff`, async () => {
      for (const userId of [null, member.userId]) {
        const outcome = await runRoute(
          await siteRequest(page.path(), userId),
          page.route.loader as never,
          page.params(),
        );
        expect(outcome.status).toBe(404);
      }
      const asStaff = await runRoute(
        await siteRequest(page.path(), staff.userId),
        page.route.loader as never,
        page.params(),
      );
      expect(asStaff.status).toBe(200);
    });
  }
});

describe("the outboxes on the embedded database", () => {
  const statuses = async (page: (typeof pages)[number]) => {
    const answers = [];
    for (const userId of [null, member.userId, staff.userId]) {
      const outcome = await runRoute(
        await siteRequest(page.path(), userId),
        page.route.loader as never,
        page.params(),
      );
      answers.push(outcome.status);
    }
    return answers;
  };
  const as = async (nodeEnv: "production" | "development", check: () => Promise<void>) => {
    const saved = { NODE_ENV: env().NODE_ENV, EMBEDDED_DATABASE: env().EMBEDDED_DATABASE };
    Object.assign(env(), { NODE_ENV: nodeEnv, EMBEDDED_DATABASE: true });
    try {
      await check();
    } finally {
      Object.assign(env(), saved);
    }
  };

  for (const page of pages) {
    it(`${page.name}: staff only in production (npm start, Docker), open to anyone in development`, async () => {
      // Visitor, member, staff.
      await as("production", async () => expect(await statuses(page)).toEqual([404, 404, 200]));
      await as("development", async () => expect(await statuses(page)).toEqual([200, 200, 200]));
    });
  }
});

/** Runs `check` with these settings in place of the test environment's (external database, STANDINS=true). */
async function withEnv(settings: Partial<ReturnType<typeof env>>, check: () => Promise<void>) {
  const saved = Object.fromEntries(Object.keys(settings).map((key) => [key, env()[key as never]]));
  Object.assign(env(), settings);
  try {
    await check();
  } finally {
    Object.assign(env(), saved);
  }
}

describe("the Mollie simulator's checkout", () => {
  const webhooks = routeSimulatorWebhooks();
  const buyer = () =>
    createMember({ country: "NL", region: null, signupDate: new Date(Date.now() - 86_400_000) });

  /** Starts buying the first euro package with iDEAL as `payer`: the request and the Mollie id. */
  async function startPayment(payer: Member, request?: Request) {
    const creditPackage = (await packagesFor(siteId, "EUR"))[0]!;
    const outcome = await runRoute(
      request ??
        (await siteRequest(`/credits/${creditPackage.id}`, payer.userId, { form: { method: "ideal" } })),
      checkout.action as never,
      { id: String(creditPackage.id) },
    );
    const mollieId = /\/dev\/mollie\/checkout\/(tr_\w+)$/.exec(outcome.location ?? "")?.[1];
    expect(mollieId, `redirect to the checkout, got ${outcome.status} ${outcome.location}`).toBeDefined();
    return mollieId!;
  }

  const open = async (mollieId: string, userId: number | null) =>
    runRoute(
      await siteRequest(`/dev/mollie/checkout/${mollieId}`, userId),
      simulatorCheckout.loader as never,
      {
        id: mollieId,
      },
    );
  const settle = async (mollieId: string, userId: number | null) =>
    runRoute(
      await siteRequest(`/dev/mollie/checkout/${mollieId}`, userId, { form: { outcome: "paid" } }),
      simulatorCheckout.action as never,
      { id: mollieId },
    );
  const state = async (payer: Member, mollieId: string) => ({
    simulator: (await db().mollieSimulatorPayment.findUniqueOrThrow({ where: { id: mollieId } })).status,
    payment: (await db().payment.findUniqueOrThrow({ where: { molliePaymentId: mollieId } })).status,
    user: await db().user.findUniqueOrThrow({
      where: { id: payer.userId },
      select: { credits: true, paidUser: true },
    }),
  });

  // Staging (the tests' own setting), then `npm run dev` and `npm start` on the embedded database.
  const modes = [
    { name: "on an external database (STANDINS=true)", settings: {} },
    {
      name: "on the embedded database in development",
      settings: { EMBEDDED_DATABASE: true, NODE_ENV: "development" },
    },
    {
      name: "on the embedded database in production",
      settings: { EMBEDDED_DATABASE: true, NODE_ENV: "production" },
    },
  ] as const;

  for (const mode of modes) {
    it(`answers 404 to a visitor and another member ${mode.name}, and lets the payer settle it`, async () =>
      withEnv(mode.settings, async () => {
        const [payer, stranger] = [await buyer(), await buyer()];
        const mollieId = await startPayment(payer);
        const before = await state(payer, mollieId);
        expect(before).toMatchObject({ simulator: "open", payment: "open", user: { paidUser: false } });
        for (const userId of [null, stranger.userId]) {
          expect((await open(mollieId, userId)).status).toBe(404);
          expect((await settle(mollieId, userId)).status).toBe(404);
        }
        expect(await state(payer, mollieId)).toEqual(before);

        expect((await open(mollieId, payer.userId)).status).toBe(200);
        const settled = await settle(mollieId, payer.userId);
        expect(settled.status).toBe(302);
        expect(settled.location).toMatch(/\/transactions\/\d+$/);
        const after = await state(payer, mollieId);
        expect(after).toMatchObject({ simulator: "paid", payment: "paid", user: { paidUser: true } });
        expect(after.user.credits).toBeGreaterThan(before.user.credits);
      }));
  }

  it("lets staff open and settle a member's payment", async () => {
    const payer = await buyer();
    const mollieId = await startPayment(payer);
    const shown = await open(mollieId, staff.userId);
    expect(shown).toMatchObject({ status: 200, body: { payment: { id: mollieId, status: "open" } } });
    expect((await settle(mollieId, staff.userId)).status).toBe(302);
    expect(await state(payer, mollieId)).toMatchObject({ simulator: "paid", payment: "paid" });
  });

  it("calls the webhook on this server, not at a forged Host header's address", async () => {
    const payer = await buyer();
    const creditPackage = (await packagesFor(siteId, "EUR"))[0]!;
    // The browser (or anyone) names the host: here a local port of the attacker's choice.
    const cookie = await sessionCookie(payer.userId);
    const forged = () =>
      new Request(`http://127.0.0.1:3999/credits/${creditPackage.id}`, {
        method: "POST",
        headers: { Cookie: cookie, "X-Client-Ip": "10.9.8.7" },
        body: new URLSearchParams({ method: "ideal" }),
      });
    const mollieId = await startPayment(payer, forged());
    const stored = await db().mollieSimulatorPayment.findUniqueOrThrow({ where: { id: mollieId } });
    expect(stored.webhookUrl).toBe("http://127.0.0.1:3999/payments/webhook");
    const calls = webhooks.calls;
    // Spied here: the simulator (msw) wraps fetch once it starts, after the webhooks' routing.
    const fetched = vi.spyOn(globalThis, "fetch");
    await completeSimulatedPayment(mollieId, "paid", 60_000);
    const called = fetched.mock.calls.map(([input]) => new Request(input).url);
    // PUBLIC_URL is not set here: the server's own listening address (HOST 0.0.0.0, PORT).
    expect(called).toEqual([`http://127.0.0.1:${env().PORT}/payments/webhook`]);
    expect(webhooks.calls).toBe(calls + 1);
    await withEnv({ PUBLIC_URL: ORIGIN }, async () => {
      const again = await startPayment(payer, forged());
      fetched.mockClear();
      await completeSimulatedPayment(again, "paid", 60_000);
      const urls = fetched.mock.calls.map(([input]) => new Request(input).url);
      expect(urls.filter((url) => url.endsWith("/payments/webhook"))).toEqual([`${ORIGIN}/payments/webhook`]);
    });
    fetched.mockRestore();
  });
});

describe("the stand-in warning at start", () => {
  const warned = (variables: Record<string, string>) => standInsToWarnAbout(parseEnv(variables));

  it("is logged by a production start on the embedded database, and by a staging server", () => {
    const all = ["SMTP_URL", "MOLLIE_API_KEY", "SMS_URL"];
    // `npm start` and the Docker image without DATABASE_URL.
    expect(warned({ NODE_ENV: "production" })).toEqual(all);
    expect(warned({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example:25" })).toEqual([
      "MOLLIE_API_KEY",
      "SMS_URL",
    ]);
    const database = { DATABASE_URL: "postgresql://app@db.example/app", SESSION_SECRET: "x".repeat(32) };
    expect(warned({ NODE_ENV: "production", ...database, EMBEDDED_DATABASE: "true" })).toEqual(all);
    expect(warned({ NODE_ENV: "production", ...database, STANDINS: "true" })).toEqual(all);
    expect(warned({ NODE_ENV: "development", ...database, STANDINS: "true" })).toEqual(all);
    // `npm run dev` and the tests on the embedded database; a production server with every service.
    expect(warned({ NODE_ENV: "development" })).toEqual([]);
    expect(warned({ NODE_ENV: "test" })).toEqual([]);
    expect(
      warned({
        NODE_ENV: "production",
        ...database,
        SMTP_URL: "smtp://mail.example:25",
        MOLLIE_API_KEY: `live_${"a".repeat(30)}`,
        SMS_URL: "https://sms.example/messages",
      }),
    ).toEqual([]);
  });

  it("is logged by server/start.ts at a production start on the embedded database", async () => {
    // The server that started its embedded database says so (EMBEDDED_DATABASE); this one finds the
    // database down and stops, but has logged the warning first.
    const variables: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      DATABASE_URL: `postgresql://postgres:postgres@127.0.0.1:${await freePort()}/app`,
      EMBEDDED_DATABASE: "true",
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "hartklop-standins-")),
      LOG_LEVEL: "warn",
    };
    const child = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: variables,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.on("exit", resolve));
    const warning = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string; standIns?: string[] })
      .find((line) => line.msg.startsWith("stand-ins replace the real services"));
    expect(warning, output).toMatchObject({
      level: "warn",
      standIns: ["SMTP_URL", "MOLLIE_API_KEY", "SMS_URL"],
    });
  });
});

/**
 * A server build with the route table of app/routes.ts (ids and paths as React Router gives them),
 * each route a resource route answering its own id, and a document renderer that answers the
 * status alone: enough to see which routes a server serves.
 */
function buildOfRoutes(): ServerBuild {
  const table: Record<string, unknown> = {
    root: { id: "root", path: "", module: {} },
  };
  const add = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const path = entry.index ? prefix : entry.path ? `${prefix}/${entry.path}` : prefix;
      if (entry.index || entry.path) {
        const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
        const loader = () => Response.json({ route: id });
        table[id] = {
          id,
          parentId: "root",
          path: path.replace(/^\/+/, ""),
          index: entry.index,
          module: { loader },
        };
      }
      add(entry.children ?? [], path);
    }
  };
  add(routes, "");
  return {
    entry: {
      module: { default: (_request: Request, status: number) => new Response(`page ${status}`, { status }) },
    },
    routes: table,
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

describe("the stand-ins' routes", () => {
  const database = { DATABASE_URL: "postgresql://app@db.example/app", SESSION_SECRET: "x".repeat(32) };
  const production = parseEnv({
    NODE_ENV: "production",
    ...database,
    SMTP_URL: "smtp://mail.example:25",
    MOLLIE_API_KEY: `live_${"a".repeat(30)}`,
    SMS_URL: "https://sms.example/messages",
  });
  const staging = parseEnv({ NODE_ENV: "production", ...database, STANDINS: "true" });
  const standInIds = [
    "stand-ins/dev-outbox",
    "stand-ins/dev-outbox-mail",
    "stand-ins/dev-sms",
    "stand-ins/dev-mollie-checkout",
  ];

  /** The status and body of GET `path` on a server started as server/main.ts starts it with `settings`. */
  async function answer(settings: ReturnType<typeof parseEnv>, path: string) {
    const app = createApp({
      build: buildOfRoutes(),
      buildDir: "build",
      databaseUrl: process.env.DATABASE_URL!,
      logger: createLogger("silent"),
      trustProxy: 0,
      standIns: standInsAllowed(settings),
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
      return { status: response.status, body: await response.text() };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("are not served by a production server without stand-ins: /dev/* is the site's 404", async () => {
    const served = Object.values(servedBuild(buildOfRoutes(), standInsAllowed(production)).routes);
    expect(served.filter((route) => route!.path?.startsWith("dev/"))).toEqual([]);
    expect(served.map((route) => route!.id)).toContain("routes/login");
    for (const path of ["/dev/outbox", "/dev/outbox/1", "/dev/sms", "/dev/mollie/checkout/tr_x"]) {
      expect(await answer(production, path)).toEqual({ status: 404, body: "page 404" });
    }
    expect((await answer(production, "/login")).status).toBe(200);
  });

  it("are served where stand-ins run", async () => {
    for (const settings of [staging, parseEnv({ NODE_ENV: "production" })]) {
      const served = servedBuild(buildOfRoutes(), standInsAllowed(settings)).routes;
      expect(standInIds.map((id) => served[id]?.id)).toEqual(standInIds);
      expect(await answer(settings, "/dev/outbox")).toEqual({
        status: 200,
        body: JSON.stringify({ route: "stand-ins/dev-outbox" }),
      });
    }
  });
});
