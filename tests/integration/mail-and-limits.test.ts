import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consumeVerification,
  createVerification,
  peekVerification,
} from "~/domain/accounts/verification.server";
import { mailDate, sendAccountMail } from "~/domain/notifications/account-mail.server";
import { deliverMail } from "~/domain/notifications/mail-delivery.server";
import { db } from "~/lib/db.server";
import { QUEUES, jobs, stopJobs } from "~/lib/jobs.server";
import { MailClaimedElsewhere, pruneMails } from "~/lib/mail.server";
import { outboxDir, outboxFile } from "../fixtures/mail-outbox";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { seedBaseData } from "../../prisma/seed/base-data";

const site = { name: "Hartklop", domain: "hartklop.nl" };

/**
 * An account mail as sendAccountMail queues it (its subject, HTML and text), in a transaction that
 * is then rolled back: nothing stays queued for the tests' mail worker.
 */
async function renderAccountMail(content: Omit<Parameters<typeof sendAccountMail>[0], "to">) {
  const rolledBack = new Error("rolled back");
  let mail: { subject: string; html: string; text: string } | undefined;
  await db()
    .$transaction(async (tx) => {
      const id = await sendAccountMail({ ...content, to: "gerenderd@example.com" }, tx);
      mail = await tx.mail.findUniqueOrThrow({
        where: { id },
        select: { subject: true, html: true, text: true },
      });
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return mail!;
}

describe("mail, one-time links and rate limits", () => {
  let userId: number;
  beforeAll(async () => {
    const sites = await seedBaseData(db());
    ({ id: userId } = await db().user.create({
      data: { siteId: sites.nl, email: "post@example.com" },
      select: { id: true },
    }));
  });
  afterAll(stopJobs);

  it("renders an account mail in the member's language as HTML and text, with site name and link", async () => {
    const nl = await renderAccountMail({
      kind: "activation",
      language: "nl",
      site,
      name: "Sanne",
      link: "https://hartklop.nl/activate?token=a&b",
    });
    expect(nl.subject).toBe("Bevestig je e-mailadres voor Hartklop");
    expect(nl.html).toContain('href="https://hartklop.nl/activate?token=a&amp;b"');
    // Anyone can type an address into the signup form: the mail greets without the typed name.
    expect(nl.html).toContain("<p>Hallo,</p>");
    expect(nl.text).not.toContain("Sanne");
    expect(nl.text).toContain("https://hartklop.nl/activate?token=a&b");
    expect(nl.text).toContain("hartklop.nl");
    const de = await renderAccountMail({
      kind: "activation",
      language: "de",
      site,
      name: "Sanne",
      link: "https://x",
    });
    expect(de.subject).not.toBe(nl.subject);
    const unsafe = await renderAccountMail({
      kind: "paymentReceipt",
      language: "nl",
      site,
      name: "<script>",
      link: "https://x",
    });
    expect(unsafe.html).toContain("Hallo &lt;script&gt;,");
    expect(unsafe.html).not.toContain("<script>");
  });

  it("tells a recipient to ignore a mail only when anyone could have asked for it", async () => {
    const ignoreIt = "Dan kun je deze e-mail negeren.";
    const footerOf = async (kind: "activation" | "resetPassword" | "emailChanged" | "paymentReceipt") =>
      (await renderAccountMail({ kind, language: "nl", site, name: "Sanne", link: "https://x" })).text;
    expect(await footerOf("activation")).toContain(ignoreIt);
    expect(await footerOf("resetPassword")).toContain(ignoreIt);
    // A changed address or a payment the recipient did not make calls for support, not for silence.
    for (const kind of ["emailChanged", "paymentReceipt"] as const) {
      expect(await footerOf(kind)).not.toContain(ignoreIt);
      expect(await footerOf(kind)).toContain(
        "Je ontvangt deze e-mail van Hartklop (hartklop.nl) omdat je daar een account hebt.",
      );
    }
  });

  it("writes the refund's credits in the singular or plural, and mail dates as the language does", async () => {
    const refund = async (count: number, language = "nl") =>
      (
        await renderAccountMail({
          kind: "refund",
          language,
          site,
          name: "Sanne",
          link: "https://x",
          values: { count, credits: count, amount: "€ 2,00", order: "7", date: "x" },
        })
      ).text;
    expect(await refund(1)).toContain("voor 1 ongebruikte credit van bestelling 7");
    expect(await refund(20)).toContain("voor 20 ongebruikte credits van bestelling 7");
    expect(await refund(1, "en")).toContain("for 1 unused credit of order 7");
    expect(await refund(3, "pl")).toContain("(3)");
    const paid = new Date("2026-03-04T23:30:00Z");
    expect(mailDate(paid, "nl", "Europe/Amsterdam")).toBe("5 maart 2026");
    expect(mailDate(paid, "de", "Europe/Berlin")).toBe("5. März 2026");
    expect(mailDate(paid, "en", "Europe/London")).toBe("March 4, 2026");
  });

  it("queues a mail, and the worker delivers it to the outbox as an .eml file", async () => {
    const boss = await jobs();
    const done = new Promise<void>((resolve) => {
      void boss.work<{ mailId: number; from: string }>(
        QUEUES.sendMail,
        { pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          await deliverMail(job!.data.mailId, job!.data.from);
          resolve();
        },
      );
    });
    const mailId = await sendAccountMail({
      kind: "resetPassword",
      to: "post@example.com",
      userId,
      language: "nl",
      site,
      name: "Sanne",
      link: "https://x/reset",
    });
    expect(
      (await db().mail.findUniqueOrThrow({ where: { id: mailId }, select: { status: true } })).status,
    ).toBe("queued");
    await done;
    const mail = await db().mail.findUniqueOrThrow({
      where: { id: mailId },
      select: { status: true, sentAt: true, attempts: true },
    });
    expect(mail).toMatchObject({ status: "sent", attempts: 1 });
    const eml = await readFile(outboxFile(mailId), "utf8");
    expect(eml).toContain("To: post@example.com");
    expect(eml).toContain("From: Hartklop <noreply@hartklop.nl>");
  });

  it("keeps a failed send visible so it can be retried", async () => {
    const mail = await db().mail.create({
      data: { to: "kapot@example.com", subject: "x", html: "<p>x</p>", text: "x", template: "test" },
      select: { id: true },
    });
    // The outbox folder cannot be created while a file stands in its place: the send fails.
    await rm(outboxDir(), { recursive: true, force: true });
    await writeFile(outboxDir(), "in the way");
    await expect(deliverMail(mail.id, '"Hartklop" <noreply@hartklop.nl>')).rejects.toThrow();
    const failed = await db().mail.findUniqueOrThrow({
      where: { id: mail.id },
      select: { status: true, attempts: true, lastError: true },
    });
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toBeTruthy();
    await rm(outboxDir());
    await deliverMail(mail.id, '"Hartklop" <noreply@hartklop.nl>');
    expect(
      (await db().mail.findUniqueOrThrow({ where: { id: mail.id }, select: { status: true } })).status,
    ).toBe("sent");
  });

  it("leaves a mail another worker is sending to that worker, and takes it over once that claim is stale", async () => {
    const mail = await db().mail.create({
      data: { to: "bezet@example.com", subject: "x", html: "<p>x</p>", text: "x", template: "test" },
      select: { id: true },
    });
    const claim = (ago: number) =>
      db()
        .$executeRaw`UPDATE "Mail" SET status = 'sending', "claimedAt" = now() - ${ago}::int * interval '1 millisecond' WHERE id = ${mail.id}`;
    const state = () =>
      db().mail.findUniqueOrThrow({ where: { id: mail.id }, select: { status: true, attempts: true } });
    await claim(60_000);
    await expect(deliverMail(mail.id, '"Hartklop" <noreply@hartklop.nl>')).rejects.toBeInstanceOf(
      MailClaimedElsewhere,
    );
    expect(await state()).toEqual({ status: "sending", attempts: 0 });
    await expect(readFile(outboxFile(mail.id))).rejects.toThrow(/ENOENT/);
    // The worker that claimed it stopped mid-send: its claim goes stale, the job's retry sends it.
    // A claim holds 10 minutes.
    await claim(10 * 60_000 + 1000);
    await deliverMail(mail.id, '"Hartklop" <noreply@hartklop.nl>');
    expect(await state()).toEqual({ status: "sent", attempts: 1 });
    expect(await readFile(outboxFile(mail.id), "utf8")).toContain("To: bezet@example.com");
  });

  it("keeps sent mails (and their live links) 3 days, and unsent ones 30 days with their content emptied", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const [SENT_MAIL_DAYS, UNSENT_MAIL_DAYS] = [3, 30];
    const mail = async (status: "queued" | "sending" | "sent" | "failed" | "skipped", createdAt: Date) => {
      const row = await db().mail.create({
        data: {
          to: "oud@example.com",
          subject: "Nieuw wachtwoord",
          html: '<a href="https://hartklop.nl/reset-password/do?token=live">reset</a>',
          text: "https://hartklop.nl/reset-password/do?token=live",
          template: "resetPassword",
          unsubscribeUrl: "https://hartklop.nl/unsubscribe/x",
          status,
          attempts: status === "queued" ? 0 : 1,
          lastError: status === "failed" ? "550 mailbox unavailable" : null,
          createdAt,
        },
        select: { id: true },
      });
      return row.id;
    };
    const sentOld = await mail("sent", daysAgo(SENT_MAIL_DAYS + 0.1));
    const sentNew = await mail("sent", daysAgo(SENT_MAIL_DAYS - 0.1));
    // Not sent because the member no longer wanted it: goes like a sent one.
    const skippedOld = await mail("skipped", daysAgo(SENT_MAIL_DAYS + 0.1));
    const failedOld = await mail("failed", daysAgo(SENT_MAIL_DAYS + 0.1));
    const queuedOld = await mail("queued", daysAgo(SENT_MAIL_DAYS + 0.1));
    const failedNew = await mail("failed", daysAgo(1));
    const failedAncient = await mail("failed", daysAgo(UNSENT_MAIL_DAYS + 0.1));
    // A worker stopped while sending it: kept and emptied like an unsent mail.
    const stuckOld = await mail("sending", daysAgo(SENT_MAIL_DAYS + 0.1));
    await mkdir(outboxDir(), { recursive: true });
    await writeFile(outboxFile(sentOld), "x");

    expect(await pruneMails(now)).toEqual({ deleted: 3, emptied: 3 });
    const left = await db().mail.findMany({
      where: {
        id: { in: [sentOld, sentNew, skippedOld, failedOld, queuedOld, failedNew, failedAncient, stuckOld] },
      },
      orderBy: { id: "asc" },
      select: { id: true, status: true, html: true, text: true, unsubscribeUrl: true, lastError: true },
    });
    expect(left.map((m) => m.id)).toEqual([sentNew, failedOld, queuedOld, failedNew, stuckOld]);
    const byId = new Map(left.map((m) => [m.id, m]));
    expect(byId.get(sentNew)!.html).toContain("token=live");
    expect(byId.get(failedNew)!.html).toContain("token=live");
    for (const id of [failedOld, queuedOld, stuckOld]) {
      expect(byId.get(id)).toMatchObject({ html: "", text: "", unsubscribeUrl: null });
    }
    expect(byId.get(failedOld)!.lastError).toBe("550 mailbox unavailable");
    await expect(readFile(outboxFile(sentOld))).rejects.toThrow(/ENOENT/);

    // An emptied mail is not sent any more, should its job still come.
    await deliverMail(queuedOld, '"Hartklop" <noreply@hartklop.nl>');
    expect(
      (await db().mail.findUniqueOrThrow({ where: { id: queuedOld }, select: { status: true } })).status,
    ).toBe("queued");
    expect(await pruneMails(now)).toEqual({ deleted: 0, emptied: 0 });
  });

  it("makes one-time links that work once, for their own purpose, until they expire", async () => {
    const token = await createVerification({ type: "activation", userId, target: "post@example.com" });
    const stored = await db().verification.findFirstOrThrow({
      where: { userId, type: "activation" },
      select: { tokenHash: true },
    });
    expect(stored.tokenHash).not.toContain(token);
    expect(await consumeVerification("reset_password", token)).toBeNull();
    expect(await peekVerification("activation", token)).toEqual({ userId, target: "post@example.com" });
    expect(await consumeVerification("activation", token)).toEqual({ userId, target: "post@example.com" });
    expect(await consumeVerification("activation", token)).toBeNull();
    const expired = await createVerification({ type: "reset_password", userId, target: "post@example.com" });
    await db().verification.updateMany({
      where: { type: "reset_password" },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect(await consumeVerification("reset_password", expired)).toBeNull();
    expect(await consumeVerification("activation", "")).toBeNull();
  });

  it("limits hits per key within the window, shared through the database", async () => {
    const limit = { limit: 3, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 6 }, () => hitRateLimit("test:ip:1", limit)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect((await hitRateLimit("test:ip:2", limit)).allowed).toBe(true);
    await db().rateLimitHit.updateMany({
      where: { key: "test:ip:1" },
      data: { createdAt: new Date(Date.now() - 120_000) },
    });
    expect((await hitRateLimit("test:ip:1", limit)).allowed).toBe(true);
  });
});
