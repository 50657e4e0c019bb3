// "Download my data" (docs/product.md, Your data): a member, or staff for them, asks for an archive
// of what the site keeps about them; a job writes it as one ZIP to file storage, a mail says it is
// ready, and the member alone downloads it for 48 hours, after which the file is removed.
import { sendAccountMail, mailDate } from "~/domain/notifications/account-mail.server";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { QUEUES, jobs, jobsInTransaction } from "~/lib/jobs.server";
import { logger } from "~/lib/logger.server";
import { fileStorage } from "~/lib/storage.server";
import { translatorFor } from "~/lib/translator.server";
import { zipStream } from "~/lib/zip-stream.server";
import { archiveEntries } from "./data-export-sections.server";

const HOUR = 3_600_000;
/** How long a finished archive can be downloaded. */
export const EXPORT_VALID_MS = 48 * HOUR;
/** At most one archive per member in this time, counted from when the last one was asked for. */
export const EXPORT_INTERVAL_MS = 24 * HOUR;
/**
 * An archive still not made this long after it was asked for has run out of tries (the queue's
 * three tries of at most 30 minutes each, a minute apart); it is marked failed and a new one may be
 * asked for at once.
 */
const EXPORT_GIVE_UP_MS = 2 * HOUR;

/** The job that makes one archive; `origin` is the address the ready-mail links to. */
export interface DataExportJob {
  exportId: number;
  origin: string;
}

/**
 * When the member may next have an archive made, or null when they may now: a day after the last
 * one asked for, unless that one failed.
 */
