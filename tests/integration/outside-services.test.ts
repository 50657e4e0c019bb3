// The outside services down (docs/decisions/0012-faults.md): the mail server, a push service and
// Mollie unreachable. Mail and pushes wait in the job queue and go out once the service is back; a
// payment cannot be started (a clear message, nothing left open to be paid twice) and reconciliation
// settles later.
import https from "node:https";
import { mkdtemp } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { rootCertificates } from "node:tls";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { packagesFor } from "~/domain/credits/packages.server";
import { completeSimulatedPayment } from "~/stand-ins/mollie-simulator.server";
import { reconcileOpenPayments } from "~/domain/payments/reconcile.server";
import { pushForLike, retryPush } from "~/domain/notifications/push-notify.server";
import { db } from "~/lib/db.server";
import { QUEUES, stopJobs } from "~/lib/jobs.server";
import { queueMail } from "~/lib/mail.server";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { translatorFor } from "~/lib/translator.server";
import * as checkout from "~/routes/credits.$id";
import { seedBaseData } from "../../prisma/seed/base-data";
import { env, parseEnv } from "~/lib/env.server";
import { createLogger, logger, type Logger } from "~/lib/logger.server";
import { checkServiceSettings, serviceSettings } from "../../server/service-settings";
import { startWorkers } from "../../server/workers";
import { createMember, type Member } from "../fixtures/members";
import { mollieNetworkForSuite } from "../fixtures/mollie-network";
import { routeSimulatorWebhooks } from "../fixtures/mollie-webhooks";
import { pushServiceCertificate, startPushService, type PushService } from "../fixtures/push-service";
import { runRoute, siteRequest } from "../fixtures/run-route";

// Before any app module reads the environment: real SMTP on a port nothing listens on yet, and
// short limits so a service that does not answer fails within the test's patience.
const smtpPort = await vi.hoisted(async () => {
  const { freePort } = await import("../setup/databases");
  const port = await freePort();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.SMTP_TIMEOUT_MS = "1500";
  process.env.MOLLIE_TIMEOUT_MS = "1000";
  process.env.PUSH_TIMEOUT_MS = "1500";
  return port;
});

let workers: { stop: () => Promise<void> };
let siteId: number;

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
  workers = await startWorkers(createLogger("silent"));
});

afterAll(async () => {
  await workers.stop();
  await stopJobs();
});

interface QueuedJob {
  id: string;
  state: string;
  retryCount: number;
  startAfter: Date;
  data: unknown;
}

function jobsIn(queue: string) {
  return db().$queryRaw<QueuedJob[]>`
    SELECT id::text, state::text, retry_count AS "retryCount", start_after AS "startAfter", data
    FROM pgboss.job WHERE name = ${queue} ORDER BY created_on`;
}

/** The retry's time has come (instead of waiting minutes for it). */
function makeDue(queue: string) {
  return db().$executeRaw`
    UPDATE pgboss.job SET start_after = now() WHERE name = ${queue} AND state IN ('created', 'retry')`;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting, last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the mail server unreachable", () => {
  it("keeps the mail queued, retries with a delay, and delivers it once the server answers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // pg-boss reports the failed job
    const mailRow = (id: number) =>
      db().mail.findUniqueOrThrow({
        where: { id },
        select: { status: true, attempts: true, lastError: true },
      });
    const mailId = await queueMail({
      to: "bram@example.com",
      from: '"Hartklop" <noreply@hartklop.nl>',
      template: "test",
      subject: "Welkom terug",
      html: "<p>Hallo</p>",
      text: "Hallo",
    });

    // Nothing listens: refused at once, the job waits for its retry (30 s, growing).
    const refused = await until(
      () => mailRow(mailId),
      (m) => m.attempts >= 1,
    );
    expect(refused).toMatchObject({ status: "failed", attempts: 1 });
    expect(refused.lastError).toMatch(/ECONNREFUSED/);
    const [waiting] = await until(
      () => jobsIn(QUEUES.sendMail),
      (rows) => rows[0]?.state === "retry",
    );
    expect(waiting!.startAfter.getTime()).toBeGreaterThan(Date.now() + 15_000);

    // A server that accepts but never greets: the attempt gives up after SMTP_TIMEOUT_MS, not minutes.
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(smtpPort, "127.0.0.1", resolve));
    const started = Date.now();
    await makeDue(QUEUES.sendMail);
    const timedOut = await until(
      () => mailRow(mailId),
      (m) => m.attempts >= 2,
    );
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(timedOut.status).toBe("failed");
    expect(timedOut.lastError).toMatch(/greeting|timeout/i);
    await new Promise<void>((resolve) => {
      silent.close(() => resolve());
      for (const socket of held) socket.destroy();
    });

    // The mail server is back: the next try delivers the mail, once.
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        stream.on("data", () => {});
        stream.on("end", () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(","));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
    try {
      await until(
        () => jobsIn(QUEUES.sendMail),
        (rows) => rows[0]?.state === "retry",
      );
      await makeDue(QUEUES.sendMail);
      const sent = await until(
        () => mailRow(mailId),
        (m) => m.status === "sent",
      );
      expect(sent).toMatchObject({ attempts: 3, lastError: null });
      expect(received).toEqual(["bram@example.com"]);
      await until(
        () => jobsIn(QUEUES.sendMail),
        (rows) => rows[0]?.state === "completed",
      );
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      vi.mocked(console.error).mockRestore();
    }
  });
});

