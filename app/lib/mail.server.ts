import nodemailer, { type Transporter } from "nodemailer";
import type { MailTransport, Prisma } from "~/generated/prisma/client";
import { db } from "./db.server";
import { env, standInsAllowed } from "./env.server";
import { QUEUES, jobs, jobsInTransaction } from "./jobs.server";
import { logger } from "~/lib/logger.server";

interface OutgoingMail {
  userId?: number | null;
  to: string;
  from: string;
  template: string;
  subject: string;
  html: string;
  text: string;
  /** A notification mail's one-click unsubscribe address: delivered as List-Unsubscribe (RFC 8058). */
  unsubscribeUrl?: string | null;
  /**
   * A notification mail's preference: when the mail is sent, the sender's `stillWanted` check may
   * skip it (status skipped); an account mail has none.
   */
  notificationKey?: string | null;
  /** Its place in the queue: MAIL_PRIORITY (higher first, then oldest first). */
  priority?: number;
}

/**
 * Send-mail jobs are taken highest priority first (pg-boss `priority`): a mail a member waits for
 * (activation, password reset, e-mail change…) never queues behind a mailing to every member.
 */
export const MAIL_PRIORITY = {
  /** About the member's account, often awaited right now. */
  account: 20,
  /** About something that just happened to the member (a message, a like). */
  notification: 10,
  /** To many members at once (weekly updates, reminders, staff mailings). */
  bulk: 0,
} as const;

/** The outbox stands in for the mail service when no SMTP_URL is configured, where stand-ins may run. */
export function outboxEnabled(): boolean {
  return !env().SMTP_URL && standInsAllowed();
}

/**
 * How this process sends mail: over SMTP_URL, else into the outbox. A process without either (no
 * SMTP_URL where stand-ins may not run) counts as SMTP: its mails wait for a server that has it.
 */
function ownMailTransport(): MailTransport {
  return outboxEnabled() ? "outbox" : "smtp";
}

