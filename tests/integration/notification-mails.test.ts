import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSession } from "~/middleware/session.server";
import { sendLikeMail } from "~/domain/likes/like-mail.server";
import { like } from "~/domain/likes/like.server";
import { sendAccountMail } from "~/domain/notifications/account-mail.server";
import { sendInactivityReminders } from "~/domain/notifications/inactivity-reminders.server";
import {
  MESSAGE_MAIL_DELAY_MS,
  MESSAGE_MAIL_INTERVAL_MS,
  MESSAGE_MAIL_ONLINE_CHECKS,
} from "~/domain/notifications/mail-schedule";
import { sendMailingBatch, type MailingBatchJob } from "~/domain/notifications/mailings.server";
import {
  scheduleMessageMails,
  sendMessageMail,
  type MessageMailJob,
} from "~/domain/notifications/message-mail.server";
import type { MessageNotice } from "~/domain/notifications/message-notice";
import { sendUnreadReminder } from "~/domain/notifications/unread-reminder.server";
import { sendNotificationMail } from "~/domain/notifications/notification-mail.server";
import { signUnsubscribeToken } from "~/domain/notifications/unsubscribe-token.server";
import { deliverMail } from "~/domain/notifications/mail-delivery.server";
import { runWeeklyUpdates } from "~/domain/notifications/weekly-update.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { QUEUES, jobs, stopJobs } from "~/lib/jobs.server";
import * as mailEventsRoute from "~/routes/api.mail-events";
import * as mailAlertRoute from "~/routes/mail-alert";
import * as settingsRoute from "~/routes/settings";
import * as staffMailingsRoute from "~/routes/staff.mailings";
import * as unsubscribeRoute from "~/routes/unsubscribe.$token";
import * as root from "~/root";
import { ORIGIN, createMember, separateProfileIds, type Member } from "../fixtures/members";
import { outboxFile } from "../fixtures/mail-outbox";
import { runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";
import { seedBaseData } from "../../prisma/seed/base-data";

const SECRET = "mail-events-secret-for-the-tests";
const DAY = 86_400_000;

beforeAll(async () => {
  await seedBaseData(db());
  await separateProfileIds();
  await jobs();
  env().MAIL_EVENTS_SECRET = SECRET;
});

afterAll(stopJobs);

const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000);

function mailsOf(member: Member, template: string) {
  return db().mail.findMany({
    where: { userId: member.userId, template },
    orderBy: { id: "asc" },
    select: { id: true, to: true, subject: true, text: true, html: true, unsubscribeUrl: true },
  });
}

/** A message from `sender` to `recipient` (as sendMessage leaves it: the recipient's unread count + 1). */
async function message(sender: Member, recipient: Member, createdAt = new Date()): Promise<MessageNotice> {
  const site = await db().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const [userAId, userBId] = [sender.userId, recipient.userId].sort((a, b) => a - b) as [number, number];
  const existing = await db().conversation.findUnique({
    where: { userAId_userBId: { userAId, userBId } },
    select: { id: true },
  });
  const conversation =
    existing ??
    (await db().conversation.create({
      data: {
        siteId: site.id,
        userAId,
        userBId,
        startedById: sender.userId,
        members: {
          create: [
            { userId: sender.userId, otherUserId: recipient.userId },
            { userId: recipient.userId, otherUserId: sender.userId },
          ],
        },
      },
      select: { id: true },
    }));
  const created = await db().message.create({
    data: {
      conversationId: conversation.id,
      senderId: sender.userId,
      kind: "text",
      body: "Hoi!",
      credits: 0,
      createdAt,
    },
    select: { id: true },
  });
  await db().conversationMember.update({
    where: { conversationId_userId: { conversationId: conversation.id, userId: recipient.userId } },
    data: { unreadCount: { increment: 1 } },
  });
  return {
    messageId: created.id,
    conversationId: conversation.id,
    senderId: sender.userId,
    recipientId: recipient.userId,
    newConversation: existing === null,
  };
}

async function markRead(notice: MessageNotice) {
  await db().conversationMember.update({
    where: { conversationId_userId: { conversationId: notice.conversationId, userId: notice.recipientId } },
    data: { unreadCount: 0, lastReadMessageId: notice.messageId },
  });
}

/** The token in a mail's unsubscribe address. */
const tokenOf = (url: string | null) => url!.split("/unsubscribe/")[1]!;

async function preferencesOff(member: Member) {
  const user = await db().user.findUniqueOrThrow({
    where: { id: member.userId },
    select: { emailNotificationsOff: true, notificationsDisabled: true },
  });
  return user;
}

