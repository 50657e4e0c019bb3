import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import type { NotificationsDisabledReason } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";

/** One event from the mail provider (README "Bounces and complaints"); unknown extra fields are ignored. */
const mailEvent = z.object({
  type: z.enum(["bounce", "complaint", "unsubscribe"]),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  /** Bounces only: a soft (temporary) bounce stops nothing. Absent means hard. */
  hard: z.boolean().optional(),
});
export const mailEventsSchema = z.union([mailEvent, z.array(mailEvent).min(1).max(1000)]);
type MailEvent = z.infer<typeof mailEvent>;

const REASONS: Record<MailEvent["type"], NotificationsDisabledReason> = {
  bounce: "bounce",
  complaint: "fbl",
  unsubscribe: "listunsubscribe",
};

/** Whether the request carries the secret (`Authorization: Bearer …`, or Basic with it as password), in constant time. */
export function hasMailEventsSecret(authorization: string | null, secret: string): boolean {
  if (!authorization) return false;
  const [scheme, value = ""] = authorization.split(" ", 2);
  let given = value;
  if (scheme?.toLowerCase() === "basic") {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    given = decoded.slice(decoded.indexOf(":") + 1);
  } else if (scheme?.toLowerCase() !== "bearer") {
    return false;
  }
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * Adds the event's reason to `notificationsDisabled` of every account with that address (on every
 * site), which stops all notification mail; the alert explaining it shows again. Returns the
 * number of accounts changed.
 */
export async function applyMailEvents(events: MailEvent[]): Promise<number> {
  const sites = await db().site.findMany({ select: { id: true } });
  const siteIds = sites.map((s) => s.id);
  let changed = 0;
  for (const event of events) {
    if (event.type === "bounce" && event.hard === false) continue;
    const reason = REASONS[event.type];
    // By (siteId, email): the unique index, one probe per site.
    changed += await db().$executeRaw(Prisma.sql`
      UPDATE "User" SET "notificationsDisabled" = array_append("notificationsDisabled", ${reason}::"NotificationsDisabledReason"),
        "notificationsAlertDismissedAt" = NULL
      WHERE "siteId" = ANY(${siteIds}::int[]) AND email = ${event.email}
        AND NOT (${reason}::"NotificationsDisabledReason" = ANY("notificationsDisabled"))`);
  }
  return changed;
}
