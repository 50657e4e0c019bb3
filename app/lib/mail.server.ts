import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
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

/** Stores the mail and queues its delivery; a failed send stays visible and is retried. */
export async function queueMail(mail: OutgoingMail): Promise<number> {
  const { from, ...row } = mail;
  const created = await db().mail.create({ data: { ...row, lastError: null }, select: { id: true } });
  const boss = await jobs();
  await boss.send(QUEUES.sendMail, { mailId: created.id, from });
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