describe("new conversation and new messages mails", () => {
  it("schedules one mail job per conversation and recipient, a few minutes later", async () => {
    const [anna, bram] = [await createMember({ name: "Anna" }), await createMember({ name: "Bram" })];
    const before = Date.now();
    const first = await message(anna, bram);
    await scheduleMessageMails([first]);
    await scheduleMessageMails([await message(anna, bram)]);
    const waiting = await db().$queryRaw<{ data: unknown; startAfter: Date }[]>`
      SELECT data, start_after AS "startAfter" FROM pgboss.job
      WHERE name = ${QUEUES.messageMail} AND singleton_key = ${`${first.conversationId}:${bram.userId}`} AND state = 'created'`;
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.data).toEqual({
      conversationId: first.conversationId,
      recipientId: bram.userId,
      newConversation: true,
    });
    expect(waiting[0]!.startAfter.getTime()).toBeGreaterThanOrEqual(before + MESSAGE_MAIL_DELAY_MS - 1000);
  });

  it("mails the unread messages with the sender's name and a link to the conversation", async () => {
    const [anna, bram] = [await createMember({ name: "Anna" }), await createMember({ name: "Bram" })];
    const first = await message(anna, bram);
    await message(anna, bram);
    expect(await sendMessageMail({ ...first, newConversation: true })).toBe("sent");
    const [mail, ...more] = await mailsOf(bram, "newConversation");
    expect(more).toEqual([]);
    expect(mail!.to).toBe(bram.email);
    expect(mail!.subject).toBe("Anna is een gesprek met je begonnen op Hartklop");
    expect(mail!.text).toContain(`/chats/${first.conversationId}`);
    expect(mail!.unsubscribeUrl).toMatch(/\/unsubscribe\/\d+\.new_conversations\.[\w-]{32}$/);
    expect(mail!.text).toContain(mail!.unsubscribeUrl);
  });

  it("sends nothing once the messages are read, with the preference off or while the recipient is online", async () => {
    const anna = await createMember({ name: "Anna" });
    const read = await createMember();
    const notice = await message(anna, read);
    await markRead(notice);
    expect(await sendMessageMail(notice)).toBe("read");

    const off = await createMember({ emailNotificationsOff: ["new_conversations"] });
    expect(await sendMessageMail(await message(anna, off))).toBe("unwanted");
    const disabled = await createMember({ notificationsDisabled: ["bounce"] });
    expect(await sendMessageMail(await message(anna, disabled))).toBe("unwanted");

    const online = await createMember();
    await db().openTab.create({ data: { id: `tab-${online.userId}`, userId: online.userId, visible: true } });
    expect(await sendMessageMail(await message(anna, online))).toBe("online");
    // A hidden tab does not count as being online.
    await db().openTab.update({ where: { id: `tab-${online.userId}` }, data: { visible: false } });
    expect(await sendMessageMail(await message(anna, online))).toBe("sent");

    for (const member of [read, off, disabled]) {
      expect(await mailsOf(member, "newConversation")).toEqual([]);
    }
  });

  it("looks again later while the recipient is online, so a message left unread still gets its mail", async () => {
    const [anna, bram] = [await createMember({ name: "Anna" }), await createMember({ name: "Bram" })];
    await db().openTab.create({ data: { id: `tab-${bram.userId}`, userId: bram.userId, visible: true } });
    const notice = await message(anna, bram);
    const now = new Date();
    const waiting = () =>
      db().$queryRaw<{ data: MessageMailJob; startAfter: Date }[]>`
        SELECT data, start_after AS "startAfter" FROM pgboss.job
        WHERE name = ${QUEUES.messageMail} AND singleton_key = ${`${notice.conversationId}:${bram.userId}`}
          AND state = 'created'`;
    const job: MessageMailJob = {
      conversationId: notice.conversationId,
      recipientId: bram.userId,
      newConversation: true,
    };
    expect(await sendMessageMail(job, now)).toBe("online");
    const [next, ...more] = await waiting();
    expect(more).toEqual([]);
    expect(next!.data).toEqual({ ...job, onlineChecks: 1 });
    expect(next!.startAfter.getTime()).toBeGreaterThanOrEqual(now.getTime() + MESSAGE_MAIL_DELAY_MS - 1000);
    await db().$executeRaw`DELETE FROM pgboss.job WHERE name = ${QUEUES.messageMail} AND state = 'created'
      AND singleton_key = ${`${notice.conversationId}:${bram.userId}`}`;

    // The member left without reading it (the tab is closed): the next look sends the mail.
    await db().openTab.delete({ where: { id: `tab-${bram.userId}` } });
    expect(await sendMessageMail(next!.data, minutes(now, 5))).toBe("sent");
    expect(await mailsOf(bram, "newConversation")).toHaveLength(1);

    // Online all the time: it stops looking after MESSAGE_MAIL_ONLINE_CHECKS (the unread reminder remains).
    const carla = await createMember({ name: "Carla" });
    await db().openTab.create({ data: { id: `tab-${carla.userId}`, userId: carla.userId, visible: true } });
    const second = await message(anna, carla);
    const last = {
      conversationId: second.conversationId,
      recipientId: carla.userId,
      newConversation: true,
      onlineChecks: MESSAGE_MAIL_ONLINE_CHECKS,
    };
    expect(await sendMessageMail(last, now)).toBe("onlineTooLong");
    const jobs = await db().$queryRaw<{ count: bigint }[]>`
      SELECT count(*) FROM pgboss.job WHERE name = ${QUEUES.messageMail} AND state = 'created'
        AND singleton_key = ${`${second.conversationId}:${carla.userId}`}`;
    expect(jobs[0]!.count).toBe(0n);
    expect(await mailsOf(carla, "newConversation")).toEqual([]);
  });

  it("sends nothing when the sender was deleted, disabled, went invisible or blocked in the meantime", async () => {
    const changes: [string, (sender: Member, recipient: Member) => Promise<unknown>][] = [
      ["deleted", (s) => db().user.update({ where: { id: s.userId }, data: { status: "deleted" } })],
      ["disabled", (s) => db().profile.update({ where: { userId: s.userId }, data: { status: "disabled" } })],
      ["invisible", (s) => db().user.update({ where: { id: s.userId }, data: { invisible: true } })],
      [
        "blocked",
        (s, r) =>
          db().block.create({ data: { blockerId: s.userId, blockedId: r.userId }, select: { id: true } }),
      ],
    ];
    for (const [change, apply] of changes) {
      const [sender, recipient] = [await createMember({ name: "Anna" }), await createMember()];
      const notice = await message(sender, recipient);
      await apply(sender, recipient);
      expect(await sendMessageMail(notice), change).toBe("senderHidden");
      expect(await mailsOf(recipient, "newConversation"), change).toEqual([]);
      // Nothing claimed: the 6-hour cap is not used up by a mail that did not go.
      const { messageMailSentAt } = await db().conversationMember.findUniqueOrThrow({
        where: { conversationId_userId: { conversationId: notice.conversationId, userId: recipient.userId } },
        select: { messageMailSentAt: true },
      });
      expect(messageMailSentAt, change).toBeNull();
    }
  });

  it("mails about new messages in a conversation at most once in 6 hours, also with two workers", async () => {
    const [anna, bram] = [await createMember({ name: "Anna" }), await createMember()];
    await markRead(await message(anna, bram));
    const notice = await message(anna, bram);
    expect(notice.newConversation).toBe(false);
    const now = new Date();
    const outcomes = await Promise.all([sendMessageMail(notice, now), sendMessageMail(notice, now)]);
    expect(outcomes.sort()).toEqual(["capped", "sent"]);
    const [mail] = await mailsOf(bram, "newMessages");
    expect(mail!.subject).toBe("Nieuw bericht van Anna");

    await message(anna, bram);
    expect(await sendMessageMail(notice, minutes(now, 60))).toBe("capped");
    expect(await sendMessageMail(notice, new Date(now.getTime() + MESSAGE_MAIL_INTERVAL_MS))).toBe("sent");
    const mails = await mailsOf(bram, "newMessages");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("2 nieuwe berichten van Anna");

    // The preference of new messages is its own.
    const carla = await createMember({ emailNotificationsOff: ["new_messages"] });
    await markRead(await message(anna, carla));
    expect(await sendMessageMail(await message(anna, carla))).toBe("unwanted");
  });
});

