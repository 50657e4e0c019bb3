import { randomBytes } from "node:crypto";
import { db } from "~/lib/db.server";
import { TAB_FRESH_MS } from "./presence.server";

/** A tab's own id, kept in its sessionStorage and sent with its stream and its page-hidden beacon. */
const TAB_ID = /^[\w-]{8,40}$/;

export function parseTabId(value: string | null | undefined): string | null {
  return value && TAB_ID.test(value) ? value : null;
}

/**
 * The OpenTab row of one event stream: `{tab}.{random}`, so a tab's reconnecting stream never shares
 * a row with its previous stream (whose close deletes that row).
 */
export function streamRowId(tab: string | null): string {
  return `${tab ?? "tab"}.${randomBytes(6).toString("base64url")}`;
}

/** The stream opened: one upsert. */
export async function touchOpenTab(rowId: string, userId: number, visible: boolean): Promise<void> {
  await db().$executeRaw`
    INSERT INTO "OpenTab" (id, "userId", visible, "seenAt") VALUES (${rowId}, ${userId}, ${visible}, now())
    ON CONFLICT (id) DO UPDATE SET "seenAt" = now(), visible = ${visible}`;
}

/**
 * A stream's heartbeat: its row seen now, only while the session that opened the stream lasts.
 * False once it ended (logout, a password change, "Overal elders uitloggen", expiry): the stream
 * must close then, and its row is not brought back.
 */
export async function touchOpenTabWhileSignedIn(
  rowId: string,
  userId: number,
  sessionId: string,
): Promise<boolean> {
  const touched = await db().$executeRaw`
    INSERT INTO "OpenTab" (id, "userId", visible, "seenAt")
    SELECT ${rowId}, ${userId}, true, now()
    WHERE EXISTS (SELECT 1 FROM "Session" WHERE id = ${sessionId} AND "expiresAt" > now())
    ON CONFLICT (id) DO UPDATE SET "seenAt" = now()`;
  return touched > 0;
}

export async function closeOpenTab(rowId: string): Promise<void> {
  await db().$executeRaw`DELETE FROM "OpenTab" WHERE id = ${rowId}`;
}

/**
 * The page became hidden (the beacon /api/page-hidden.php): that tab's streams, or, when the
 * beacon names no tab, every tab of the member, no longer count as watching.
 */
export async function markTabHidden(userId: number, tab: string | null): Promise<number> {
  return tab
    ? db().$executeRaw`UPDATE "OpenTab" SET visible = false
        WHERE "userId" = ${userId} AND visible AND starts_with(id, ${`${tab}.`})`
    : db().$executeRaw`UPDATE "OpenTab" SET visible = false WHERE "userId" = ${userId} AND visible`;
}

/** Rows left behind by a process that stopped without closing its streams (daily maintenance). */
export async function pruneOpenTabs(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 10 * TAB_FRESH_MS);
  return db().$executeRaw`DELETE FROM "OpenTab" WHERE "seenAt" < ${before}`;
}
