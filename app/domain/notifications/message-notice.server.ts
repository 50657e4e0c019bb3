import { scheduleMessageMail } from "./message-mail.server";
import { pushForMessage } from "./push-notify.server";
import { QUEUES, jobs } from "~/lib/jobs.server";

/** A message was stored: what push and mail need to tell the recipient about it. */
export interface MessageNotice {
  messageId: number;
  conversationId: number;
  senderId: number;
  recipientId: number;
  /** The first message of a new conversation (`new_conversations`, else `new_messages`). */
  newConversation: boolean;
}

/**
 * Queues the notifications of a new message (push now, mail later), outside the sender's request:
 * the job runs in whichever app process picks it up.
 */
export async function queueMessageNotice(notice: MessageNotice): Promise<void> {
  const boss = await jobs();
  await boss.send(QUEUES.messageNotice, notice);
}

/**
 * The job: the mail that may follow later, then the push at once (unless a tab is visible). In this
 * order because scheduling is idempotent (one waiting job per conversation and recipient) and the
 * push is not: a failure to schedule must not leave a push sent that the job's retry sends again.
 */
export async function handleMessageNotice(notice: MessageNotice): Promise<void> {
  await scheduleMessageMail(notice);
  await pushForMessage(notice);
}