/** Runs `send` while PostgreSQL refuses to queue a mail to `member`, then as normal. */
async function withMailRefused<T>(member: Member, send: () => Promise<T>) {
  await db().$executeRawUnsafe(`
    CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'mail refused for the test'; END $$`);
  await db().$executeRawUnsafe(`
    CREATE TRIGGER refuse_mail BEFORE INSERT ON "Mail" FOR EACH ROW
    WHEN (NEW."userId" = ${member.userId}) EXECUTE FUNCTION refuse_mail()`);
  try {
    return await send().then(
      () => "queued",
      () => "failed",
    );
  } finally {
    await db().$executeRawUnsafe(`DROP TRIGGER refuse_mail ON "Mail"`);
    await db().$executeRawUnsafe(`DROP FUNCTION refuse_mail()`);
  }
}

describe("a notification mail that could not be queued", () => {
  it("leaves its claim open, so the job's retry sends it", async () => {
    const [anna, bram] = [await createMember({ name: "Anna" }), await createMember({ name: "Bram" })];
    const notice = await message(anna, bram);
    expect(await withMailRefused(bram, () => sendMessageMail(notice))).toBe("failed");
    expect(await sendMessageMail(notice)).toBe("sent");
    expect(await mailsOf(bram, "newConversation")).toHaveLength(1);

    const now = new Date();
    const carla = await createMember({ name: "Carla" });
    await message(anna, carla, new Date(now.getTime() - 25 * 3600_000));
    const remind = () => sendUnreadReminder({ userId: carla.userId }, now);
    expect(await withMailRefused(carla, remind)).toBe("failed");
    expect(await remind()).toBe("sent");
    expect(await mailsOf(carla, "unreadReminder")).toHaveLength(1);
  });
});

