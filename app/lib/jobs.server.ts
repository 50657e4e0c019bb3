import PgBoss from "pg-boss";
import type { Prisma } from "~/generated/prisma/client";
import { databaseTimeouts } from "./db-timeouts.server";
import { logger } from "~/lib/logger.server";

declare global {
  var __boss: Promise<PgBoss> | undefined;
}

export const QUEUES = {
  sendMail: "send-mail",
  eraseDeletedAccounts: "erase-deleted-accounts",
  maintenance: "maintenance",
  likeMail: "like-mail",
  reconcilePayments: "reconcile-payments",
  messageNotice: "message-notice",
  likePush: "like-push",
  messageMail: "message-mail",
  unreadReminder: "unread-reminder",
  weeklyUpdates: "weekly-updates",
  inactivityReminders: "inactivity-reminders",
  mailingBatch: "mailing-batch",
  pushRetry: "push-retry",
  dataExport: "data-export",
  expireDataExports: "expire-data-exports",
} as const;

/**
 * pg-boss's statements on a Prisma transaction's connection (`boss.send(…, { db })`): a job sent
 * through it exists only once the transaction commits, and is gone with it if the transaction
 * rolls back.
 */
export function jobsInTransaction(tx: Prisma.TransactionClient): PgBoss.Db {
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

const ADMIN_SHUTDOWN = "57P01";

/** The job queue (pg-boss, in PostgreSQL); started once per process on first use. */
export function jobs(): Promise<PgBoss> {
  globalThis.__boss ??= (async () => {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set");
    const boss = new PgBoss({ connectionString, schema: "pgboss", max: 4, ...databaseTimeouts() });
    boss.on("error", (error: Error & { code?: string }) => {
      // PostgreSQL ending connections while the app shuts down (57P01) is expected, not a fault.
      const level = error.code === ADMIN_SHUTDOWN ? "warn" : "error";
      logger[level]("job queue", { error: String(error) });
    });
    await boss.start();
    // Mail is retried with growing delays (30 s, 1 min, 2 min, … about an hour in all).
    await boss.createQueue(QUEUES.sendMail, {
      name: QUEUES.sendMail,
      retryLimit: 7,
      retryDelay: 30,
      retryBackoff: true,
    });
    await boss.createQueue(QUEUES.eraseDeletedAccounts, { name: QUEUES.eraseDeletedAccounts });
    await boss.createQueue(QUEUES.maintenance, { name: QUEUES.maintenance });
    await boss.createQueue(QUEUES.reconcilePayments, { name: QUEUES.reconcilePayments, policy: "singleton" });
    await boss.createQueue(QUEUES.messageNotice, { name: QUEUES.messageNotice, retryLimit: 3 });
    await boss.createQueue(QUEUES.likePush, { name: QUEUES.likePush, retryLimit: 3 });
    // At most one waiting like mail per member (singletonKey = user id), see domain/likes.
    await boss.createQueue(QUEUES.likeMail, { name: QUEUES.likeMail, policy: "short", retryLimit: 5 });
    // Notification mails (domain/notifications): one waiting job per conversation and recipient, or per member.
    await boss.createQueue(QUEUES.messageMail, { name: QUEUES.messageMail, policy: "short", retryLimit: 3 });
    await boss.createQueue(QUEUES.unreadReminder, {
      name: QUEUES.unreadReminder,
      policy: "short",
      retryLimit: 3,
    });
    await boss.createQueue(QUEUES.weeklyUpdates, { name: QUEUES.weeklyUpdates, retryLimit: 3 });
    await boss.createQueue(QUEUES.inactivityReminders, {
      name: QUEUES.inactivityReminders,
      policy: "singleton",
    });
    await boss.createQueue(QUEUES.mailingBatch, { name: QUEUES.mailingBatch, retryLimit: 5 });
    await boss.createQueue(QUEUES.pushRetry, { name: QUEUES.pushRetry, retryLimit: 3 });
    // A member's data archive (domain/privacy): tried again after a minute, twice; each try starts
    // the archive over. A big archive may take minutes: pg-boss hands a running job out again only
    // after 30 of them.
    await boss.createQueue(QUEUES.dataExport, {
      name: QUEUES.dataExport,
      retryLimit: 2,
      retryDelay: 60,
      expireInSeconds: 30 * 60,
    });
    await boss.createQueue(QUEUES.expireDataExports, { name: QUEUES.expireDataExports, policy: "singleton" });
    return boss;
  })();
  return globalThis.__boss;
}

export async function stopJobs() {
  if (!globalThis.__boss) return;
  const boss = await globalThis.__boss;
  globalThis.__boss = undefined;
  await boss.stop({ graceful: true, wait: true, timeout: 5000 });
}
