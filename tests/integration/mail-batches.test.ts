// The batch mail jobs (mailings, weekly updates, inactivity reminders) mark a member as mailed in the
// transaction that queues the mail: when queueing fails partway (the database refuses one mail
// here), the members not yet queued are not counted as mailed, a retry mails them, and no one twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendInactivityReminders } from "~/domain/notifications/inactivity-reminders.server";
import { createMailing, sendMailingBatch, startMailing } from "~/domain/notifications/mailings.server";
import { runWeeklyUpdates } from "~/domain/notifications/weekly-update.server";
import { db } from "~/lib/db.server";
import { QUEUES, jobs, stopJobs } from "~/lib/jobs.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, type Member } from "../fixtures/members";
import { whileJobsRefused } from "../fixtures/refused-jobs";

const DAY = 86_400_000;
let siteId: number;

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
  await jobs();
  // Fault injection on the real database: storing a mail to a listed address fails.
  await db().$executeRawUnsafe(`CREATE TABLE test_refused_mail (address text PRIMARY KEY)`);
  await db().$executeRawUnsafe(`
    CREATE FUNCTION test_refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_refused_mail WHERE address = NEW."to") THEN
        RAISE EXCEPTION 'mail to % refused (test)', NEW."to";
      END IF;
      RETURN NEW;
    END $$`);
  await db().$executeRawUnsafe(
    `CREATE TRIGGER test_refuse_mail BEFORE INSERT ON "Mail" FOR EACH ROW EXECUTE FUNCTION test_refuse_mail()`,
  );
});

afterAll(async () => {
  await db().$executeRawUnsafe(`DROP TRIGGER test_refuse_mail ON "Mail"`);
  await db().$executeRawUnsafe(`DROP FUNCTION test_refuse_mail()`);
  await db().$executeRawUnsafe(`DROP TABLE test_refused_mail`);
  await stopJobs();
});

beforeEach(async () => {
  await db().$executeRawUnsafe(`DELETE FROM test_refused_mail`);
});

const refuseMailTo = (member: Member) =>
  db().$executeRaw`INSERT INTO test_refused_mail (address) VALUES (${member.email})`;
const acceptMailAgain = () => db().$executeRaw`DELETE FROM test_refused_mail`;

/** How many mails of `template` each member has, in the members' order. */
async function mailCounts(members: Member[], template: string) {
  const rows = await db().mail.groupBy({
    by: ["userId"],
    where: { userId: { in: members.map((m) => m.userId) }, template },
    _count: { _all: true },
  });
  return members.map((m) => rows.find((row) => row.userId === m.userId)?._count._all ?? 0);
}

describe("a mailing", () => {
  it("queues a batch whole or not at all; the retry mails everyone once and counts them", async () => {
    const members: Member[] = [];
    for (let i = 0; i < 5; i++) members.push(await createMember({ siteId, language: "it" }));
    const staff = await createMember({ siteId, role: "admin" });
    const { id: mailingId } = await createMailing({
      siteId,
      createdById: staff.userId,
      kind: "news",
      language: "it",
      subject: "Notizie",
      body: "Ciao.",
    });
    expect(await startMailing(mailingId, { id: staff.userId, siteId })).toBe(true);
    const progress = () =>
      db().mailing.findUniqueOrThrow({
        where: { id: mailingId },
        select: { status: true, sentCount: true, lastUserId: true },
      });

    const sendJobs = async () =>
      (
        await db().$queryRaw<{ count: bigint }[]>`
          SELECT count(*) FROM pgboss.job WHERE name = ${QUEUES.sendMail}`
      )[0]!.count;
    const jobsBefore = await sendJobs();
    await refuseMailTo(members[2]!);
    await expect(sendMailingBatch({ mailingId }, 10)).rejects.toThrow(/refused/);
    expect(await mailCounts(members, "mailing")).toEqual([0, 0, 0, 0, 0]);
    // The delivery jobs of the first two went with their transaction.
    expect(await sendJobs()).toBe(jobsBefore);
    expect(await progress()).toMatchObject({ status: "sending", sentCount: 0, lastUserId: 0 });

    // The job's retry, once the mail goes through.
    await acceptMailAgain();
    expect(await sendMailingBatch({ mailingId }, 10)).toBe(5);
    expect(await mailCounts(members, "mailing")).toEqual([1, 1, 1, 1, 1]);
    expect(await progress()).toMatchObject({ status: "sent", sentCount: 5 });
    expect(await sendMailingBatch({ mailingId }, 10)).toBe(0);
    expect(await mailCounts(members, "mailing")).toEqual([1, 1, 1, 1, 1]);
  });
});