describe("unread message reminders", () => {
  it("reminds once of messages unread for 24 hours, again only for newer ones a day later", async () => {
    const [anna, bram] = [await createMember({ name: "Anna" }), await createMember({ name: "Bram" })];
    const now = new Date();
    await message(anna, bram, new Date(now.getTime() - 25 * 3600_000));
    await message(anna, bram, new Date(now.getTime() - 2 * 3600_000));
    expect(await sendUnreadReminder({ userId: bram.userId }, now)).toBe("sent");
    const [mail] = await mailsOf(bram, "unreadReminder");
    expect(mail!.subject).toBe("Je hebt 2 ongelezen berichten op Hartklop");
    expect(mail!.unsubscribeUrl).toContain(".unread_message_reminders.");
    expect(await sendUnreadReminder({ userId: bram.userId }, minutes(now, 60))).toBe("none");

    // A newer unread message: a reminder a day after it, not before.
    const newer = await message(anna, bram, minutes(now, 10));
    expect(await sendUnreadReminder({ userId: bram.userId }, minutes(now, 20))).toBe("later");
    const [waiting] = await db().$queryRaw<{ startAfter: Date }[]>`
      SELECT start_after AS "startAfter" FROM pgboss.job
      WHERE name = ${QUEUES.unreadReminder} AND singleton_key = ${String(bram.userId)} AND state = 'created'`;
    expect(waiting!.startAfter).toEqual(new Date(minutes(now, 10).getTime() + DAY));
    expect(
      await sendUnreadReminder({ userId: bram.userId }, new Date(minutes(now, 10).getTime() + DAY)),
    ).toBe("sent");
    expect(await mailsOf(bram, "unreadReminder")).toHaveLength(2);

    // Read messages need no reminder; neither does a member who switched reminders off.
    await markRead(newer);
    const carla = await createMember({ emailNotificationsOff: ["unread_message_reminders"] });
    await message(anna, carla, new Date(now.getTime() - 25 * 3600_000));
    expect(await sendUnreadReminder({ userId: carla.userId }, now)).toBe("unwanted");
    const dirk = await createMember();
    await markRead(await message(anna, dirk, new Date(now.getTime() - 25 * 3600_000)));
    expect(await sendUnreadReminder({ userId: dirk.userId }, now)).toBe("none");
  });
});

describe("weekly updates", () => {
  it("lists up to six new members matching the member's search, at most once in 7 days", async () => {
    const viewer = await createMember({ name: "Vera", gender: "female", country: "BE", region: null });
    const old = await createMember({
      gender: "male",
      country: "BE",
      createdAt: new Date(Date.now() - 10 * DAY),
    });
    const women = await createMember({ gender: "female", country: "BE" });
    const newcomers = [];
    for (let i = 0; i < 7; i++) {
      newcomers.push(await createMember({ name: `Nieuw${i}`, gender: "male", country: "BE", city: "Gent" }));
    }
    const quiet = await createMember({ gender: "female", country: "GB", region: null });
    const off = await createMember({
      gender: "female",
      country: "BE",
      emailNotificationsOff: ["weekly_updates"],
    });

    const now = new Date();
    let cursor: number | null = 0;
    while (cursor !== null) cursor = await runWeeklyUpdates({ afterId: cursor }, now);

    const [mail, ...more] = await mailsOf(viewer, "weeklyUpdate");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Deze week nieuw op Hartklop: 6 leden voor jou");
    for (const member of newcomers.slice(1)) expect(mail!.text).toContain(`/members/${member.profileId}`);
    expect(mail!.text).not.toContain(`/members/${newcomers[0]!.profileId}`);
    expect(mail!.text).not.toContain(`/members/${old.profileId}`);
    expect(mail!.text).not.toContain(`/members/${women.profileId}`);
    expect(mail!.text).toMatch(/Nieuw6 \d+ jaar, Gent/);
    expect(mail!.unsubscribeUrl).toContain(".weekly_updates.");
    expect(await mailsOf(quiet, "weeklyUpdate")).toEqual([]);
    expect(await mailsOf(off, "weeklyUpdate")).toEqual([]);

    // Not again within the week; a week later with the members who joined since.
    await runWeeklyUpdates({ afterId: viewer.userId - 1 }, minutes(now, 60));
    expect(await mailsOf(viewer, "weeklyUpdate")).toHaveLength(1);
    const weekLater = new Date(now.getTime() + 7 * DAY);
    const later = await createMember({ gender: "male", country: "BE", createdAt: minutes(now, 60) });
    await runWeeklyUpdates({ afterId: viewer.userId - 1 }, weekLater);
    const mails = await mailsOf(viewer, "weeklyUpdate");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`/members/${later.profileId}`);
    expect(mails[1]!.text).not.toContain(`/members/${newcomers[6]!.profileId}`);
  });
});

