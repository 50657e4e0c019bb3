import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/databases";

// With SMTP_URL set, mail goes to that server and the local outbox is off.
const received: { from: string; to: string[]; body: string }[] = [];
/** An address the relay refuses (550 at RCPT TO), as for a mailbox that does not exist. */
const REFUSED = "bestaat-niet@example.com";
/** An address the relay takes its time to accept. */
const SLOW = "traag@example.com";
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onRcptTo(address, _session, callback) {
    if (address.address === REFUSED) {
      callback(Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 }));
    } else callback();
  },
  onData(stream, session, callback) {
    let body = "";
    stream.on("data", (chunk: Buffer) => (body += chunk.toString()));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to, body });
      // A slow relay: accepting takes a moment, long enough for a second worker to start.
      if (to.includes(SLOW)) setTimeout(callback, 300);
      else callback();
    });
  },
});

describe("real mail over SMTP_URL", () => {
  beforeAll(async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("sends through the SMTP server and marks the mail sent", async () => {
    const { db } = await import("~/lib/db.server");
    const { outboxEnabled } = await import("~/lib/mail.server");
    const { deliverMail } = await import("~/domain/notifications/mail-delivery.server");
    expect(outboxEnabled()).toBe(false);
    const mail = await db().mail.create({
      data: {
        to: "echt@example.com",
        subject: "Welkom",
        html: "<p>Hallo</p>",
        text: "Hallo",
        template: "test",
      },
      select: { id: true },
    });
    await deliverMail(mail.id, '"Hartklop" <noreply@hartklop.nl>');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: "noreply@hartklop.nl", to: ["echt@example.com"] });
    expect(received[0]!.body).toContain("Subject: Welkom");
    // Queued before the transport was recorded: sent by this process, which records its own.
    expect(
      await db().mail.findUniqueOrThrow({
        where: { id: mail.id },
        select: { status: true, transport: true },
      }),
    ).toEqual({ status: "sent", transport: "smtp" });
  });

  it("sends a mail once when two workers get its job at the same time (a batch handed out again)", async () => {
    const { db } = await import("~/lib/db.server");
    const { MailClaimedElsewhere } = await import("~/lib/mail.server");
    const { deliverMail } = await import("~/domain/notifications/mail-delivery.server");
    const mail = await db().mail.create({
      data: { to: SLOW, subject: "Eén keer", html: "<p>Hallo</p>", text: "Hallo", template: "test" },
      select: { id: true },
    });
    const outcomes = await Promise.allSettled([
      deliverMail(mail.id, '"Hartklop" <noreply@hartklop.nl>'),
      deliverMail(mail.id, '"Hartklop" <noreply@hartklop.nl>'),
    ]);
    expect(received.filter((m) => m.to.includes(SLOW))).toHaveLength(1);
    // The second worker's job fails and is retried: by then the mail is sent, and it stays sent once.
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(MailClaimedElsewhere);
    await deliverMail(mail.id, '"Hartklop" <noreply@hartklop.nl>');
    expect(received.filter((m) => m.to.includes(SLOW))).toHaveLength(1);
    expect(
      await db().mail.findUniqueOrThrow({ where: { id: mail.id }, select: { status: true, attempts: true } }),
    ).toEqual({ status: "sent", attempts: 1 });
  });

  it("answers 404 on /dev/outbox, also to staff", async () => {
    const { loader } = await import("~/stand-ins/routes/dev.outbox");
    const { createMember } = await import("../fixtures/members");
    const { seedBaseData } = await import("../../prisma/seed/base-data");
    await seedBaseData((await import("~/lib/db.server")).db());
    const { runRoute, siteRequest } = await import("../fixtures/run-route");
    const staff = await createMember({ role: "admin" });
    for (const userId of [null, staff.userId]) {
      expect((await runRoute(await siteRequest("/dev/outbox", userId), loader as never)).status).toBe(404);
    }
  });

  it("sends a mail only by the transport of the server it was asked for on (SMTP or outbox)", async () => {
    const { existsSync } = await import("node:fs");
    const { db } = await import("~/lib/db.server");
    const { env } = await import("~/lib/env.server");
    const { QUEUES } = await import("~/lib/jobs.server");
    const { queueMail } = await import("~/lib/mail.server");
    const { outboxFile } = await import("../fixtures/mail-outbox");
    const { deliverMail } = await import("~/domain/notifications/mail-delivery.server");
    const from = '"Hartklop" <noreply@hartklop.nl>';
    const smtpUrl = env().SMTP_URL;
    /** As a server of the same installation without SMTP_URL (STANDINS=true: the outbox). */
    const onOutboxServer = async <T>(run: () => Promise<T>) => {
      Object.assign(env(), { SMTP_URL: undefined });
      try {
        return await run();
      } finally {
        Object.assign(env(), { SMTP_URL: smtpUrl });
      }
    };
    const row = (id: number) =>
      db().mail.findUniqueOrThrow({ where: { id }, select: { status: true, transport: true } });
    const jobsOf = (id: number) =>
      db().$queryRaw<{ due: boolean }[]>`
        SELECT start_after <= now() AS due FROM pgboss.job
        WHERE name = ${QUEUES.sendMail} AND (data->>'mailId')::int = ${id} ORDER BY created_on`;
    const mail = (to: string) =>
      queueMail({ to, from, template: "reset", subject: "Wachtwoord", html: "<p>Link</p>", text: "Link" });

    // A password reset asked for on this (SMTP) server; its job reaches the server without SMTP.
    const real = await mail("reset@example.com");
    expect(await row(real)).toEqual({ status: "queued", transport: "smtp" });
    await onOutboxServer(() => deliverMail(real, from));
    expect(await row(real)).toEqual({ status: "queued", transport: "smtp" });
    expect(existsSync(outboxFile(real))).toBe(false);
    // Not lost: offered again a little later, for a server with SMTP.
    expect(await jobsOf(real)).toEqual([{ due: true }, { due: false }]);
    await deliverMail(real, from);
    expect(await row(real)).toEqual({ status: "sent", transport: "smtp" });
    expect(received.filter((m) => m.to.includes("reset@example.com"))).toHaveLength(1);

    // And the other way round: a mail of the outbox server never goes out over SMTP.
    const local = await onOutboxServer(() => mail("lokaal@example.com"));
    expect(await row(local)).toEqual({ status: "queued", transport: "outbox" });
    await deliverMail(local, from);
    expect(await row(local)).toEqual({ status: "queued", transport: "outbox" });
    expect(received.filter((m) => m.to.includes("lokaal@example.com"))).toEqual([]);
    await onOutboxServer(() => deliverMail(local, from));
    expect(await row(local)).toEqual({ status: "sent", transport: "outbox" });
    expect(existsSync(outboxFile(local))).toBe(true);
  });

  it("fails only the job of a refused address; the other mails of its batch go out", async () => {
    const { db } = await import("~/lib/db.server");
    const { QUEUES, stopJobs } = await import("~/lib/jobs.server");
    const { queueMail } = await import("~/lib/mail.server");
    const { createLogger } = await import("~/lib/logger.server");
    const { startWorkers } = await import("../../server/workers");
    const mail = (to: string) =>
      queueMail({
        to,
        from: '"Hartklop" <noreply@hartklop.nl>',
        template: "test",
        subject: "In één portie",
        html: "<p>Hallo</p>",
        text: "Hallo",
      });
    // Queued before the worker starts, so its first batch holds all three (in no set order).
    const refused = await mail(REFUSED);
    const others = [await mail("een@example.com"), await mail("twee@example.com")];
    const workers = await startWorkers(createLogger("silent"));
    try {
      const jobStates = async () => {
        const rows = await db().$queryRaw<{ mailId: number; state: string }[]>`
          SELECT (data->>'mailId')::int AS "mailId", state::text FROM pgboss.job
          WHERE name = ${QUEUES.sendMail} AND (data->>'mailId')::int = ANY(${[refused, ...others]})`;
        return Object.fromEntries(rows.map((row) => [row.mailId, row.state]));
      };
      // Only the refused mail's job waits for its retry; the others' jobs are done, not repeated.
      await expect
        .poll(jobStates, { timeout: 15_000 })
        .toEqual({ [refused]: "retry", [others[0]!]: "completed", [others[1]!]: "completed" });
      const statuses = await db().mail.findMany({
        where: { id: { in: [refused, ...others] } },
        orderBy: { id: "asc" },
        select: { status: true },
      });
      expect(statuses.map((m) => m.status)).toEqual(["failed", "sent", "sent"]);
      expect(received.filter((m) => m.to.includes(REFUSED))).toEqual([]);
    } finally {
      await workers.stop();
      await stopJobs();
    }
  });
});
