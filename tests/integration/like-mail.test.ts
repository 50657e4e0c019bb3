import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendLikeMail, type LikeMailJob } from "~/domain/likes/like-mail.server";
import { like, unlike } from "~/domain/likes/like.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { QUEUES, jobs, stopJobs } from "~/lib/jobs.server";
import { ORIGIN, createMember, type Member, separateProfileIds } from "../fixtures/members";
import { seedBaseData } from "../../prisma/seed/base-data";

beforeAll(async () => {
  await seedBaseData(db());
  await separateProfileIds();
  await jobs();
});

afterAll(stopJobs);

/** The member's like mail jobs waiting in the queue (pg-boss keeps them in schema "pgboss"). */
function waitingJobs(member: Member) {
  return db().$queryRaw<{ data: LikeMailJob; startAfter: Date }[]>`
    SELECT data, start_after AS "startAfter" FROM pgboss.job
    WHERE name = ${QUEUES.likeMail} AND singleton_key = ${String(member.userId)} AND state = 'created'`;
}

/** Takes the member's waiting job off the queue as a worker does, due or not (tests pass `now`). */
async function takeJob(member: Member): Promise<LikeMailJob> {
  const rows = await db().$queryRaw<{ data: LikeMailJob }[]>`
    UPDATE pgboss.job SET state = 'active', started_on = now()
    WHERE name = ${QUEUES.likeMail} AND singleton_key = ${String(member.userId)} AND state = 'created'
    RETURNING data`;
  expect(rows).toHaveLength(1);
  return rows[0]!.data;
}

function likeMails(member: Member) {
  return db().mail.findMany({
    where: { userId: member.userId },
    orderBy: { id: "asc" },
    select: { to: true, template: true, subject: true, html: true, text: true },
  });
}

function likesOf(member: Member) {
  return db().like.findMany({
    where: { likedId: member.userId },
    orderBy: { id: "asc" },
    select: { likerId: true, mailedAt: true },
  });
}

async function likeMailSentAt(member: Member) {
  const user = await db().user.findUniqueOrThrow({
    where: { id: member.userId },
    select: { likeMailSentAt: true },
  });
  return user.likeMailSentAt;
}

async function likedBy(member: Member, ...names: string[]) {
  const likers: Member[] = [];
  for (const name of names) {
    const liker = await createMember({ name });
    expect(await like(liker.userId, member.profileId, ORIGIN)).toMatchObject({ ok: true, created: true });
    likers.push(liker);
  }
  return likers;
}

const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000);