/** One nodemailer transport per kind, so an outbox mail never goes out through the SMTP one. */
const transports = new Map<MailTransport, Transporter>();
function mailTransport(): Transporter {
  if (!env().SMTP_URL && !standInsAllowed()) {
    throw new Error("SMTP_URL is not set and stand-ins are not allowed: the mail stays queued");
  }
  const { SMTP_URL, SMTP_TIMEOUT_MS } = env();
  const kind = ownMailTransport();
  // nodemailer waits minutes by default; a mail server that does not answer fails the job, which retries.
  const transport =
    transports.get(kind) ??
    (SMTP_URL
      ? nodemailer.createTransport({
          url: SMTP_URL,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
  transports.set(kind, transport);
  return transport;
}

/** What the outbox (a stand-in, app/stand-ins/mail-outbox.server.ts) keeps of each mail sent into it. */
export interface OutboxFiles {
  /** Keeps the sent message; a failure fails the send, which is retried. */
  keep(mailId: number, message: Buffer): Promise<void>;
  /** Removes the kept messages of pruned mails. */
  remove(mailIds: number[]): Promise<void>;
}

let outboxFiles: OutboxFiles | undefined;

/**
 * Hands the outbox's files to this module: done by whoever starts the process (server/main.ts, the
 * test setup), as lib does not know the stand-ins.
 */
export function setOutboxFiles(files: OutboxFiles) {
  outboxFiles = files;
}

/**
 * Stores the mail and queues its delivery; a failed send stays visible and is retried. With `tx`
 * both happen in that transaction, so a batch job can mark a member as mailed in the same commit as
 * the mail (a retry then neither skips nor repeats anyone). The mail keeps this process's transport:
 * asked for on a server with SMTP it goes out over SMTP, never into another server's outbox.
 */
export async function queueMail(mail: OutgoingMail, tx?: Prisma.TransactionClient): Promise<number> {
  const { from, priority = MAIL_PRIORITY.account, ...row } = mail;
  const created = await (tx ?? db()).mail.create({
    data: { ...row, lastError: null, transport: ownMailTransport() },
    select: { id: true },
  });
  const boss = await jobs();
  await boss.send(
    QUEUES.sendMail,
    { mailId: created.id, from },
    { priority, ...(tx ? { db: jobsInTransaction(tx) } : {}) },
  );
  return created.id;
}

/** RFC 8058 one-click unsubscribe: mail providers POST "List-Unsubscribe=One-Click" to the address. */
function unsubscribeHeaders(url: string) {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * How long a worker's claim on a mail holds (status `sending`). A send takes seconds (nodemailer
 * gives up after SMTP_TIMEOUT_MS per step); a claim older than this belongs to a worker that
 * stopped mid-send, and another worker may take the mail over.
 */
const MAIL_CLAIM_MS = 10 * 60_000;

/** Another worker is sending this mail now: the job fails and is retried, by then it is sent. */
export class MailClaimedElsewhere extends Error {
  constructor(mailId: number) {
    super(`mail ${mailId} is being sent by another worker`);
  }
}

interface ClaimedMail {
  id: number;
  userId: number | null;
  notificationKey: string | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string | null;
}

/**
 * Claims a mail for sending in one statement: only a queued or failed mail, or one whose claim is
 * stale, so two workers (a batch pg-boss expired and handed out again while the first worker still
 * sends it) never both send it; and only one queued for this process's transport (`transport`).
 * A mail emptied by pruneMails is days old: its links have expired, it is not claimed.
 */
async function claimMail(mailId: number, transport: MailTransport): Promise<ClaimedMail | null> {
  const [mail] = await db().$queryRaw<ClaimedMail[]>`
    UPDATE "Mail" SET status = 'sending', "claimedAt" = now(), transport = ${transport}::"MailTransport"
    WHERE id = ${mailId} AND (html <> '' OR text <> '')
      AND (transport IS NULL OR transport = ${transport}::"MailTransport")
      AND (status IN ('queued', 'failed')
        OR (status = 'sending' AND "claimedAt" < now() - ${MAIL_CLAIM_MS}::int * interval '1 millisecond'))
    RETURNING id, "userId", "notificationKey", "to", subject, html, text, "unsubscribeUrl"`;
  return mail ?? null;
}

/**
 * How long a mail queued for the other transport waits before its job is offered again: its job
 * came to a server that cannot send it (mixed servers on one database), and pg-boss hands the next
 * one to any worker, in time to one with the mail's transport.
 */
const OTHER_TRANSPORT_DELAY_S = 30;

/** The stored mail a `stillWanted` check decides on. */
export interface MailToSend {
  userId: number | null;
  notificationKey: string | null;
}

/**
 * Sends one stored mail (the job handler); throws on failure so the queue retries it. A mail sent
 * already (or emptied) is left alone; one that another worker is sending throws MailClaimedElsewhere,
 * so the job's retry sends it should that worker have stopped. A mail that `stillWanted` turns down
 * (a notification its member no longer wants) is marked skipped instead of sent. A mail queued on a
 * server with the other transport is left queued for such a server.
 */
export async function deliverMail(
  mailId: number,
  from: string,
  stillWanted: (mail: MailToSend) => Promise<boolean>,
) {
  const own = ownMailTransport();
  const mail = await claimMail(mailId, own);
  if (!mail) {
    const current = await db().mail.findUnique({
      where: { id: mailId },
      select: { status: true, transport: true, html: true, text: true },
    });
    if (current?.status === "sending") throw new MailClaimedElsewhere(mailId);
    const waiting = current && (current.status === "queued" || current.status === "failed");
    const other = current?.transport && current.transport !== own;
    if (waiting && other && (current.html !== "" || current.text !== "")) {
      // Not ours to send: a new job (this one ends, it is no failure) keeps it queued until a server
      // with its transport takes it; a mail emptied by pruneMails (days later) ends this.
      const boss = await jobs();
      await boss.send(
        QUEUES.sendMail,
        { mailId, from },
        { priority: MAIL_PRIORITY.account, startAfter: OTHER_TRANSPORT_DELAY_S },
      );
      logger.warn("mail left for a server with its transport", { mailId, transport: current.transport, own });
    }
    return;
  }
  if (!(await stillWanted(mail))) {
    await db().mail.update({ where: { id: mail.id }, data: { status: "skipped" }, select: { id: true } });
    return;
  }
  try {
    const info = await mailTransport().sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(mail.unsubscribeUrl ? { headers: unsubscribeHeaders(mail.unsubscribeUrl) } : {}),
    });
    if (outboxEnabled()) await outboxFiles?.keep(mail.id, info.message as Buffer);
    await db().mail.update({
      where: { id: mail.id },
      data: { status: "sent", sentAt: new Date(), attempts: { increment: 1 }, lastError: null },
      select: { id: true },
    });
  } catch (error) {
    await db().mail.update({
      where: { id: mail.id },
      data: { status: "failed", attempts: { increment: 1 }, lastError: String(error) },
      select: { id: true },
    });
    throw error;
  }
}

/**
 * Days a sent mail is kept. Mails hold live links (password reset, reactivation, e-mail change), so
 * they are not kept for long; the outbox and tests only read fresh ones, and the few days cover a
 * member asking about a mail just sent.
 */
const SENT_MAIL_DAYS = 3;
/**
 * Days the row of a mail that was never sent (failed, or still queued) is kept: its address, subject,
 * attempts and last error, to find out why. Its content and unsubscribe address are emptied after
 * SENT_MAIL_DAYS like a sent mail's (by then its retries, about an hour, are long over).
 */
const UNSENT_MAIL_DAYS = 30;
const PRUNE_CHUNK = 5_000;

/**
 * The maintenance job's part for the Mail table, in chunks (each a short statement, by the
 * (status, createdAt) index): sent (and skipped) mails older than SENT_MAIL_DAYS are deleted, with
 * their outbox file; unsent ones are emptied then and deleted after UNSENT_MAIL_DAYS.
 */
export async function pruneMails(now = new Date()): Promise<{ deleted: number; emptied: number }> {
  const sentBefore = new Date(now.getTime() - SENT_MAIL_DAYS * 86_400_000);
  const unsentBefore = new Date(now.getTime() - UNSENT_MAIL_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const rows = await db().$queryRaw<{ id: number }[]>`
      DELETE FROM "Mail" WHERE id IN (
        SELECT id FROM "Mail"
        WHERE (status IN ('sent', 'skipped') AND "createdAt" < ${sentBefore})
           OR (status IN ('queued', 'sending', 'failed') AND "createdAt" < ${unsentBefore})
        LIMIT ${PRUNE_CHUNK})
      RETURNING id`;
    deleted += rows.length;
    if (outboxEnabled()) await outboxFiles?.remove(rows.map(({ id }) => id));
    if (rows.length < PRUNE_CHUNK) break;
  }
  let emptied = 0;
  for (;;) {
    const count = await db().$executeRaw`
      UPDATE "Mail" SET html = '', text = '', "unsubscribeUrl" = NULL WHERE id IN (
        SELECT id FROM "Mail"
        WHERE status IN ('queued', 'sending', 'failed') AND "createdAt" < ${sentBefore} AND (html <> '' OR text <> '')
        LIMIT ${PRUNE_CHUNK})`;
    emptied += count;
    if (count < PRUNE_CHUNK) break;
  }
  return { deleted, emptied };
}
