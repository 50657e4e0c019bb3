import { UNSUBSCRIBES_PER_IP } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import type { NotificationKey } from "~/domain/core/notification-preferences";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { verifyUnsubscribeToken } from "./unsubscribe-token.server";

export type UnsubscribeResult =
  { ok: true; key: NotificationKey } | { ok: false; error: "invalid" | "rateLimited" };

/**
 * A genuine token of an account that is gone counts against the limit per IP, so replaying harvested
 * links cannot keep the database busy. Forged or malformed tokens are refused by their signature
 * without the database and count nothing (docs/decisions/0007-abuse-limits.md); genuine links of
 * existing accounts are never limited: the signature is the proof, repeating one changes nothing,
 * and mail providers send the one-click unsubscribes of many members from a few servers.
 */
async function accountGone(ip: string): Promise<UnsubscribeResult> {
  return { ok: false, error: (await withinLimit(UNSUBSCRIBES_PER_IP, ip)) ? "invalid" : "rateLimited" };
}

/**
 * What a genuine unsubscribe token would turn off, for the page that asks first (a mail scanner
 * opening the link turns nothing off). Checked without the database; invalid for a forged or
 * malformed token.
 */
export function unsubscribeTopic(token: string): UnsubscribeResult {
  const claim = verifyUnsubscribeToken(token);
  return claim ? { ok: true, key: claim.key } : { ok: false, error: "invalid" };
}

/**
 * Turns off the one mail kind a genuine unsubscribe token names (no login: the signature is the
 * proof). Idempotent, so a genuine token is not rate-limited. Invalid for a forged or malformed token
 * (checked without the database), or an account that is gone (counted per IP).
 */
export async function unsubscribeByToken(token: string, ip: string): Promise<UnsubscribeResult> {
  const claim = verifyUnsubscribeToken(token);
  if (!claim) return { ok: false, error: "invalid" };
  const rows = await db().$queryRaw<{ id: number }[]>(Prisma.sql`
    UPDATE "User" SET "emailNotificationsOff" = CASE
        WHEN ${claim.key} = ANY("emailNotificationsOff") THEN "emailNotificationsOff"
        ELSE array_append("emailNotificationsOff", ${claim.key}) END
    WHERE id = ${claim.userId} AND "erasedAt" IS NULL
    RETURNING id`);
  return rows.length > 0 ? { ok: true, key: claim.key } : accountGone(ip);
}
