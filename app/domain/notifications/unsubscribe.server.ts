import type { NotificationKey } from "~/domain/accounts/notification-preferences";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { verifyUnsubscribeToken } from "./unsubscribe-token.server";

/**
 * Turns off the one mail kind a genuine unsubscribe token names (no login: the signature is the
 * proof). Idempotent. Null for a forged or malformed token, or an account that is gone.
 */
export async function unsubscribeByToken(token: string): Promise<{ key: NotificationKey } | null> {
  const claim = verifyUnsubscribeToken(token);
  if (!claim) return null;
  const rows = await db().$queryRaw<{ id: number }[]>(Prisma.sql`
    UPDATE "User" SET "emailNotificationsOff" = CASE
        WHEN ${claim.key} = ANY("emailNotificationsOff") THEN "emailNotificationsOff"
        ELSE array_append("emailNotificationsOff", ${claim.key}) END
    WHERE id = ${claim.userId} AND "erasedAt" IS NULL
    RETURNING id`);
  return rows.length > 0 ? { key: claim.key } : null;
}
