import { sendLikeMail, type LikeMailJob } from "../app/domain/likes/like-mail.server";
import { sendMailingBatch, type MailingBatchJob } from "../app/domain/notifications/mailings.server";
import { sendMessageMail, type MessageMailJob } from "../app/domain/notifications/message-mail.server";
import { handleMessageNotice, type MessageNotice } from "../app/domain/notifications/message-notice.server";
import {
  pushForLike,
  retryPush,
  type LikePushJob,
  type PushRetryJob,
} from "../app/domain/notifications/push-notify.server";
import {
  sendUnreadReminder,
  type UnreadReminderJob,
} from "../app/domain/notifications/unread-reminder.server";
import { deliverMail } from "../app/lib/mail.server";
import { QUEUES, jobs, stopJobs } from "../app/lib/jobs.server";
import { workConcurrently } from "./job-concurrency";
import type { Logger } from "./logger";

/** Job handlers of this process. Every instance may run them: pg-boss hands each job to one worker. */
export async function startWorkers(logger: Logger) {
  const boss = await jobs();
  // pg-boss waits the polling interval after every batch, so the batch size caps the rate
  // (bench/mail-queue.ts: 5 a batch gave 5 mails/s per process). One at a time, as before; a mail
  // that fails (an address the relay refuses) fails only its own job, which is retried later.
  await workConcurrently<{ mailId: number; from: string }>(
    boss,
    QUEUES.sendMail,
    { batchSize: 100, concurrency: 1 },
    async ({ mailId, from }) => {
      try {
        await deliverMail(mailId, from);
      } catch (error) {
        logger.warn("mail not sent, will retry", { mailId, error: String(error) });
        throw error;
      }
    },
  );
  await boss.work<LikeMailJob>(QUEUES.likeMail, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await sendLikeMail(job.data);
  });
  await workConcurrently<MessageNotice>(
    boss,
    QUEUES.messageNotice,
    { batchSize: 500, concurrency: 50 },
    handleMessageNotice,
  );
  await workConcurrently<LikePushJob>(
    boss,
    QUEUES.likePush,
    { batchSize: 500, concurrency: 50 },
    pushForLike,
  );
  await workConcurrently<PushRetryJob>(
    boss,
    QUEUES.pushRetry,
    { batchSize: 100, concurrency: 20 },
    retryPush,
  );
  await boss.work<MessageMailJob>(
    QUEUES.messageMail,
    { pollingIntervalSeconds: 5, batchSize: 5 },
    async (batch) => {
      for (const job of batch) await sendMessageMail(job.data);
    },
  );
  await boss.work<UnreadReminderJob>(
    QUEUES.unreadReminder,
    { pollingIntervalSeconds: 10, batchSize: 5 },
    async (batch) => {
      for (const job of batch) await sendUnreadReminder(job.data);
    },
  );
  await boss.work<MailingBatchJob>(QUEUES.mailingBatch, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await sendMailingBatch(job.data);
  });
  return { stop: stopJobs };
}