describe("a push service unreachable", () => {
  let up: PushService;
  let down: PushService;
  beforeAll(async () => {
    const certificate = pushServiceCertificate(await mkdtemp(path.join(os.tmpdir(), "push-ca-")));
    https.globalAgent.options.ca = [...rootCertificates, certificate.cert];
    [up, down] = [await startPushService(certificate), await startPushService(certificate)];
  });
  afterAll(async () => {
    await up.close();
    await down.close();
  });

  async function likedMemberWithDevices(services: PushService[]) {
    const [anna, bram] = [await createMember({ name: "Anna" }), await createMember()];
    // The login session that turned push on (a device's pushes end with it).
    const session = await db().session.create({
      data: { id: `push-${bram.userId}`, userId: bram.userId, expiresAt: new Date(Date.now() + 86_400_000) },
      select: { id: true },
    });
    const devices = [];
    for (const service of services) {
      const device = service.subscription();
      const row = await db().pushSubscription.create({
        data: { userId: bram.userId, sessionId: session.id, endpoint: device.endpoint, ...device.keys },
        select: { id: true },
      });
      devices.push({ ...device, id: row.id });
    }
    await db().like.create({ data: { likerId: anna.userId, likedId: bram.userId }, select: { id: true } });
    return { anna, bram, devices };
  }

  it("tries the device again later, only that one, and delivers once its service is back", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    await down.reachable(false);
    const { anna, bram, devices } = await likedMemberWithDevices([up, down]);
    const job = { likerId: anna.userId, likedId: bram.userId };

    expect(await pushForLike(job)).toEqual({ sent: 1, removed: 0, failed: 1 });
    expect(logged).toHaveBeenCalledWith(
      "push not sent",
      expect.objectContaining({ error: expect.stringContaining("ECONNREFUSED") }),
    );
    const [retry] = await jobsIn(QUEUES.pushRetry);
    expect(retry!.data).toEqual({ kind: "like", like: job, devices: [devices[1]!.id], attempt: 1 });
    expect(retry!.startAfter.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Back: the queue's worker sends it to the device that missed it, and nothing twice.
    await down.reachable(true);
    await makeDue(QUEUES.pushRetry);
    const [push] = await down.waitFor(1);
    expect(push!.payload).toMatchObject({ title: "Nieuwe like!", tag: expect.stringMatching(/^like-/) });
    await until(
      () => jobsIn(QUEUES.pushRetry),
      (rows) => rows.every((row) => row.state === "completed"),
    );
    expect(up.received).toHaveLength(1);
    expect(down.received).toHaveLength(1);
    expect(await jobsIn(QUEUES.pushRetry)).toHaveLength(1);
    logged.mockRestore();
  });

  it("still removes a device answered 410 on a retry, and gives up after the last try", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const { anna, bram, devices } = await likedMemberWithDevices([up]);
    const like = { likerId: anna.userId, likedId: bram.userId };
    const before = (await jobsIn(QUEUES.pushRetry)).length;
    up.answer(devices[0]!.endpoint, 503);
    expect(await pushForLike(like)).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(await jobsIn(QUEUES.pushRetry)).toHaveLength(before + 1);

    // The last (fifth) try failing queues nothing more.
    const last = { kind: "like" as const, like, devices: [devices[0]!.id], attempt: 5 };
    expect(await retryPush(last)).toMatchObject({ failed: 1 });
    expect(await jobsIn(QUEUES.pushRetry)).toHaveLength(before + 1);

    up.answer(devices[0]!.endpoint, 410);
    expect(await retryPush({ ...last, attempt: 1 })).toEqual({ sent: 0, removed: 1, failed: 0 });
    expect(await db().pushSubscription.count({ where: { userId: bram.userId } })).toBe(0);
    logged.mockRestore();
  });
});

