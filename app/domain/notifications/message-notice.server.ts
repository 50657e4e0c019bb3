import { eachConcurrently } from "~/lib/each-concurrently";
import { scheduleMessageMails } from "./message-mail.server";
import { pushForMessage } from "./push-notify.server";
import { QUEUES, jobs } from "~/lib/jobs.server";
import type { MessageNotice } from "./message-notice";

/** Pushes a batch's worker sends side by side. */
const PUSH_CONCURRENCY = 50;

/**
 * Queues the notifications of a new message (push now, mail later), outside the sender's request:
 * the job runs in whichever app process picks it up.
 */
export async function queueMessageNotice(notice: MessageNotice): Promise<void> {
  const boss = await jobs();
  await boss.send(QUEUES.messageNotice, notice);
}

/**
 * A batch's notices, one per conversation and recipient: its newest message, a new conversation if
 * any of them started it, with the jobs it stands for.
 */
function mergedNotices<Id>(batch: { id: Id; data: MessageNotice }[]) {
  const merged = new Map<string, { notice: MessageNotice; jobIds: Id[] }>();
  for (const { id, data } of batch) {
    const key = `${data.conversationId}:${data.recipientId}`;
    const earlier = merged.get(key);
    if (!earlier) {
      merged.set(key, { notice: data, jobIds: [id] });
      continue;
    }
    const newest = data.messageId > earlier.notice.messageId ? data : earlier.notice;
    earlier.notice = { ...newest, newConversation: earlier.notice.newConversation || data.newConversation };
    earlier.jobIds.push(id);
  }
  return [...merged.values()];
}

/**
 * The job, a batch at a time: the mails that may follow later (one statement for the batch), then
 * the pushes (unless a tab is visible), one per conversation and recipient for its newest message: a
 * device shows one notification per conversation anyway (the push's tag). In this order because
 * scheduling is idempotent and a push is not: when scheduling fails, the whole batch is retried with
 * nothing pushed. A push that throws fails only the jobs it stood for (`fail`), retried on their own.
 */
export async function handleMessageNotices<Id>(
  batch: { id: Id; data: MessageNotice }[],
  fail: (jobId: Id, error: unknown) => Promise<unknown>,
): Promise<void> {
  await scheduleMessageMails(batch.map((job) => job.data));
  await eachConcurrently(mergedNotices(batch), PUSH_CONCURRENCY, async ({ notice, jobIds }) => {
    try {
      await pushForMessage(notice);
    } catch (error) {
      for (const id of jobIds) await fail(id, error);
    }
  });
}
