// Text messages (the direct debit's SMS code). With SMS_URL they go to the provider's HTTP API;
// otherwise, where stand-ins are allowed (the embedded database, STANDINS=true), they stay in the
// SmsMessage table, shown at /dev/sms beside the mail outbox. Every text leaves a row; a secret in
// it (the code) is kept only in the outbox, never in the row of a text the provider sent.
import { db } from "./db.server";
import { env, standInsAllowed } from "./env.server";
import { logger } from "~/lib/logger.server";

const PROVIDER_TIMEOUT_MS = 10_000;

/** Whether texts go to the local SMS outbox (/dev/sms) rather than to a provider. */
export function smsOutboxEnabled(): boolean {
  return !env().SMS_URL && standInsAllowed();
}

interface Sms {
  /** E.164, e.g. +31612345678. */
  to: string;
  body: string;
  /** The sender: SMS_FROM, else this (the site's name), shortened to what phones show. */
  from?: string;
  /** Part of the body not to keep in the database once the provider has the text (a code). */
  secret?: string;
}

/** An alphanumeric sender is at most 11 letters and digits. */
function originator(from: string | undefined) {
  const configured = env().SMS_FROM;
  if (configured) return configured;
  const name = (from ?? "")
    .replace(/[^A-Za-z0-9 ]/g, "")
    .trim()
    .slice(0, 11)
    .trim();
  return name || "Info";
}

async function postToProvider(url: string, sms: Sms) {
  const apiKey = env().SMS_API_KEY;
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      ...(apiKey ? { Authorization: `AccessKey ${apiKey}` } : {}),
    },
    body: JSON.stringify({
      originator: originator(sms.from),
      recipients: [sms.to.replace(/^\+/, "")],
      body: sms.body,
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
}

/**
 * Sends a text: to the provider when SMS_URL is set, otherwise into the outbox. False when it could
 * not be sent (provider error, or neither a provider nor the outbox is available).
 */
export async function sendSms(sms: Sms): Promise<boolean> {
  const url = env().SMS_URL;
  const kept = url && sms.secret ? sms.body.split(sms.secret).join("•".repeat(sms.secret.length)) : sms.body;
  const row = await db().smsMessage.create({ data: { to: sms.to, body: kept }, select: { id: true } });
  const done = (status: "sent" | "failed", lastError: string | null) =>
    db().smsMessage.update({
      where: { id: row.id },
      data: { status, lastError, sentAt: status === "sent" ? new Date() : null },
      select: { id: true },
    });
  if (!url) {
    if (smsOutboxEnabled()) {
      await done("sent", null);
      return true;
    }
    await done("failed", "SMS_URL is not set");
    logger.error("sms not sent: SMS_URL is not set", { smsId: row.id });
    return false;
  }
  try {
    await postToProvider(url, sms);
    await done("sent", null);
    return true;
  } catch (error) {
    await done("failed", String(error));
    logger.error("sms provider", { smsId: row.id, error: String(error) });
    return false;
  }
}