describe("Mollie unreachable", () => {
  const network = mollieNetworkForSuite();
  const webhooks = routeSimulatorWebhooks();

  const member = (country = "NL") =>
    createMember({ country, region: null, signupDate: new Date(Date.now() - 86_400_000) });

  const paymentsOf = (buyer: Member) =>
    db().payment.findMany({
      where: { userId: buyer.userId },
      orderBy: { id: "asc" },
      select: { status: true, molliePaymentId: true },
    });

  const page = async (buyer: Member, packageId: number) =>
    runRoute<{ providerDown: boolean; methods: unknown[] }>(
      await siteRequest(`/credits/${packageId}`, buyer.userId),
      checkout.loader as never,
      { id: String(packageId) },
    );

  const pay = async (buyer: Member, packageId: number, method = "ideal") =>
    runRoute<{ error?: string }>(
      await siteRequest(`/credits/${packageId}`, buyer.userId, { form: { method } }),
      checkout.action as never,
      { id: String(packageId) },
    );

  it("says so on the checkout page, and starting a payment fails clearly with nothing left open", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    // Belgium: a purchase whose methods no earlier test asked Mollie for (nothing cached).
    const [buyer, creditPackage] = [await member("BE"), (await packagesFor(siteId, "EUR"))[1]!];
    network.set("refused");
    const cutBefore = network.cutOff;
    const shown = await page(buyer, creditPackage.id);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ providerDown: true, methods: [] });
    const refused = await pay(buyer, creditPackage.id, "bancontact");
    expect(refused).toMatchObject({ status: 502, body: { error: "providerError" } });
    expect(network.cutOff).toBeGreaterThan(cutBefore);
    expect(await paymentsOf(buyer)).toEqual([]);

    // The page's methods are known (asked while Mollie answered); creating the payment fails.
    network.set("up");
    expect((await page(buyer, creditPackage.id)).body).toMatchObject({ providerDown: false });
    network.set("refused");
    expect(await pay(buyer, creditPackage.id, "bancontact")).toMatchObject({
      status: 502,
      body: { error: "providerError" },
    });
    expect(await paymentsOf(buyer)).toEqual([{ status: "failed", molliePaymentId: null }]);

    // Mollie that accepts the connection and never answers: the same, after MOLLIE_TIMEOUT_MS.
    network.set("silent");
    const started = Date.now();
    expect(await pay(buyer, creditPackage.id, "bancontact")).toMatchObject({
      status: 502,
      body: { error: "providerError" },
    });
    expect(Date.now() - started).toBeLessThan(5_000);

    // Mollie is back: trying again starts one payment, the only open one.
    network.set("up");
    const retried = await pay(buyer, creditPackage.id, "bancontact");
    expect(retried.status).toBe(302);
    expect(retried.location).toMatch(/\/dev\/mollie\/checkout\/tr_\w+$/);
    const payments = await paymentsOf(buyer);
    expect(payments.map((p) => p.status)).toEqual(["failed", "failed", "open"]);
    logged.mockRestore();
  });

  it("shows the message in all seven languages", () => {
    for (const locale of SUPPORTED_LOCALES) {
      const t = translatorFor(locale);
      for (const key of ["payments:checkout.providerDown", "payments:checkout.errors.providerError"]) {
        expect(t(key), `${locale} ${key}`).not.toBe(key.split(":")[1]);
        expect(t(key).length, `${locale} ${key}`).toBeGreaterThan(20);
      }
    }
  });

  it("lets reconciliation settle a paid payment once Mollie answers again, crediting it once", async () => {
    const [buyer, creditPackage] = [await member(), (await packagesFor(siteId, "EUR"))[0]!];
    const creditsOf = async () =>
      (await db().user.findUniqueOrThrow({ where: { id: buyer.userId }, select: { credits: true } })).credits;
    const creditsBefore = await creditsOf();
    network.set("up");
    const started = await pay(buyer, creditPackage.id);
    const mollieId = /(tr_\w+)$/.exec(started.location ?? "")![1]!;
    webhooks.drop = true; // the buyer pays; the webhook never reaches us
    await completeSimulatedPayment(mollieId, "paid", 60_000);
    webhooks.drop = false;
    const later = new Date(Date.now() + 16 * 60_000);

    network.set("refused");
    await expect(reconcileOpenPayments(later)).rejects.toThrow();
    expect(await paymentsOf(buyer)).toEqual([{ status: "open", molliePaymentId: mollieId }]);

    network.set("up");
    expect(await reconcileOpenPayments(later)).toMatchObject({ credited: 1 });
    expect(await reconcileOpenPayments(later)).toMatchObject({ credited: 0 });
    expect(await paymentsOf(buyer)).toEqual([{ status: "paid", molliePaymentId: mollieId }]);
    expect(await creditsOf()).toBe(creditsBefore + creditPackage.credits);
  });
});

