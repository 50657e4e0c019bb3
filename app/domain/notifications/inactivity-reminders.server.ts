import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { INACTIVITY_STEPS, inactivityWindow, type InactivityStep } from "./mail-schedule";
import { MAIL_BATCH_TRANSACTION, sendNotificationMail } from "./notification-mail.server";

const BATCH = 200;

interface Claimed {
  id: number;
  lastSeenAt: Date;
  email: string;
  language: string;
  siteName: string;
  domain: string;
  name: string | null;
}

/**
 * Claims the next batch of members due for a step: last seen inside the step's window (an index
 * range on User.lastSeenAt, read in order from a cursor), not reminded of this step yet, wanting
 * `reminders`. The claim marks them in the same statement (SKIP LOCKED: two workers split the work).
 */
async function claimBatch(
  tx: Prisma.TransactionClient,
  step: InactivityStep,
  from: Date,
  to: Date,
  now: Date,
): Promise<Claimed[]> {
  return tx.$queryRaw<Claimed[]>(Prisma.sql`
    WITH due AS (
      SELECT id FROM "User"
      WHERE "lastSeenAt" >= ${from} AND "lastSeenAt" < ${to}
        AND ("inactivityReminderDays" IS NULL OR "inactivityReminderDays" < ${step})
        AND status = 'confirmed' AND cardinality("notificationsDisabled") = 0
        AND NOT ('reminders' = ANY("emailNotificationsOff"))
      ORDER BY "lastSeenAt", id
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE "User" u SET "inactivityReminderDays" = ${step}, "inactivityReminderSentAt" = ${now}
      FROM due WHERE u.id = due.id
      RETURNING u.id, u."lastSeenAt", u.email, u.language, u."siteId"
    )
    SELECT c.id, c."lastSeenAt", c.email, c.language, s.name AS "siteName", s.domain, p.name
    FROM claimed c JOIN "Site" s ON s.id = c."siteId" LEFT JOIN "Profile" p ON p."userId" = c.id
    ORDER BY c."lastSeenAt", c.id`);
}

/**
 * The hourly job: members away 7 days get the first reminder, away 30 days the second; one mail
 * each, until they come back (the session refresh clears the step). Returns the mails per step.
 */
export async function sendInactivityReminders(now = new Date()): Promise<Record<InactivityStep, number>> {
  const sent = { 7: 0, 30: 0 } as Record<InactivityStep, number>;
  for (const step of INACTIVITY_STEPS) {
    const { from, to } = inactivityWindow(step, now);
    for (;;) {
      // Claimed and queued in one transaction: a batch whose mails fail to queue stays unclaimed.
      const count = await db().$transaction(async (tx) => {
        const batch = await claimBatch(tx, step, from, to, now);
        for (const member of batch) {
          await sendNotificationMail(
            {
              to: {
                id: member.id,
                email: member.email,
                language: member.language,
                name: member.name ?? "",
                site: { name: member.siteName, domain: member.domain },
              },
              key: "reminders",
              kind: "inactivity",
              path: "/members",
              values: { days: step },
            },
            tx,
          );
        }
        return batch.length;
      }, MAIL_BATCH_TRANSACTION);
      sent[step] += count;
      if (count < BATCH) break;
    }
  }
  return sent;
}