describe("starting a mailing", () => {
  it("leaves the draft as it was when its first batch job cannot be queued", async () => {
    const staff = await createMember({ siteId, role: "admin" });
    const { id: mailingId } = await createMailing({
      siteId,
      createdById: staff.userId,
      kind: "news",
      language: "it",
      subject: "Notizie",
      body: "Ciao.",
    });
    const batchJobs = async () =>
      (
        await db().$queryRaw<{ count: bigint }[]>`
          SELECT count(*) FROM pgboss.job
          WHERE name = ${QUEUES.mailingBatch} AND (data->>'mailingId')::int = ${mailingId}`
      )[0]!.count;
    // PostgreSQL refuses the batch job.
    await expect(
      whileJobsRefused(QUEUES.mailingBatch, () => startMailing(mailingId, { id: staff.userId, siteId })),
    ).rejects.toThrow(/refused/);
    const state = () =>
      db().mailing.findUniqueOrThrow({ where: { id: mailingId }, select: { status: true } });
    expect(await state()).toEqual({ status: "draft" });
    expect(await db().staffAction.count({ where: { targetId: mailingId, action: "mailing_started" } })).toBe(
      0,
    );
    expect(await batchJobs()).toBe(0n);

    // Staff start it again: now it goes, with its job.
    expect(await startMailing(mailingId, { id: staff.userId, siteId })).toBe(true);
    expect(await state()).toEqual({ status: "sending" });
    expect(await batchJobs()).toBe(1n);
  });
});

describe("the weekly update", () => {
  it("marks only the members whose mail was queued; the retry mails the rest, no one twice", async () => {
    const now = new Date();
    const before = await db().user.aggregate({ _max: { id: true } });
    // Women in Belgium, each with the same new men to hear about.
    const viewers: Member[] = [];
    for (let i = 0; i < 3; i++) {
      viewers.push(await createMember({ siteId, gender: "female", country: "BE", region: null }));
    }
    await createMember({
      siteId,
      gender: "male",
      country: "BE",
      region: null,
      emailNotificationsOff: ["weekly_updates"],
    });
    const sentAt = () =>
      db()
        .user.findMany({
          where: { id: { in: viewers.map((v) => v.userId) } },
          orderBy: { id: "asc" },
          select: { weeklyUpdateSentAt: true },
        })
        .then((rows) => rows.map((row) => row.weeklyUpdateSentAt !== null));

    await refuseMailTo(viewers[1]!);
    await expect(runWeeklyUpdates({ afterId: before._max.id ?? 0 }, now)).rejects.toThrow(/refused/);
    expect(await mailCounts(viewers, "weeklyUpdate")).toEqual([1, 0, 0]);
    expect(await sentAt()).toEqual([true, false, false]);

    await acceptMailAgain();
    await runWeeklyUpdates({ afterId: before._max.id ?? 0 }, now);
    expect(await mailCounts(viewers, "weeklyUpdate")).toEqual([1, 1, 1]);
    expect(await sentAt()).toEqual([true, true, true]);
  });
});

describe("inactivity reminders", () => {
  it("leave a batch unclaimed when one mail fails to queue; the next run mails each member once", async () => {
    const now = new Date();
    const away: Member[] = [];
    for (let i = 0; i < 4; i++) away.push(await createMember({ siteId }));
    await db().user.updateMany({
      where: { id: { in: away.map((m) => m.userId) } },
      data: { lastSeenAt: new Date(now.getTime() - 8 * DAY) },
    });
    const reminded = () =>
      db()
        .user.findMany({
          where: { id: { in: away.map((m) => m.userId) } },
          orderBy: { id: "asc" },
          select: { inactivityReminderDays: true },
        })
        .then((rows) => rows.map((row) => row.inactivityReminderDays));

    await refuseMailTo(away[2]!);
    await expect(sendInactivityReminders(now)).rejects.toThrow(/refused/);
    expect(await mailCounts(away, "inactivity")).toEqual([0, 0, 0, 0]);
    expect(await reminded()).toEqual([null, null, null, null]);

    await acceptMailAgain();
    expect(await sendInactivityReminders(now)).toEqual({ 7: 4, 30: 0 });
    expect(await mailCounts(away, "inactivity")).toEqual([1, 1, 1, 1]);
    expect(await reminded()).toEqual([7, 7, 7, 7]);
    expect(await sendInactivityReminders(now)).toEqual({ 7: 0, 30: 0 });
  });
});