export async function nextDataExportAt(
  userId: number,
  now = new Date(),
  tx: Prisma.TransactionClient = db(),
): Promise<Date | null> {
  const last = await tx.dataExport.findFirst({
    where: {
      userId,
      status: { not: "failed" },
      createdAt: { gt: new Date(now.getTime() - EXPORT_INTERVAL_MS) },
    },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  return last ? new Date(last.createdAt.getTime() + EXPORT_INTERVAL_MS) : null;
}

export type DataExportRequest =
  | { ok: true; exportId: number }
  | { ok: false; error: "tooSoon"; nextAt: Date }
  | { ok: false; error: "notFound" };

/**
 * Asks for a new archive of `userId` (a member of `siteId`): refused while an archive asked for in
 * the last 24 hours is being made or was made (`nextAt` says when the next may be asked for). The
 * row, the job and, when staff ask, the staff log row are written together or not at all.
 */
export async function requestDataExport(
  {
    userId,
    siteId,
    origin,
    staff,
  }: { userId: number; siteId: number; origin: string; staff?: { actor: StaffActor; reason: string } },
  now = new Date(),
): Promise<DataExportRequest> {
  const boss = await jobs();
  return db().$transaction(async (tx) => {
    // One request at a time per member: a double click waits here, then finds the first one.
    const [member] = await tx.$queryRaw<{ email: string }[]>`
      SELECT email FROM "User" WHERE id = ${userId} AND "siteId" = ${siteId} FOR UPDATE`;
    if (!member) return { ok: false, error: "notFound" } as const;
    const nextAt = await nextDataExportAt(userId, now, tx);
    if (nextAt) return { ok: false, error: "tooSoon", nextAt } as const;
    const created = await tx.dataExport.create({
      data: { userId, requestedById: staff?.actor.id ?? null, createdAt: now },
      select: { id: true },
    });
    if (staff) {
      await recordStaffAction(tx, staff.actor, "data_export_started", userId, {
        reason: staff.reason,
        before: {},
        after: { archive: created.id, mailedTo: member.email },
      });
    }
    await boss.send(QUEUES.dataExport, { exportId: created.id, origin } satisfies DataExportJob, {
      db: jobsInTransaction(tx),
    });
    return { ok: true, exportId: created.id } as const;
  });
}

/** Where an archive's file lives: under the member's own folder, with a name nobody can guess. */
function storageKeyFor(userId: number, exportId: number) {
  const random = crypto.randomUUID().replaceAll("-", "");
  return `exports/${userId}/${exportId}-${random}.zip`;
}

/**
 * The job: writes the archive of a pending export to storage as it is made (rows in batches, photos
 * one at a time), marks it ready for 48 hours and mails the member. Done already, or gone: nothing.
 * A failure removes the half-written file and throws, so the queue tries again.
 */
export async function buildDataExport({ exportId, origin }: DataExportJob, now = () => new Date()) {
  const found = await db().dataExport.findUnique({
    where: { id: exportId },
    select: {
      status: true,
      user: {
        select: {
          id: true,
          siteId: true,
          email: true,
          language: true,
          status: true,
          profile: { select: { id: true, name: true } },
          site: { select: { name: true, domain: true, timeZone: true } },
        },
      },
    },
  });
  if (!found || found.status !== "pending") return;
  const { user } = found;
  const t = translatorFor(user.language);
  const member = {
    userId: user.id,
    siteId: user.siteId,
    email: user.email,
    language: user.language,
    profileId: user.profile?.id ?? null,
    t,
  };
  const key = storageKeyFor(user.id, exportId);
  const storage = fileStorage();
  const started = now();
  let size: number;
  try {
    size = await storage.writeStream(key, zipStream(archiveEntries(member, user.site, started)));
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
  const readyAt = now();
  const expiresAt = new Date(readyAt.getTime() + EXPORT_VALID_MS);
  const { count } = await db().dataExport.updateMany({
    where: { id: exportId, status: "pending" },
    data: { status: "ready", storageKey: key, sizeBytes: size, readyAt, expiresAt },
  });
  if (count === 0) {
    // Another worker finished it first (a job handed out twice): this copy is not needed.
    await storage.remove(key);
    return;
  }
  logger.info("data export ready", { exportId, bytes: size, ms: readyAt.getTime() - started.getTime() });
  await sendAccountMail({
    kind: "dataExportReady",
    to: user.email,
    userId: user.id,
    language: user.language,
    site: user.site,
    name: user.profile?.name ?? user.email,
    link: `${origin}/settings/data-export/${exportId}`,
    values: { until: mailDate(expiresAt, user.language, user.site.timeZone), hours: EXPORT_VALID_MS / HOUR },
  });
}

/** What the settings page shows of the member's newest archive. */
export type DataExportState =
  | { state: "none"; nextAt: null }
  | { state: "pending"; nextAt: Date }
  | { state: "ready"; id: number; expiresAt: Date; sizeBytes: number; nextAt: Date | null }
  | { state: "expired" | "failed"; nextAt: Date | null };

export async function dataExportState(userId: number, now = new Date()): Promise<DataExportState> {
  const last = await db().dataExport.findFirst({
    where: { userId },
    orderBy: { id: "desc" },
    select: { id: true, status: true, createdAt: true, expiresAt: true, sizeBytes: true },
  });
  if (!last) return { state: "none", nextAt: null };
  const next = new Date(last.createdAt.getTime() + EXPORT_INTERVAL_MS);
  const nextAt = next > now && last.status !== "failed" ? next : null;
  if (last.status === "pending") return { state: "pending", nextAt: next };
  if (last.status === "ready" && last.expiresAt && last.expiresAt > now) {
    return { state: "ready", id: last.id, expiresAt: last.expiresAt, sizeBytes: last.sizeBytes ?? 0, nextAt };
  }
  return { state: last.status === "failed" ? "failed" : "expired", nextAt };
}

export type DataExportDownload =
  | { ok: true; body: ReadableStream<Uint8Array>; size: number; fileName: string }
  | { ok: false; error: "notFound" | "expired" };

/**
 * The archive `exportId` for the member `userId`: another member's archive, or one not made (yet),
 * is not found; one past its 48 hours has expired, even before the job removed its file.
 */
export async function dataExportDownload(
  userId: number,
  exportId: number,
  now = new Date(),
): Promise<DataExportDownload> {
  const row = await db().dataExport.findFirst({
    where: { id: exportId, userId },
    select: {
      status: true,
      storageKey: true,
      expiresAt: true,
      readyAt: true,
      user: { select: { site: { select: { name: true } } } },
    },
  });
  if (!row || row.status === "pending" || row.status === "failed") return { ok: false, error: "notFound" };
  if (row.status === "expired" || !row.storageKey || !row.expiresAt || row.expiresAt <= now) {
    return { ok: false, error: "expired" };
  }
  const file = await fileStorage().readStream(row.storageKey);
  if (!file) return { ok: false, error: "expired" };
  const day = row.readyAt!.toISOString().slice(0, 10);
  const site = row.user.site.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return { ok: true, ...file, fileName: `${site}-${day}.zip` };
}

/**
 * The hourly clean-up: removes the files of archives past their 48 hours and of accounts that were
 * deleted (nobody can log in to fetch them), and marks archives that ran out of tries as failed.
 */
export async function expireDataExports(now = new Date()) {
  const failed = await db().dataExport.updateMany({
    where: { status: "pending", createdAt: { lt: new Date(now.getTime() - EXPORT_GIVE_UP_MS) } },
    data: { status: "failed" },
  });
  const storage = fileStorage();
  let expired = 0;
  for (;;) {
    const rows = await db().dataExport.findMany({
      where: {
        status: "ready",
        OR: [{ expiresAt: { lte: now } }, { user: { status: "deleted" } }],
      },
      orderBy: { id: "asc" },
      take: 100,
      select: { id: true, storageKey: true },
    });
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.storageKey) await storage.remove(row.storageKey);
      await db().dataExport.update({
        where: { id: row.id },
        data: { status: "expired", storageKey: null },
        select: { id: true },
      });
      expired++;
    }
  }
  return { expired, failed: failed.count };
}