describe("inactivity reminders", () => {
  it("sends one mail after 7 days away and one after 30, and starts over when the member is back", async () => {
    const now = new Date();
    const away = await createMember({ name: "Weg" });
    const off = await createMember({ emailNotificationsOff: ["reminders"] });
    const gone = await createMember();
    await db().user.updateMany({
      where: { id: { in: [away.userId, off.userId] } },
      data: { lastSeenAt: new Date(now.getTime() - 8 * DAY) },
    });
    // Away far longer than any step's window: no late reminder.
    await db().user.update({
      where: { id: gone.userId },
      data: { lastSeenAt: new Date(now.getTime() - 90 * DAY) },
    });

    expect(await sendInactivityReminders(now)).toEqual({ 7: 1, 30: 0 });
    expect(await sendInactivityReminders(minutes(now, 60))).toEqual({ 7: 0, 30: 0 });
    const [first] = await mailsOf(away, "inactivity");
    expect(first!.text).toContain("Je bent al 7 dagen niet op Hartklop geweest.");
    expect(first!.unsubscribeUrl).toContain(".reminders.");

    const month = new Date(now.getTime() + 23 * DAY);
    expect(await sendInactivityReminders(month)).toEqual({ 7: 0, 30: 1 });
    expect(await sendInactivityReminders(minutes(month, 60))).toEqual({ 7: 0, 30: 0 });
    expect(await mailsOf(away, "inactivity")).toHaveLength(2);
    expect(await mailsOf(off, "inactivity")).toEqual([]);
    expect(await mailsOf(gone, "inactivity")).toEqual([]);

    // Back on the site: logging in sets lastSeenAt and clears the step.
    const seen = () =>
      db().user.findUniqueOrThrow({
        where: { id: away.userId },
        select: { lastSeenAt: true, inactivityReminderDays: true },
      });
    const cookie = await sessionCookie(away.userId);
    let back = await seen();
    expect(back.inactivityReminderDays).toBeNull();
    expect(Date.now() - back.lastSeenAt!.getTime()).toBeLessThan(60_000);

    // An open session does the same in its hourly refresh.
    await db().user.update({
      where: { id: away.userId },
      data: { lastSeenAt: new Date(now.getTime() - 8 * DAY), inactivityReminderDays: 7 },
    });
    await db().session.updateMany({
      where: { userId: away.userId },
      data: { lastUsedAt: new Date(Date.now() - 2 * 3600_000) },
    });
    const { siteId } = await db().user.findUniqueOrThrow({
      where: { id: away.userId },
      select: { siteId: true },
    });
    await getSession(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }), siteId);
    back = await seen();
    expect(back.inactivityReminderDays).toBeNull();
    expect(Date.now() - back.lastSeenAt!.getTime()).toBeLessThan(60_000);
  });
});

describe("mailings", () => {
  it("lets only staff write one, and sends it in batches to the members of its language who want it", async () => {
    const staff = await createMember({ role: "admin" });
    const member = await createMember();
    expect(
      (await runRoute(await siteRequest("/staff/mailings", null), staffMailingsRoute.loader)).status,
    ).toBe(302);
    expect(
      (await runRoute(await siteRequest("/staff/mailings", member.userId), staffMailingsRoute.loader)).status,
    ).toBe(404);

    const invalid = await runRoute(
      await siteRequest("/staff/mailings", staff.userId, {
        form: { kind: "news", language: "pl", subject: "", body: "" },
      }),
      staffMailingsRoute.action,
    );
    expect(invalid.status).toBe(400);
    const created = await runRoute(
      await siteRequest("/staff/mailings", staff.userId, {
        form: {
          kind: "promotions",
          language: "pl",
          subject: "Promocja",
          body: "Akapit pierwszy\ndalej.\n\nAkapit drugi.",
        },
      }),
      staffMailingsRoute.action,
    );
    expect(created).toMatchObject({ status: 302, location: "/staff/mailings?done=created" });
    const mailing = await db().mailing.findFirstOrThrow({
      where: { subject: "Promocja" },
      select: { id: true },
    });

    const wanted = [];
    for (let i = 0; i < 5; i++) wanted.push(await createMember({ language: "pl" }));
    const off = await createMember({ language: "pl", emailNotificationsOff: ["promotions"] });
    const disabled = await createMember({ language: "pl", notificationsDisabled: ["fbl"] });
    const unconfirmed = await createMember({ language: "pl", userStatus: "not_confirmed" });
    const dutch = await createMember({ language: "nl" });

    expect(
      (
        await runRoute(
          await siteRequest("/staff/mailings", member.userId, {
            form: { intent: "send", mailingId: String(mailing.id) },
          }),
          staffMailingsRoute.action,
        )
      ).status,
    ).toBe(404);
    const sent = await runRoute(
      await siteRequest("/staff/mailings", staff.userId, {
        form: { intent: "send", mailingId: String(mailing.id) },
      }),
      staffMailingsRoute.action,
    );
    expect(sent).toMatchObject({ status: 302, location: "/staff/mailings?done=sending" });

    // Work the queue as a worker does, two members per batch: three batch jobs.
    const boss = await jobs();
    let batches = 0;
    for (;;) {
      const [job] = await boss.fetch<MailingBatchJob>(QUEUES.mailingBatch);
      if (!job) break;
      await sendMailingBatch(job.data, 2);
      await boss.complete(QUEUES.mailingBatch, job.id);
      batches++;
    }
    expect(batches).toBe(3);
    const row = await db().mailing.findUniqueOrThrow({
      where: { id: mailing.id },
      select: { status: true, sentCount: true, sentAt: true },
    });
    expect(row).toMatchObject({ status: "sent", sentCount: 5 });
    for (const m of wanted) {
      const [mail, ...more] = await mailsOf(m, "mailing");
      expect(more).toEqual([]);
      expect(mail!.subject).toBe("Promocja");
      expect(mail!.html).toContain("<p>Akapit pierwszy dalej.</p>");
      expect(mail!.html).toContain("<p>Akapit drugi.</p>");
      expect(mail!.unsubscribeUrl).toContain(".promotions.");
    }
    for (const m of [off, disabled, unconfirmed, dutch]) expect(await mailsOf(m, "mailing")).toEqual([]);

    const page = await runRoute<{ mailings: { id: number; status: string; sentCount: number }[] }>(
      await siteRequest("/staff/mailings", staff.userId),
      staffMailingsRoute.loader,
    );
    expect(page.body!.mailings.find((m) => m.id === mailing.id)).toMatchObject({
      status: "sent",
      sentCount: 5,
    });
    // Sent once only.
    const again = await runRoute(
      await siteRequest("/staff/mailings", staff.userId, {
        form: { intent: "send", mailingId: String(mailing.id) },
      }),
      staffMailingsRoute.action,
    );
    expect(again.status).toBe(404);
  });
});

