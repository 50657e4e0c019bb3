import { sendLikeMail, type LikeMailJob } from "../app/domain/likes/like-mail.server";
import { sendMailingBatch, type MailingBatchJob } from "../app/domain/notifications/mailings.server";
import { sendMessageMail, type MessageMailJob } from "../app/domain/notifications/message-mail.server";
import { handleMessageNotices } from "../app/domain/notifications/message-notice.server";
import type { MessageNotice } from "../app/domain/notifications/message-notice";
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
import { deliverMail } from "../app/domain/notifications/mail-delivery.server";
import { buildDataExport, type DataExportJob } from "../app/domain/privacy/data-export.server";
import { MailClaimedElsewhere } from "../app/lib/mail.server";
import { QUEUES, jobs, stopJobs } from "../app/lib/jobs.server";
import { workConcurrently } from "./job-concurrency";
import type { Logger } from "../app/lib/logger.server";

/** Send-mail jobs a worker takes at a time (see below). */
const MAIL_BATCH = 10;

/** Job handlers of this process. Every instance may run them: pg-boss hands each job to one worker. */
export async function startWorkers(logger: Logger) {
  const boss = await jobs();
  // Small batches: pg-boss expires a whole batch 15 minutes after fetching it and hands its jobs
  // out again, so a batch must be sent well within that (10 mails one at a time take seconds, or
  // a few minutes against a mail server that times out); each mail is claimed before it is sent
  // (deliverMail), so a job handed out twice still sends once. pg-boss skips the polling wait when
  // a batch took longer than it, so with a real mail server the sending, not the batch size, sets
  // the rate. A mail that fails (an address the relay refuses) fails only its own job, which is
  // retried later.
  await workConcurrently<{ mailId: number; from: string }>(
    boss,
    QUEUES.sendMail,
    { batchSize: MAIL_BATCH, concurrency: 1 },
    async ({ mailId, from }) => {
      try {
        await deliverMail(mailId, from);
      } catch (error) {
        if (error instanceof MailClaimedElsewhere)
          logger.info("mail being sent by another worker", { mailId });
        else logger.warn("mail not sent, will retry", { mailId, error: String(error) });
        throw error;
      }
    },
  );
  // Each of these locks its member's row: jobs of a batch run side by side, and one that fails is
  // retried on its own. (One job per poll capped like mails at about 1,800 an hour per process.)
  await workConcurrently<LikeMailJob>(
    boss,
    QUEUES.likeMail,
    { batchSize: 100, concurrency: 10 },
    sendLikeMail,
  );
  // A batch's mails are scheduled in one statement, and its notices of one conversation pushed once.
  await boss.work<MessageNotice>(
    QUEUES.messageNotice,
    { pollingIntervalSeconds: 1, batchSize: 500 },
    (batch) =>
      handleMessageNotices(batch, (jobId, error) =>
        boss.fail(QUEUES.messageNotice, jobId, { message: String(error) }),
      ),
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
  await workConcurrently<MessageMailJob>(
    boss,
    QUEUES.messageMail,
    { batchSize: 50, concurrency: 5 },
    sendMessageMail,
  );
  await workConcurrently<UnreadReminderJob>(
    boss,
    QUEUES.unreadReminder,
    { batchSize: 50, concurrency: 5 },
    sendUnreadReminder,
  );
  await boss.work<MailingBatchJob>(QUEUES.mailingBatch, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await sendMailingBatch(job.data);
  });
  // Data archives one at a time per process (each reads a member's rows in batches and photos one
  // by one), so making them never crowds out the pages this process serves.
  await boss.work<DataExportJob>(QUEUES.dataExport, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await buildDataExport(job.data);
  });
  return { stop: stopJobs };
}
