import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type PgBoss from "pg-boss";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "./db.server";
import { env, standInsAllowed } from "./env.server";
import { QUEUES, jobs } from "./jobs.server";

export interface OutgoingMail {
  userId?: number | null;
  to: string;
  from: string;
  template: string;
  subject: string;
  html: string;
  text: string;
  /** A notification mail's one-click unsubscribe address: delivered as List-Unsubscribe (RFC 8058). */
  unsubscribeUrl?: string | null;
}

/** The outbox stands in for the mail service when no SMTP_URL is configured, where stand-ins may run. */
export function outboxEnabled(): boolean {
  return !env().SMTP_URL && standInsAllowed();
}

let transport: Transporter | undefined;
function mailTransport(): Transporter {
  if (!env().SMTP_URL && !standInsAllowed()) {
    throw new Error("SMTP_URL is not set and stand-ins are not allowed: the mail stays queued");
  }
  const { SMTP_URL, SMTP_TIMEOUT_MS } = env();
  // nodemailer waits minutes by default; a mail server that does not answer fails the job, which retries.
  transport ??= SMTP_URL
    ? nodemailer.createTransport({
        url: SMTP_URL,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transport;
}

export function outboxDir() {
  return path.join(env().DATA_DIR, "outbox");
}

/**
 * pg-boss's statements on a Prisma transaction's connection: a job sent through it exists only once
 * the transaction commits, and is gone with it if the transaction rolls back.
 */
function inTransaction(tx: Prisma.TransactionClient): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({
      rows: await tx.$queryRawUnsafe<unknown[]>(
        text,
        // pg sends objects (the job's data) as JSON; Prisma's raw parameters must be JSON text.
        ...values.map((value: unknown) =>
          value !== null && typeof value === "object" && !(value instanceof Date)
            ? JSON.stringify(value)
            : value,
        ),
      ),
    }),
  };
}

/**
 * Stores the mail and queues its delivery; a failed send stays visible and is retried. With `tx`
 * both happen in that transaction, so a batch job can mark a member as mailed in the same commit as
 * the mail (a retry then neither skips nor repeats anyone).
 */
export async function queueMail(mail: OutgoingMail, tx?: Prisma.TransactionClient): Promise<number> {
  const { from, ...row } = mail;
  const created = await (tx ?? db()).mail.create({
    data: { ...row, lastError: null },
    select: { id: true },
  });
  const boss = await jobs();
  await boss.send(QUEUES.sendMail, { mailId: created.id, from }, tx ? { db: inTransaction(tx) } : {});
  return created.id;
}

/** RFC 8058 one-click unsubscribe: mail providers POST "List-Unsubscribe=One-Click" to the address. */
export function unsubscribeHeaders(url: string) {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Sends one stored mail (the job handler); throws on failure so the queue retries it. */
export async function deliverMail(mailId: number, from: string) {
  const mail = await db().mail.findUnique({
    where: { id: mailId },
    select: { id: true, to: true, subject: true, html: true, text: true, status: true, unsubscribeUrl: true },
  });
  if (!mail || mail.status === "sent") return;
  try {
    const info = await mailTransport().sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(mail.unsubscribeUrl ? { headers: unsubscribeHeaders(mail.unsubscribeUrl) } : {}),
    });
    if (outboxEnabled()) {
      await mkdir(outboxDir(), { recursive: true });
      await writeFile(path.join(outboxDir(), `${mail.id}.eml`), info.message as Buffer);
    }
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
