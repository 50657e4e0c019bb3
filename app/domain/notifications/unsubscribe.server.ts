import { UNSUBSCRIBES_PER_IP } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import type { NotificationKey } from "~/domain/accounts/notification-preferences";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { verifyUnsubscribeToken } from "./unsubscribe-token.server";

export type UnsubscribeResult =
  { ok: true; key: NotificationKey } | { ok: false; error: "invalid" | "rateLimited" };

/**
 * Turns off the one mail kind a genuine unsubscribe token names (no login: the signature is the
 * proof). Idempotent. Invalid for a forged or malformed token (checked without the database), or an
 * account that is gone. Genuine links count against the limit per IP, so replaying harvested links
 * cannot keep the database busy.
 */
export async function unsubscribeByToken(token: string, ip: string): Promise<UnsubscribeResult> {
  const claim = verifyUnsubscribeToken(token);
  if (!claim) return { ok: false, error: "invalid" };
  if (!(await withinLimit(UNSUBSCRIBES_PER_IP, ip))) return { ok: false, error: "rateLimited" };
  const rows = await db().$queryRaw<{ id: number }[]>(Prisma.sql`
    UPDATE "User" SET "emailNotificationsOff" = CASE
        WHEN ${claim.key} = ANY("emailNotificationsOff") THEN "emailNotificationsOff"
        ELSE array_append("emailNotificationsOff", ${claim.key}) END
    WHERE id = ${claim.userId} AND "erasedAt" IS NULL
    RETURNING id`);
  return rows.length > 0 ? { ok: true, key: claim.key } : { ok: false, error: "invalid" };
}