describe("unsubscribing", () => {
  it("turns the one kind off by a one-click POST, without a login or a confirmation, idempotently", async () => {
    const bram = await createMember({ name: "Bram" });
    const token = signUnsubscribeToken({ userId: bram.userId, key: "new_messages" });
    const oneClick = async () =>
      runRoute<{ key: string; confirm: boolean }>(
        await siteRequest(`/unsubscribe/${token}`, null, { form: { "List-Unsubscribe": "One-Click" } }),
        unsubscribeRoute.action,
        { token },
      );
    expect(await oneClick()).toMatchObject({ status: 200, body: { key: "new_messages", confirm: false } });
    expect((await preferencesOff(bram)).emailNotificationsOff).toEqual(["new_messages"]);
    expect(await oneClick()).toMatchObject({ status: 200, body: { key: "new_messages" } });
    expect((await preferencesOff(bram)).emailNotificationsOff).toEqual(["new_messages"]);
  });

  it("asks first when the visible link is opened (a mail scanner turns nothing off); its button does it", async () => {
    const bram = await createMember({ name: "Bram" });
    const weekly = signUnsubscribeToken({ userId: bram.userId, key: "weekly_updates" });
    for (let opened = 0; opened < 2; opened++) {
      const get = await runRoute(await siteRequest(`/unsubscribe/${weekly}`, null), unsubscribeRoute.loader, {
        token: weekly,
      });
      expect(get).toMatchObject({
        status: 200,
        body: { key: "weekly_updates", confirm: true, title: "Afmelden" },
      });
    }
    expect((await preferencesOff(bram)).emailNotificationsOff).toEqual([]);

    // The page's button: a plain form posting nothing but itself.
    const confirmed = await runRoute(
      await siteRequest(`/unsubscribe/${weekly}`, null, { form: {} }),
      unsubscribeRoute.action,
      { token: weekly },
    );
    expect(confirmed).toMatchObject({
      status: 200,
      body: { key: "weekly_updates", confirm: false, title: "Je bent afgemeld" },
    });
    expect((await preferencesOff(bram)).emailNotificationsOff).toEqual(["weekly_updates"]);
  });

  it("refuses a forged or malformed token with a 400 page", async () => {
    const bram = await createMember();
    const genuine = signUnsubscribeToken({ userId: bram.userId, key: "like" });
    const forged = [
      genuine.replace(".like.", ".news."),
      genuine.replace(`${bram.userId}.`, `${bram.userId + 1}.`),
      `${genuine.slice(0, -1)}${genuine.endsWith("A") ? "B" : "A"}`,
      signUnsubscribeToken({ userId: bram.userId, key: "like" }, "another-secret-of-at-least-32-chars!!"),
      "nonsense",
    ];
    for (const token of forged) {
      const get = await runRoute(await siteRequest(`/unsubscribe/${token}`, null), unsubscribeRoute.loader, {
        token,
      });
      expect(get).toMatchObject({ status: 400, body: { key: null } });
      const post = await runRoute(
        await siteRequest(`/unsubscribe/${token}`, null, { form: {} }),
        unsubscribeRoute.action,
        {
          token,
        },
      );
      expect(post.status).toBe(400);
    }
    expect((await preferencesOff(bram)).emailNotificationsOff).toEqual([]);
  });

  it("delivers notification mails with List-Unsubscribe headers, the like mail too", async () => {
    const [anna, bram] = [await createMember({ name: "Anna" }), await createMember({ name: "Bram" })];
    expect(await like(anna.userId, bram.profileId, ORIGIN)).toMatchObject({ ok: true });
    expect(await sendLikeMail({ userId: bram.userId, origin: ORIGIN })).toBe("sent");
    const [likeMail] = await mailsOf(bram, "like");
    expect(likeMail!.unsubscribeUrl).toMatch(new RegExp(`^${ORIGIN}/unsubscribe/${bram.userId}\\.like\\.`));
    expect(likeMail!.text).toContain(likeMail!.unsubscribeUrl);

    await deliverMail(likeMail!.id, "Hartklop <noreply@hartklop.nl>");
    // Long header lines are folded: unfold them to read the headers.
    const eml = (await readFile(outboxFile(likeMail!.id), "utf8")).replace(/\r?\n[ \t]+/g, " ");
    expect(eml).toContain(`List-Unsubscribe: <${likeMail!.unsubscribeUrl}>`);
    expect(eml).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    // The mail's own link works.
    const token = tokenOf(likeMail!.unsubscribeUrl);
    const post = await runRoute(
      await siteRequest(`/unsubscribe/${token}`, null, { form: {} }),
      unsubscribeRoute.action,
      {
        token,
      },
    );
    expect(post.status).toBe(200);
    expect((await preferencesOff(bram)).emailNotificationsOff).toEqual(["like"]);

    // An account mail has none.
    const account = await db().mail.create({
      data: {
        userId: bram.userId,
        to: bram.email,
        subject: "Account",
        html: "<p>x</p>",
        text: "x",
        template: "activation",
      },
      select: { id: true },
    });
    await deliverMail(account.id, "Hartklop <noreply@hartklop.nl>");
    expect(await readFile(outboxFile(account.id), "utf8")).not.toContain("List-Unsubscribe");
  });
});

