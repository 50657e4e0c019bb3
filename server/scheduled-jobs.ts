import { eraseExpiredAccounts } from "../app/domain/accounts/erase-accounts.server";
import { pruneChatEvents } from "../app/domain/chat/chat-events.server";
import { reconcileOpenPayments } from "../app/domain/payments/reconcile.server";
import { QUEUES, jobs } from "../app/lib/jobs.server";
import { pruneRateLimitHits } from "../app/lib/rate-limit.server";
import type { Logger } from "./logger";

/** Scheduled jobs (times in UTC). pg-boss keeps the schedule in PostgreSQL, so with several instances each runs once. */
export const SCHEDULES = {
  [QUEUES.eraseDeletedAccounts]: "17 3 * * *",
  [QUEUES.maintenance]: "43 3 * * *",
  // Payments still open 15 minutes after they started are asked about again (a lost webhook).
  [QUEUES.reconcilePayments]: "*/5 * * * *",
} as const;

/** Registers the daily schedules and their handlers; call once per process after the job queue started. */
export async function startScheduledJobs(logger?: Logger) {
  const boss = await jobs();
  await boss.schedule(QUEUES.eraseDeletedAccounts, SCHEDULES[QUEUES.eraseDeletedAccounts], {}, { tz: "UTC" });
  await boss.schedule(QUEUES.maintenance, SCHEDULES[QUEUES.maintenance], {}, { tz: "UTC" });
  await boss.schedule(QUEUES.reconcilePayments, SCHEDULES[QUEUES.reconcilePayments], {}, { tz: "UTC" });
  await boss.work(QUEUES.eraseDeletedAccounts, async () => {
    const erased = await eraseExpiredAccounts();
    logger?.info("deleted accounts erased", { erased });
  });
  await boss.work(QUEUES.reconcilePayments, async () => {
    const result = await reconcileOpenPayments();
    if (result.checked > 0) logger?.info("payments reconciled", result);
  });
  await boss.work(QUEUES.maintenance, async () => {
    await pruneRateLimitHits();
    const chatEvents = await pruneChatEvents();
    logger?.info("maintenance done", { chatEvents });
  });
}
