import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { db } from "~/lib/db.server";
import { QUEUES, jobs, jobsInTransaction } from "~/lib/jobs.server";
import { mailingParagraphs, type MailingKind, type MailingRow } from "./mailing-types";
import { MAIL_BATCH_TRANSACTION, sendNotificationMail } from "./notification-mail.server";
import { wantsMailWhere } from "./wants-mail";

/** Members per batch job (by user id, from the mailing's `lastUserId` cursor). */
const MAILING_BATCH = 200;

export interface MailingBatchJob {
  mailingId: number;
}

export async function createMailing(input: {
  siteId: number;
  createdById: number;
  kind: MailingKind;
  language: string;
  subject: string;
  body: string;
}) {
  return db().mailing.create({ data: input, select: { id: true } });
}

/** The site's mailings, newest first. */
export async function listMailings(siteId: number, take = 50): Promise<MailingRow[]> {
  const rows = await db().mailing.findMany({
    where: { siteId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      kind: true,
      language: true,
      subject: true,
      status: true,
      sentCount: true,
      createdAt: true,
      sentAt: true,
    },
  });
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

/**
 * Starts sending a draft of the staff member's site, with a row in the staff log (who sent it to
 * the site's members) and the first batch job in the same transaction: a job that cannot be queued
 * leaves the draft as it was, to be started again; false when there is no such draft (already
 * sent, other site).
 */
export async function startMailing(mailingId: number, staff: StaffActor): Promise<boolean> {
  const boss = await jobs();
  return db().$transaction(async (tx) => {
    const { count } = await tx.mailing.updateMany({
      where: { id: mailingId, siteId: staff.siteId, status: "draft" },
      data: { status: "sending" },
    });
    if (count === 0) return false;
    const mailing = await tx.mailing.findUniqueOrThrow({
      where: { id: mailingId },
      select: { kind: true, language: true, subject: true },
    });
    await recordStaffAction(tx, staff, "mailing_started", mailingId, mailing);
    await boss.send(QUEUES.mailingBatch, { mailingId } satisfies MailingBatchJob, {
      db: jobsInTransaction(tx),
    });
    return true;
  });
}

/**
 * The job: the next batch of recipients (confirmed members of the mailing's site and language who
 * want its kind, by id after the cursor) under the mailing's row lock, their mails queued and the
 * cursor and count moved on in the same transaction: a batch is never mailed twice, and one that
 * fails partway queues nothing and is tried again whole. Then the next batch as a job of its own.
 */
export async function sendMailingBatch(job: MailingBatchJob, batchSize = MAILING_BATCH): Promise<number> {
  const batch = await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Mailing" WHERE id = ${job.mailingId} FOR UPDATE`;
    const mailing = await tx.mailing.findUnique({
      where: { id: job.mailingId },
      select: {
        siteId: true,
        kind: true,
        language: true,
        subject: true,
        body: true,
        status: true,
        lastUserId: true,
      },
    });
    if (!mailing || mailing.status !== "sending") return null;
    const members = await tx.user.findMany({
      where: {
        siteId: mailing.siteId,
        language: mailing.language,
        id: { gt: mailing.lastUserId },
        ...wantsMailWhere(mailing.kind),
      },
      orderBy: { id: "asc" },
      take: batchSize,
      select: {
        id: true,
        email: true,
        language: true,
        site: { select: { name: true, domain: true } },
        profile: { select: { name: true } },
      },
    });
    const content = { subject: mailing.subject, paragraphs: mailingParagraphs(mailing.body) };
    for (const member of members) {
      await sendNotificationMail(
        { to: { ...member, name: member.profile?.name ?? "" }, key: mailing.kind, kind: "mailing", content },
        tx,
      );
    }
    const done = members.length < batchSize;
    await tx.mailing.update({
      where: { id: job.mailingId },
      data: {
        lastUserId: members.at(-1)?.id ?? mailing.lastUserId,
        sentCount: { increment: members.length },
        ...(done ? { status: "sent", sentAt: new Date() } : {}),
      },
      select: { id: true },
    });
    return { count: members.length, done };
  }, MAIL_BATCH_TRANSACTION);
  if (!batch) return 0;
  if (!batch.done) {
    const boss = await jobs();
    await boss.send(QUEUES.mailingBatch, job);
  }
  return batch.count;
}