describe("delivery of queued mail", () => {
  const from = "Hartklop <noreply@hartklop.nl>";
  const site = { name: "Hartklop", domain: "hartklop.nl" };
  const recipient = (member: Member) => ({
    id: member.userId,
    email: member.email,
    language: "nl",
    name: "Bram",
    site,
  });

  it("sends account mails before waiting notification mails, and those before bulk mails", async () => {
    const bram = await createMember({ name: "Bram" });
    const mailing = await sendNotificationMail({
      to: recipient(bram),
      key: "news",
      kind: "mailing",
      content: { subject: "Nieuws", paragraphs: ["Hallo."] },
    });
    const weekly = await sendNotificationMail({
      to: recipient(bram),
      key: "weekly_updates",
      kind: "weeklyUpdate",
    });
    const message = await sendNotificationMail({
      to: recipient(bram),
      key: "new_messages",
      kind: "newMessages",
      path: "/chats/1",
      values: { senderName: "Anna", count: 1 },
    });
    const reset = await sendAccountMail({
      kind: "resetPassword",
      to: bram.email,
      userId: bram.userId,
      language: "nl",
      site,
      name: "Bram",
      link: `${ORIGIN}/reset-password/do?token=x`,
    });
    // Taken off the queue one job at a time, as pg-boss picks them (other tests' jobs in between).
    const boss = await jobs();
    const mine = [mailing, weekly, message, reset];
    const order: number[] = [];
    while (order.length < mine.length) {
      const [job] = await boss.fetch<{ mailId: number }>(QUEUES.sendMail);
      expect(job).toBeDefined();
      if (mine.includes(job!.data.mailId)) order.push(job!.data.mailId);
    }
    expect(order).toEqual([reset, message, mailing, weekly]);
  });

  it("does not send a notification mail whose member no longer wants it by the time it is due", async () => {
    const changes: [string, Prisma.UserUpdateInput][] = [
      ["unsubscribed", { emailNotificationsOff: ["new_messages"] }],
      ["bounced", { notificationsDisabled: ["bounce"] }],
      ["deleted", { status: "deleted" }],
    ];
    for (const [change, data] of changes) {
      const bram = await createMember({ name: "Bram" });
      const mailId = await sendNotificationMail({
        to: recipient(bram),
        key: "new_messages",
        kind: "newMessages",
        path: "/chats/1",
        values: { senderName: "Anna", count: 1 },
      });
      const reset = await sendAccountMail({
        kind: "resetPassword",
        to: bram.email,
        userId: bram.userId,
        language: "nl",
        site,
        name: "Bram",
        link: `${ORIGIN}/reset-password/do?token=x`,
      });
      await db().user.update({ where: { id: bram.userId }, data, select: { id: true } });
      await deliverMail(mailId, from);
      await deliverMail(reset, from);
      const status = async (id: number) =>
        (await db().mail.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
      expect(await status(mailId), change).toBe("skipped");
      await expect(readFile(outboxFile(mailId)), change).rejects.toThrow(/ENOENT/);
      // A mail about the account itself still goes.
      expect(await status(reset), change).toBe("sent");
    }
    // Another kind turned off does not stop this one.
    const carla = await createMember({ name: "Carla", emailNotificationsOff: ["weekly_updates"] });
    const mailId = await sendNotificationMail({
      to: recipient(carla),
      key: "new_messages",
      kind: "newMessages",
      path: "/chats/1",
      values: { senderName: "Anna", count: 1 },
    });
    await deliverMail(mailId, from);
    expect(
      (await db().mail.findUniqueOrThrow({ where: { id: mailId }, select: { status: true } })).status,
    ).toBe("sent");
  });
});

describe("mail events from the provider", () => {
  const post = (body: string, authorization: string | null = `Bearer ${SECRET}`) =>
    runRoute<{ error?: string; accounts?: number }>(
      new Request(`${ORIGIN}/api/mail-events`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body,
      }),
      mailEventsRoute.action,
    );

  it("stops all notification mail for a hard bounce, a complaint or an unsubscribe", async () => {
    const bounced = await createMember();
    const complained = await createMember();
    const unsubscribed = await createMember();
    const soft = await createMember();
    const single = await post(
      JSON.stringify({ type: "bounce", email: bounced.email.toUpperCase(), hard: true }),
    );
    expect(single).toMatchObject({ status: 200, body: { accounts: 1 } });
    const many = await post(
      JSON.stringify([
        { type: "complaint", email: complained.email, provider: "ignored extra field" },
        { type: "unsubscribe", email: unsubscribed.email },
        { type: "bounce", email: soft.email, hard: false },
        { type: "bounce", email: bounced.email },
        { type: "complaint", email: "nobody@example.com" },
      ]),
    );
    expect(many).toMatchObject({ status: 200, body: { accounts: 2 } });
    expect((await preferencesOff(bounced)).notificationsDisabled).toEqual(["bounce"]);
    expect((await preferencesOff(complained)).notificationsDisabled).toEqual(["fbl"]);
    expect((await preferencesOff(unsubscribed)).notificationsDisabled).toEqual(["listunsubscribe"]);
    expect((await preferencesOff(soft)).notificationsDisabled).toEqual([]);

    // No mail goes to them any more.
    const anna = await createMember({ name: "Anna" });
    expect(await sendMessageMail(await message(anna, complained))).toBe("unwanted");
  });

  it("answers 401 without the secret, 400 for bad JSON or events, 503 when not configured", async () => {
    expect((await post("{}", null)).status).toBe(401);
    expect((await post("{}", "Bearer wrong-secret-of-some-length")).status).toBe(401);
    const basic = `Basic ${Buffer.from(`provider:${SECRET}`).toString("base64")}`;
    expect((await post(JSON.stringify({ type: "complaint", email: "x@example.com" }), basic)).status).toBe(
      200,
    );
    expect(await post("{not json")).toMatchObject({ status: 400, body: { error: "invalid_json" } });
    expect(await post(JSON.stringify({ type: "delivered", email: "x@example.com" }))).toMatchObject({
      status: 400,
      body: { error: "invalid_events" },
    });
    expect(await post(JSON.stringify({ type: "bounce", email: "not an address" }))).toMatchObject({
      status: 400,
    });
    env().MAIL_EVENTS_SECRET = undefined;
    try {
      expect(await post("{}")).toMatchObject({ status: 503, body: { error: "not_configured" } });
    } finally {
      env().MAIL_EVENTS_SECRET = SECRET;
    }
  });
});

