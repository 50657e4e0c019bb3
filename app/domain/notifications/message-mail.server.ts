import { db } from "~/lib/db.server";
import { QUEUES, jobs } from "~/lib/jobs.server";
import {
  MESSAGE_MAIL_DELAY_MS,
  MESSAGE_MAIL_INTERVAL_MS,
  MESSAGE_MAIL_ONLINE_CHECKS,
  later,
  messageMailAllowed,
  unreadReminderDue,
} from "./mail-schedule";
import type { MessageNotice } from "./message-notice";
import { noticeSender } from "./notice-sender.server";
import { sendNotificationMail } from "./notification-mail.server";
import { wantsMail } from "./wants-mail";
import { hasVisibleTab } from "./presence.server";
import { unreadReminderJob } from "./unread-reminder.server";

export interface MessageMailJob {
  conversationId: number;
  recipientId: number;
  newConversation: boolean;
  /** How often the job found the recipient online and looks again (MESSAGE_MAIL_ONLINE_CHECKS). */
  onlineChecks?: number;
}

/**
 * New messages (a batch of notices): the mail about each conversation waits a few minutes (one
 * waiting job per conversation and recipient, policy "short": later messages join it), and each
 * recipient's unread reminder is set for a day later (one waiting job per member). One statement.
 */
export async function scheduleMessageMails(notices: MessageNotice[], now = new Date()): Promise<void> {
  const mailAt = later(now, MESSAGE_MAIL_DELAY_MS).toISOString();
  const reminderAt = unreadReminderDue(now).toISOString();
  const recipients = new Set(notices.map((notice) => notice.recipientId));
  const boss = await jobs();
  await boss.insert([
    ...notices.map(({ conversationId, recipientId, newConversation }) =>
      messageMailJob({ conversationId, recipientId, newConversation }, mailAt),
    ),
    ...[...recipients].map((userId) => unreadReminderJob(userId, reminderAt)),
  ]);
}

/** The job, a few minutes from now; when one waits already (policy "short") that one does it. */
async function queueMessageMailJob(job: MessageMailJob, now: Date) {
  const { name, data, ...options } = messageMailJob(job, later(now, MESSAGE_MAIL_DELAY_MS).toISOString());
  const boss = await jobs();
  await boss.send(name, data, options);
}

/** The mail job of a conversation and recipient at `startAfter` (an ISO time), for pg-boss's send or insert. */
function messageMailJob(job: MessageMailJob, startAfter: string) {
  return {
    name: QUEUES.messageMail,
    data: job,
    singletonKey: `${job.conversationId}:${job.recipientId}`,
    startAfter,
  };
}

type MessageMailOutcome =
  "sent" | "read" | "unwanted" | "online" | "onlineTooLong" | "capped" | "senderHidden";

/**
 * The job: one mail covering the conversation's unread messages, if they are still unread, the
 * sender may still be named (noticeSender: not deleted, disabled, invisible or blocking since), the
 * recipient is not on the site (else it looks again later, see MESSAGE_MAIL_ONLINE_CHECKS), wants
 * this kind and got no mail about this conversation in the last 6 hours. That last condition is claimed in one UPDATE, so two workers never both send, in the
 * transaction that queues the mail.
 */
export async function sendMessageMail(job: MessageMailJob, now = new Date()): Promise<MessageMailOutcome> {
  const member = await db().conversationMember.findUnique({
    where: { conversationId_userId: { conversationId: job.conversationId, userId: job.recipientId } },
    select: {
      unreadCount: true,
      lastReadMessageId: true,
      otherUserId: true,
      messageMailSentAt: true,
      user: {
        select: {
          email: true,
          language: true,
          status: true,
          notificationsDisabled: true,
          emailNotificationsOff: true,
          site: { select: { name: true, domain: true } },
          profile: { select: { name: true } },
        },
      },
    },
  });
  if (!member || member.unreadCount === 0) return "read";
  const unread = await db().message.count({
    where: {
      conversationId: job.conversationId,
      senderId: member.otherUserId,
      deletedAt: null,
      id: { gt: member.lastReadMessageId ?? 0 },
    },
  });
  if (unread === 0) return "read";
  const { user } = member;
  const key = job.newConversation ? "new_conversations" : "new_messages";
  if (!wantsMail(user, key)) return "unwanted";
  const sender = await noticeSender(member.otherUserId, job.recipientId);
  if (!sender) return "senderHidden";
  if (await hasVisibleTab(job.recipientId, now)) {
    // Seeing it live, probably; but a member who leaves without reading it should still get the
    // mail, so the job looks again a few minutes later, a bounded number of times.
    const checks = job.onlineChecks ?? 0;
    if (checks >= MESSAGE_MAIL_ONLINE_CHECKS) return "onlineTooLong";
    await queueMessageMailJob({ ...job, onlineChecks: checks + 1 }, now);
    return "online";
  }
  if (!messageMailAllowed(member.messageMailSentAt, now)) return "capped";
  // The claim and the queued mail commit together: a failure in between leaves neither, and the
  // job's retry sends the mail.
  return db().$transaction(async (tx) => {
    const claimed = await tx.conversationMember.updateMany({
      where: {
        conversationId: job.conversationId,
        userId: job.recipientId,
        OR: [
          { messageMailSentAt: null },
          { messageMailSentAt: { lte: later(now, -MESSAGE_MAIL_INTERVAL_MS) } },
        ],
      },
      data: { messageMailSentAt: now },
    });
    if (claimed.count === 0) return "capped";
    await sendNotificationMail(
      {
        to: {
          id: job.recipientId,
          email: user.email,
          language: user.language,
          name: user.profile?.name ?? "",
          site: user.site,
        },
        key,
        kind: job.newConversation ? "newConversation" : "newMessages",
        path: `/chats/${job.conversationId}`,
        values: { senderName: sender.name, count: unread },
      },
      tx,
    );
    return "sent";
  });
}
