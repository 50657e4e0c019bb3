import { eraseExpiredAccounts } from "../app/domain/accounts/erase-accounts.server";
import { expireDataExports } from "../app/domain/privacy/data-export.server";
import { sendInactivityReminders } from "../app/domain/notifications/inactivity-reminders.server";
import { runWeeklyUpdates, type WeeklyUpdatesJob } from "../app/domain/notifications/weekly-update.server";
import { pruneLoginAttempts } from "../app/domain/accounts/login.server";
import { pruneChatEvents } from "../app/domain/notifications/live-events.server";
import { pruneOpenerHashes } from "../app/domain/chat/send-message.server";
import { pruneLikeNotices } from "../app/domain/likes/like.server";
import { pruneOpenTabs } from "../app/domain/notifications/open-tabs.server";
import { fillPhotoFingerprints } from "../app/domain/photos/fill-fingerprints.server";
import { reconcileOpenPayments } from "../app/domain/payments/reconcile.server";
import { QUEUES, jobs } from "../app/lib/jobs.server";
import { pruneMails } from "../app/lib/mail.server";
import { pruneRateLimitHits } from "../app/lib/rate-limit.server";
import type { Logger } from "../app/lib/logger.server";

/** Scheduled jobs (times in UTC). pg-boss keeps the schedule in PostgreSQL, so with several instances each runs once. */
export const SCHEDULES = {
  [QUEUES.eraseDeletedAccounts]: "17 3 * * *",
  [QUEUES.maintenance]: "43 3 * * *",
  // Payments still open 15 minutes after they started are asked about again (a lost webhook).
  [QUEUES.reconcilePayments]: "*/5 * * * *",
  // Notification mails: a weekly update run each day (each member at most once in 7 days), and
  // inactivity reminders each hour.
  [QUEUES.weeklyUpdates]: "7 9 * * *",
  [QUEUES.inactivityReminders]: "29 * * * *",
  // Data archives past their 48 hours are removed within the hour after.
  [QUEUES.expireDataExports]: "11 * * * *",
} as const;

/** Registers the daily schedules and their handlers; call once per process after the job queue started. */
export async function startScheduledJobs(logger?: Logger) {
  const boss = await jobs();
  await boss.schedule(QUEUES.eraseDeletedAccounts, SCHEDULES[QUEUES.eraseDeletedAccounts], {}, { tz: "UTC" });
  await boss.schedule(QUEUES.maintenance, SCHEDULES[QUEUES.maintenance], {}, { tz: "UTC" });
  await boss.schedule(QUEUES.reconcilePayments, SCHEDULES[QUEUES.reconcilePayments], {}, { tz: "UTC" });
  await boss.schedule(QUEUES.weeklyUpdates, SCHEDULES[QUEUES.weeklyUpdates], {}, { tz: "UTC" });
  await boss.schedule(QUEUES.inactivityReminders, SCHEDULES[QUEUES.inactivityReminders], {}, { tz: "UTC" });
  await boss.schedule(QUEUES.expireDataExports, SCHEDULES[QUEUES.expireDataExports], {}, { tz: "UTC" });
  await boss.work<WeeklyUpdatesJob>(QUEUES.weeklyUpdates, async ([job]) => {
    if (job) await runWeeklyUpdates(job.data);
  });
  await boss.work(QUEUES.inactivityReminders, async () => {
    const sent = await sendInactivityReminders();
    if (sent[7] + sent[30] > 0) logger?.info("inactivity reminders sent", sent);
  });
  await boss.work(QUEUES.eraseDeletedAccounts, async () => {
    const erased = await eraseExpiredAccounts();
    logger?.info("deleted accounts erased", { erased });
  });
  await boss.work(QUEUES.reconcilePayments, async () => {
    const result = await reconcileOpenPayments();
    if (result.checked > 0) logger?.info("payments reconciled", result);
  });
  await boss.work(QUEUES.expireDataExports, async () => {
    const result = await expireDataExports();
    if (result.expired + result.failed > 0) logger?.info("data exports expired", result);
  });
  await boss.work(QUEUES.maintenance, async () => {
    await pruneRateLimitHits();
    await pruneLoginAttempts();
    const chatEvents = await pruneChatEvents();
    const openTabs = await pruneOpenTabs();
    const likeNotices = await pruneLikeNotices();
    const mails = await pruneMails();
    const openers = await pruneOpenerHashes();
    // Photos from before fingerprints existed get theirs, a batch a night (docs/operations.md).
    const fingerprints = await fillPhotoFingerprints();
    logger?.info("maintenance done", { chatEvents, openTabs, likeNotices, mails, openers, fingerprints });
  });
}