describe("the outside-service settings of the servers on one database", () => {
  const secret = "integration-test-secret-of-at-least-32-chars";
  const quiet = createLogger("silent");
  const recording = () => {
    const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
    const logger: Logger = { ...quiet, warn: (msg, fields) => warnings.push({ msg, fields }) };
    return { logger, warnings };
  };
  const other = (variables: Record<string, string>) => serviceSettings(parseEnv(variables), secret);

  it("keeps fingerprints, never the addresses, passwords or keys themselves", () => {
    const smtpUrl = "smtp://mailer:geheim-wachtwoord@mail.example:587";
    const key = `live_${"k".repeat(30)}`;
    const settings = other({
      SMTP_URL: smtpUrl,
      MOLLIE_API_KEY: key,
      SMS_URL: "https://sms.example/?token=t0ken",
    });
    const text = JSON.stringify(settings);
    for (const secretPart of ["geheim", "mailer", "mail.example", key, "t0ken", "sms.example"]) {
      expect(text).not.toContain(secretPart);
    }
    expect(settings.MOLLIE_API_KEY).toMatch(/^live:[0-9a-f]{16}$/);
    expect(other({})).toEqual({ SMTP_URL: "none", MOLLIE_API_KEY: "none", SMS_URL: "none" });
    // The same setting gives the same fingerprint on every server; another one a different one.
    expect(other({ SMTP_URL: smtpUrl }).SMTP_URL).toBe(settings.SMTP_URL);
    expect(other({ SMTP_URL: "smtp://mailer:ander@mail.example:587" }).SMTP_URL).not.toBe(settings.SMTP_URL);
  });

  it("warns at start naming the setting that differs from another running server's", async () => {
    await db().appServer.deleteMany();
    // A server of this installation without SMTP_URL (on the outbox), running; one that stopped
    // long ago had another Mollie key and no longer counts.
    await db().appServer.create({ data: { id: "outbox-server", settings: other({}) } });
    await db().appServer.create({
      data: {
        id: "stopped-server",
        settings: other({ SMTP_URL: env().SMTP_URL!, MOLLIE_API_KEY: `live_${"s".repeat(30)}` }),
        seenAt: new Date(Date.now() - 60 * 60_000),
      },
    });
    const first = recording();
    const started = await checkServiceSettings(env(), secret, first.logger);
    expect(first.warnings).toEqual([
      {
        msg: "outside-service settings differ from other running servers",
        fields: { settings: ["SMTP_URL"], servers: 1 },
      },
    ]);
    const ids = (await db().appServer.findMany({ select: { id: true } })).map((r) => r.id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain("outbox-server");
    expect(ids).not.toContain("stopped-server");
    await db().appServer.delete({ where: { id: "outbox-server" } });

    // A second server with the same settings starts without a warning.
    const second = recording();
    const alike = await checkServiceSettings(env(), secret, second.logger);
    expect(second.warnings).toEqual([]);
    // Stopping removes the server's row.
    await Promise.all([started.stop(), alike.stop()]);
    expect(await db().appServer.count()).toBe(0);
  });
});
