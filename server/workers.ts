import { sendLikeMail, type LikeMailJob } from "../app/domain/likes/like-mail.server";
import { handleMessageNotice, type MessageNotice } from "../app/domain/notifications/message-notice.server";
import { deliverMail } from "../app/lib/mail.server";
import { QUEUES, jobs, stopJobs } from "../app/lib/jobs.server";
import type { Logger } from "./logger";

/** Job handlers of this process. Every instance may run them: pg-boss hands each job to one worker. */
export async function startWorkers(logger: Logger) {
  const boss = await jobs();
  await boss.work<{ mailId: number; from: string }>(
    QUEUES.sendMail,
    { pollingIntervalSeconds: 1, batchSize: 5 },
    async (batch) => {
      for (const job of batch) {
        try {
          await deliverMail(job.data.mailId, job.data.from);
        } catch (error) {
          logger.warn("mail not sent, will retry", { mailId: job.data.mailId, error: String(error) });
          throw error;
        }
      }
    },
  );
  await boss.work<LikeMailJob>(QUEUES.likeMail, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await sendLikeMail(job.data);
  });
  await boss.work<MessageNotice>(
    QUEUES.messageNotice,
    { pollingIntervalSeconds: 1, batchSize: 5 },
    async (batch) => {
      for (const job of batch) await handleMessageNotice(job.data);
    },
  );
  return { stop: stopJobs };
}