describe("the disabled-notifications alert", () => {
  type RootData = { user: { mailsOffAlert: { email: string; reasons: string[] } | null } };

  it("explains why mail stopped until the member closes it or turns mail on again", async () => {
    const member = await createMember({ notificationsDisabled: ["fbl"] });
    const page = await runRoute<RootData>(await siteRequest("/members", member.userId), root.loader);
    expect(page.body!.user.mailsOffAlert).toEqual({ email: member.email, reasons: ["fbl"] });

    const dismissed = await runRoute(
      await siteRequest("/mail-alert", member.userId, {
        form: { intent: "dismiss", redirectTo: "/members?x=1" },
      }),
      mailAlertRoute.action,
    );
    expect(dismissed).toMatchObject({ status: 302, location: "/members?x=1" });
    expect(
      (await runRoute<RootData>(await siteRequest("/members", member.userId), root.loader)).body!.user
        .mailsOffAlert,
    ).toBeNull();

    // A new reason from the provider shows it again; turning mail on clears the reasons but the
    // bounce, which only a confirmed new address clears.
    await applyEvent({ type: "bounce", email: member.email });
    expect(
      (await runRoute<RootData>(await siteRequest("/members", member.userId), root.loader)).body!.user
        .mailsOffAlert,
    ).toEqual({ email: member.email, reasons: ["fbl", "bounce"] });
    const resumed = await runRoute(
      await siteRequest("/mail-alert", member.userId, {
        form: { intent: "resumeMails", redirectTo: "//evil.example" },
      }),
      mailAlertRoute.action,
    );
    expect(resumed).toMatchObject({ status: 302, location: "/" });
    expect((await preferencesOff(member)).notificationsDisabled).toEqual(["bounce"]);
    expect(
      (await runRoute<RootData>(await siteRequest("/members", member.userId), root.loader)).body!.user
        .mailsOffAlert,
    ).toEqual({ email: member.email, reasons: ["bounce"] });
    const again = await runRoute(
      await siteRequest("/mail-alert", member.userId, { form: { intent: "resumeMails" } }),
      mailAlertRoute.action,
    );
    expect(again.status).toBe(302);
    expect((await preferencesOff(member)).notificationsDisabled).toEqual(["bounce"]);
    // The settings page's button: no "mails are on again" notice while the bounce stands.
    const resumeOnSettings = async () =>
      runRoute(
        await siteRequest("/settings", member.userId, { form: { intent: "resumeMails" } }),
        settingsRoute.action,
      );
    expect(await resumeOnSettings()).toMatchObject({ status: 302, location: "/settings" });
    expect((await preferencesOff(member)).notificationsDisabled).toEqual(["bounce"]);
    await db().user.update({
      where: { id: member.userId },
      data: { notificationsDisabled: ["fbl"] },
      select: { id: true },
    });
    expect(await resumeOnSettings()).toMatchObject({ status: 302, location: "/settings?saved=resumeMails" });
    expect((await preferencesOff(member)).notificationsDisabled).toEqual([]);
    expect(
      (
        await runRoute(
          await siteRequest("/mail-alert", null, { form: { intent: "dismiss" } }),
          mailAlertRoute.action,
        )
      ).status,
    ).toBe(302);
  });
});

async function applyEvent(event: { type: string; email: string }) {
  const outcome = await runRoute(
    new Request(`${ORIGIN}/api/mail-events`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${SECRET}` },
      body: JSON.stringify(event),
    }),
    mailEventsRoute.action,
  );
  expect(outcome.status).toBe(200);
}
