import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { QUEUES, jobs } from "~/lib/jobs.server";
import { unreadReminderDue } from "./mail-schedule";
import { sendNotificationMail } from "./notification-mail.server";
import { wantsMail } from "./wants-mail";

export interface UnreadReminderJob {
  userId: number;
}

/**
 * Sets the member's reminder job for a day after `messageAt` (a new message). One waiting job per
 * member: when one waits already, it finds this message too and moves itself on if needed.
 */
async function scheduleUnreadReminder(userId: number, messageAt: Date, at = unreadReminderDue(messageAt)) {
  const { name, data, ...options } = unreadReminderJob(userId, at.toISOString());
  const boss = await jobs();
  await boss.send(name, data, options);
}

/** The member's reminder job at `startAfter` (an ISO time), for pg-boss's send or insert. */
export function unreadReminderJob(userId: number, startAfter: string) {
  return {
    name: QUEUES.unreadReminder,
    data: { userId } satisfies UnreadReminderJob,
    singletonKey: String(userId),
    startAfter,
  };
}

/**
 * The oldest message still unread by the member that came after their last reminder, and how many
 * unread messages they have. Reads the member's conversations with unread messages
 * (ConversationMember by userId), then the first unread message of each (Message by conversation, id).
 */
async function unreadSince(userId: number, since: Date | null) {
  const [row] = await db().$queryRaw<{ oldest: Date | null; total: number }[]>`
    SELECT min(first."createdAt") AS oldest, coalesce(sum(cm."unreadCount"), 0)::int AS total
    FROM "ConversationMember" cm
    LEFT JOIN LATERAL (
      SELECT m."createdAt" FROM "Message" m
      WHERE m."conversationId" = cm."conversationId" AND m."senderId" = cm."otherUserId"
        AND m.id > coalesce(cm."lastReadMessageId", 0) AND m."deletedAt" IS NULL
        AND (${since}::timestamp IS NULL OR m."createdAt" > ${since}::timestamp)
      ORDER BY m.id LIMIT 1
    ) first ON true
    WHERE cm."userId" = ${userId} AND cm.hidden = false AND cm."unreadCount" > 0`;
  return { oldest: row?.oldest ?? null, total: row?.total ?? 0 };
}

type UnreadReminderOutcome = "sent" | "later" | "none" | "unwanted";

/**
 * The job: one reminder when messages have been unread for 24 hours, not again until newer unread
 * messages are 24 hours old. The member's `unreadReminderSentAt` is claimed in one UPDATE.
 */
export async function sendUnreadReminder(
  job: UnreadReminderJob,
  now = new Date(),
): Promise<UnreadReminderOutcome> {
  const user = await db().user.findUnique({
    where: { id: job.userId },
    select: {
      email: true,
      language: true,
      status: true,
      notificationsDisabled: true,
      emailNotificationsOff: true,
      unreadReminderSentAt: true,
      site: { select: { name: true, domain: true } },
      profile: { select: { name: true } },
    },
  });
  if (!user) return "none";
  const { oldest, total } = await unreadSince(job.userId, user.unreadReminderSentAt);
  if (!oldest) return "none";
  const due = unreadReminderDue(oldest);
  if (due > now) {
    await scheduleUnreadReminder(job.userId, oldest, due);
    return "later";
  }
  if (!wantsMail(user, "unread_message_reminders")) return "unwanted";
  // Claimed in the transaction that queues the mail: a failure in between leaves neither.
  return db().$transaction(async (tx) => {
    const claimed = await tx.$executeRaw(Prisma.sql`
      UPDATE "User" SET "unreadReminderSentAt" = ${now}
      WHERE id = ${job.userId} AND ("unreadReminderSentAt" IS NULL OR "unreadReminderSentAt" < ${oldest})`);
    if (claimed === 0) return "none";
    await sendNotificationMail(
      {
        to: {
          id: job.userId,
          email: user.email,
          language: user.language,
          name: user.profile?.name ?? "",
          site: user.site,
        },
        key: "unread_message_reminders",
        kind: "unreadReminder",
        path: "/chats",
        values: { count: total },
      },
      tx,
    );
    return "sent";
  });
}