describe("queueing like mails", () => {
  it("queues one job for the liked member, however many likes arrive meanwhile", async () => {
    const member = await createMember();
    const before = Date.now();
    const [first] = await likedBy(member, "Sanne");
    const [job] = await waitingJobs(member);
    expect(job!.data).toEqual({ userId: member.userId, origin: ORIGIN });
    expect(job!.startAfter.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(job!.startAfter.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const others = await Promise.all(Array.from({ length: 5 }, () => createMember()));
    await Promise.all(others.map((o) => like(o.userId, member.profileId, ORIGIN)));
    await likedBy(member, "Eva");
    expect(await waitingJobs(member)).toHaveLength(1);

    // Another member gets a job of their own.
    const other = await createMember();
    await likedBy(other, "Noor");
    expect(await waitingJobs(other)).toHaveLength(1);

    // Liking again is no new like: no new job once the waiting one was taken.
    await takeJob(member);
    expect(await like(first!.userId, member.profileId, ORIGIN)).toMatchObject({ created: false });
    expect(await waitingJobs(member)).toEqual([]);
  });
});

describe("sending like mails", () => {
  it("mails every unmailed like at once, then at most once an hour, summing the likes of that hour", async () => {
    const member = await createMember({ name: "Marit" });
    await likedBy(member, "Sanne", "Eva", "Noor");
    const job = await takeJob(member);
    const sentAt = new Date();
    expect(await sendLikeMail(job, sentAt)).toBe("sent");

    const [mail, ...more] = await likeMails(member);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: member.email, template: "like" });
    expect(mail!.text).toContain(`${ORIGIN}/likes/received`);
    expect(mail!.subject).toBe("3 leden vinden je leuk op Hartklop");
    expect(mail!.text).toContain("Noor"); // the newest liker
    expect(mail!.text).toContain("Marit");
    expect((await likesOf(member)).map((l) => l.mailedAt)).toEqual([sentAt, sentAt, sentAt]);
    expect(await likeMailSentAt(member)).toEqual(sentAt);
    expect(await waitingJobs(member)).toEqual([]);

    // A like within the hour waits for the hour to pass.
    const nextSlot = new Date(sentAt.getTime() + 3600_000);
    await likedBy(member, "Lotte");
    expect((await waitingJobs(member)).map((j) => j.startAfter)).toEqual([nextSlot]);

    // A run within the hour (a job queued before the mail went) sends nothing and keeps that slot …
    expect(await sendLikeMail(job, minutes(sentAt, 10))).toBe("later");
    expect((await waitingJobs(member)).map((j) => j.startAfter)).toEqual([nextSlot]);
    // … and queues the job for it when none waits.
    await takeJob(member);
    expect(await sendLikeMail(job, minutes(sentAt, 10))).toBe("later");
    expect((await waitingJobs(member)).map((j) => j.startAfter)).toEqual([nextSlot]);
    expect(await likeMails(member)).toHaveLength(1);
    expect((await likesOf(member)).at(-1)!.mailedAt).toBeNull();

    // After the hour the likes of that hour go out in one mail.
    await likedBy(member, "Fleur");
    expect(await waitingJobs(member)).toHaveLength(1);
    const later = await takeJob(member);
    expect(await sendLikeMail(later, nextSlot)).toBe("sent");
    const mails = await likeMails(member);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toMatch(/\b2\b/);
    expect(mails[1]!.text).toContain("Fleur");
    expect(mails[1]!.text).not.toContain("Noor");
    expect((await likesOf(member)).map((l) => l.mailedAt)).toEqual([
      sentAt,
      sentAt,
      sentAt,
      nextSlot,
      nextSlot,
    ]);
    expect(await likeMailSentAt(member)).toEqual(nextSlot);
  });

  it("sends one mail when two workers run the member's job at the same moment", async () => {
    const member = await createMember();
    await likedBy(member, "Sanne", "Eva");
    const job = await takeJob(member);
    const now = new Date();
    const outcomes = await Promise.all([sendLikeMail(job, now), sendLikeMail(job, now)]);
    expect(outcomes.sort()).toEqual(["later", "sent"]);
    expect(await likeMails(member)).toHaveLength(1);
  });

  it("sends nothing when no like is left to mail", async () => {
    const member = await createMember();
    const [liker] = await likedBy(member, "Sanne");
    await unlike(liker!.userId, member.profileId);
    expect(await sendLikeMail(await takeJob(member), new Date())).toBe("none");
    expect(await sendLikeMail({ userId: 2147483647, origin: ORIGIN })).toBe("none");

    // A like from a member who is hidden by now waits until they are visible again.
    const [hidden] = await likedBy(member, "Eva");
    await db().user.update({
      where: { id: hidden!.userId },
      data: { invisible: true },
      select: { id: true },
    });
    expect(await sendLikeMail(await takeJob(member), new Date())).toBe("none");
    expect(await likeMails(member)).toEqual([]);
    expect((await likesOf(member)).map((l) => l.mailedAt)).toEqual([null]);
    expect(await likeMailSentAt(member)).toBeNull();
  });

  const unwanted: [string, Prisma.UserUpdateInput][] = [
    ["the like preference is off", { emailNotificationsOff: ["message", "like"] }],
    ["notifications are disabled", { notificationsDisabled: ["bounce"] }],
    ["the address is not confirmed", { status: "not_confirmed" }],
  ];
  it.each(unwanted)("mails nothing when %s, and passes the likes over for good", async (_, change) => {
    const member = await createMember();
    await likedBy(member, "Sanne", "Eva");
    await db().user.update({ where: { id: member.userId }, data: change, select: { id: true } });
    const now = new Date();
    expect(await sendLikeMail(await takeJob(member), now)).toBe("none");
    expect(await likeMails(member)).toEqual([]);
    expect((await likesOf(member)).map((l) => l.mailedAt)).toEqual([now, now]);
    expect(await likeMailSentAt(member)).toBeNull();

    // Wanted again: the next mail tells of the new like only, not of those passed over.
    await db().user.update({
      where: { id: member.userId },
      data: { emailNotificationsOff: [], notificationsDisabled: [], status: "confirmed" },
      select: { id: true },
    });
    await likedBy(member, "Noor");
    expect(await sendLikeMail(await takeJob(member), minutes(now, 1))).toBe("sent");
    const [mail] = await likeMails(member);
    expect(mail!.subject).toBe("Noor vindt je leuk op Hartklop");
    expect(mail!.text).not.toContain("Eva");
  });

  it("mails the liked member at their address, in their language", async () => {
    const dutch = await createMember({ email: "marit@example.com", emailNotificationsOff: ["message"] });
    const german = await createMember({ email: "greta@example.com", language: "de" });
    await likedBy(dutch, "Sanne");
    await likedBy(german, "Sanne");
    expect(await sendLikeMail(await takeJob(dutch), new Date())).toBe("sent");
    expect(await sendLikeMail(await takeJob(german), new Date())).toBe("sent");
    const [nl] = await likeMails(dutch);
    const [de] = await likeMails(german);
    expect(nl).toMatchObject({ to: "marit@example.com", template: "like" });
    expect(de).toMatchObject({ to: "greta@example.com", template: "like" });
    expect(nl!.html).toContain('<html lang="nl">');
    expect(de!.html).toContain('<html lang="de">');
    expect(de!.subject).not.toBe(nl!.subject);
  });
});

describe("a like mail that could not be queued", () => {
  it("leaves the likes unmailed, so the job's retry mails them", async () => {
    const member = await createMember();
    await likedBy(member, "Sanne", "Eva");
    const job = await takeJob(member);
    // PostgreSQL refuses to store a mail to this member (fault injection on the real database).
    await db().$executeRawUnsafe(`
      CREATE FUNCTION refuse_like_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'mail refused for the test'; END $$`);
    await db().$executeRawUnsafe(`
      CREATE TRIGGER refuse_like_mail BEFORE INSERT ON "Mail" FOR EACH ROW
      WHEN (NEW."userId" = ${member.userId}) EXECUTE FUNCTION refuse_like_mail()`);
    const now = new Date();
    try {
      await expect(sendLikeMail(job, now)).rejects.toThrow(/refused/);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER refuse_like_mail ON "Mail"`);
      await db().$executeRawUnsafe(`DROP FUNCTION refuse_like_mail()`);
    }
    expect(await likeMails(member)).toEqual([]);
    expect((await likesOf(member)).map((l) => l.mailedAt)).toEqual([null, null]);
    expect(await likeMailSentAt(member)).toBeNull();

    // The job's retry.
    expect(await sendLikeMail(job, now)).toBe("sent");
    const [mail, ...more] = await likeMails(member);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("2 leden vinden je leuk op Hartklop");
    expect((await likesOf(member)).map((l) => l.mailedAt)).toEqual([now, now]);
  });
});
