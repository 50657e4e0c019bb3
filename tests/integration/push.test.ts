import https from "node:https";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { rootCertificates } from "node:tls";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changePassword } from "~/domain/accounts/change-password.server";
import { deleteAccount } from "~/domain/accounts/delete-account.server";
import { like } from "~/domain/likes/like.server";
import { handleMessageNotices } from "~/domain/notifications/message-notice.server";
import type { MessageNotice } from "~/domain/notifications/message-notice";
import {
  closeOpenTab,
  streamRowId,
  touchOpenTab,
  touchOpenTabWhileSignedIn,
} from "~/domain/notifications/open-tabs.server";
import { hasVisibleTab } from "~/domain/notifications/presence.server";
import { pushForLike, pushForMessage, type LikePushJob } from "~/domain/notifications/push-notify.server";
import { resolveSite } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { chatEventStream } from "~/realtime/event-stream.server";
import { createRealtimeHub } from "~/realtime/hub.server";
import { QUEUES, jobs, stopJobs } from "~/lib/jobs.server";
import { vapidKeys } from "~/lib/vapid-keys.server";
import { loader as settingsLoader } from "~/routes/api.settings";
import { action as pageHiddenAction } from "~/routes/api.page-hidden";
import { action as userAction } from "~/routes/api.user";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { action as notificationsAction, loader as notificationsLoader } from "~/routes/notifications";
import { seedBaseData } from "../../prisma/seed/base-data";
import {
  ORIGIN,
  contextFor,
  createMember,
  separateProfileIds,
  type Member,
  type MemberOptions,
} from "../fixtures/members";
import {
  pushServiceCertificate,
  startPushService,
  type PushService,
  type TestSubscription,
} from "../fixtures/push-service";
import { whileJobsRefused } from "../fixtures/refused-jobs";
import { runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";
import { logger } from "~/lib/logger.server";

let service: PushService;

beforeAll(async () => {
  await seedBaseData(db());
  await separateProfileIds();
  const certificate = pushServiceCertificate(await mkdtemp(path.join(os.tmpdir(), "push-ca-")));
  // web-push uses Node's default agent: trust the stand-in's certificate as well as the usual ones.
  https.globalAgent.options.ca = [...rootCertificates, certificate.cert];
  service = await startPushService(certificate);
});

afterAll(async () => {
  await service.close();
  await stopJobs();
});

beforeEach(() => {
  service.received.length = 0;
  service.rejected.length = 0;
});

/**
 * A JSON call to /api/user.php?push=1 as a member (a new login session, or the one of `cookie`) or
 * a visitor.
 */
async function pushCall(who: number | { cookie: string } | null, method: string, body: unknown) {
  const headers = new Headers({
    "Content-Type": "application/json",
    "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0",
  });
  if (who !== null) headers.set("Cookie", typeof who === "number" ? await sessionCookie(who) : who.cookie);
  const request = new Request(`${ORIGIN}/api/user.php?push=1`, {
    method,
    headers,
    body: JSON.stringify(body),
  });
  return runRoute<{ ok?: boolean; error?: string }>(request, userAction);
}

/** A member with push on for one device, stored through the app's own call. */
async function subscribedMember(options: MemberOptions = {}): Promise<Member & { device: TestSubscription }> {
  const member = await createMember(options);
  const device = service.subscription();
  const outcome = await pushCall(member.userId, "POST", {
    subscription: { endpoint: device.endpoint, keys: device.keys },
  });
  expect(outcome.status).toBe(200);
  return { ...member, device };
}

/** A conversation between the two with one message from `sender` (as sendMessage leaves it). */
async function messageBetween(
  sender: Member,
  recipient: Member,
  newConversation = false,
): Promise<MessageNotice> {
  const site = await db().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const [userAId, userBId] = [sender.userId, recipient.userId].sort((a, b) => a - b) as [number, number];
  const conversation = await db().conversation.upsert({
    where: { userAId_userBId: { userAId, userBId } },
    create: {
      siteId: site.id,
      userAId,
      userBId,
      startedById: sender.userId,
      members: {
        create: [
          { userId: sender.userId, otherUserId: recipient.userId },
          { userId: recipient.userId, otherUserId: sender.userId, unreadCount: 1 },
        ],
      },
    },
    update: {},
    select: { id: true },
  });
  const message = await db().message.create({
    data: {
      conversationId: conversation.id,
      senderId: sender.userId,
      kind: "text",
      body: "Hoi!",
      credits: 0,
    },
    select: { id: true },
  });
  return {
    messageId: message.id,
    conversationId: conversation.id,
    senderId: sender.userId,
    recipientId: recipient.userId,
    newConversation,
  };
}

async function devicesOf(member: Member) {
  return db().pushSubscription.findMany({
    where: { userId: member.userId },
    select: { endpoint: true, userAgent: true, lastSuccessAt: true },
  });
}

describe("pushes for messages", () => {
  it("sends a new message, decrypted by the push service, in the recipient's language", async () => {
    const anna = await createMember({ name: "Anna", photos: [{}] });
    const bram = await subscribedMember({ name: "Bram" });
    const notice = await messageBetween(anna, bram);

    expect(await pushForMessage(notice)).toEqual({ sent: 1, removed: 0, failed: 0 });
    const [push] = await service.waitFor(1);
    expect(push!.endpoint).toBe(bram.device.endpoint);
    expect(push!.payload).toEqual({
      title: "Nieuw bericht van Anna",
      body: "Anna heeft je een bericht gestuurd. Tik om het te lezen.",
      icon: `/photos/${anna.photoIds[0]}/thumb`,
      url: `/chats/${notice.conversationId}`,
      tag: `chat-${notice.conversationId}`,
    });
    expect(push!.vapid.aud).toBe(service.origin);
    expect(push!.ttl).toBe(86400);
    expect(service.rejected).toEqual([]);
    const [device] = await devicesOf(bram);
    expect(device!.lastSuccessAt).toBeInstanceOf(Date);
  });

  it("sends a new conversation in German to a German member, with the site icon without a photo", async () => {
    const anna = await createMember({ name: "Anna" });
    const klaus = await subscribedMember({ name: "Klaus", language: "de" });
    const notice = await messageBetween(anna, klaus, true);

    await pushForMessage(notice);
    const [push] = await service.waitFor(1);
    expect(push!.payload).toMatchObject({
      title: "Anna möchte mit dir chatten",
      body: "Anna hat ein Gespräch mit dir begonnen. Tippe, um es zu lesen.",
      icon: "/icons/icon-192.png",
      url: `/chats/${notice.conversationId}`,
    });
  });

  it("reaches every device of the member", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await subscribedMember();
    const second = service.subscription();
    await pushCall(bram.userId, "POST", { subscription: { endpoint: second.endpoint, keys: second.keys } });

    expect(await pushForMessage(await messageBetween(anna, bram))).toMatchObject({ sent: 2 });
    const pushes = await service.waitFor(2);
    expect(pushes.map((p) => p.endpoint).sort()).toEqual([bram.device.endpoint, second.endpoint].sort());
  });

  it("holds back while the recipient has a visible tab, and sends once it is hidden or stale", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await subscribedMember();
    const row = streamRowId("tab-of-bram");
    await touchOpenTab(row, bram.userId, true);

    expect(await pushForMessage(await messageBetween(anna, bram))).toMatchObject({ sent: 0 });

    // The page-hidden beacon for that tab.
    const hidden = await runRoute(
      new Request(`${ORIGIN}/api/page-hidden.php?tab=tab-of-bram`, {
        method: "POST",
        headers: { Cookie: await sessionCookie(bram.userId), "Content-Type": "application/json" },
        body: "{}",
      }),
      pageHiddenAction,
    );
    expect(hidden.status).toBe(204);
    expect(await pushForMessage(await messageBetween(anna, bram))).toMatchObject({ sent: 1 });

    // Visible again (a new stream), but not heard of for longer than TAB_FRESH_MS: gone.
    await touchOpenTab(row, bram.userId, true);
    expect(await pushForMessage(await messageBetween(anna, bram))).toMatchObject({ sent: 0 });
    await db().openTab.update({ where: { id: row }, data: { seenAt: new Date(Date.now() - 120_000) } });
    expect(await pushForMessage(await messageBetween(anna, bram))).toMatchObject({ sent: 1 });
    await service.waitFor(2);
    await closeOpenTab(row);
  });

  it("follows the member's new_messages and new_conversations switches", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await subscribedMember({ emailNotificationsOff: ["new_messages"] });
    expect(await pushForMessage(await messageBetween(anna, bram))).toMatchObject({ sent: 0 });
    expect(await pushForMessage(await messageBetween(anna, bram, true))).toMatchObject({ sent: 1 });

    const carla = await subscribedMember({ emailNotificationsOff: ["new_conversations"] });
    expect(await pushForMessage(await messageBetween(anna, carla, true))).toMatchObject({ sent: 0 });
    expect(await pushForMessage(await messageBetween(anna, carla))).toMatchObject({ sent: 1 });
  });

  it("sends nothing to an unconfirmed member, across a block, or for a message already read", async () => {
    const anna = await createMember({ name: "Anna" });
    const unconfirmed = await subscribedMember({ userStatus: "not_confirmed" });
    expect(await pushForMessage(await messageBetween(anna, unconfirmed))).toMatchObject({ sent: 0 });

    const blocked = await subscribedMember();
    const notice = await messageBetween(anna, blocked);
    await db().block.create({ data: { blockerId: blocked.userId, blockedId: anna.userId } });
    expect(await pushForMessage(notice)).toMatchObject({ sent: 0 });

    const reader = await subscribedMember();
    const read = await messageBetween(anna, reader);
    await db().conversationMember.update({
      where: { conversationId_userId: { conversationId: read.conversationId, userId: reader.userId } },
      data: { lastReadMessageId: read.messageId, unreadCount: 0 },
    });
    expect(await pushForMessage(read)).toMatchObject({ sent: 0 });
    expect(service.received).toEqual([]);
  });

  it("removes a device the push service answers 410 or 404 for, and keeps one after another error", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await subscribedMember();
    const other = service.subscription();
    await pushCall(bram.userId, "POST", { subscription: { endpoint: other.endpoint, keys: other.keys } });
    service.answer(bram.device.endpoint, 410);
    service.answer(other.endpoint, 404);
    expect(await pushForMessage(await messageBetween(anna, bram))).toEqual({
      sent: 0,
      removed: 2,
      failed: 0,
    });
    expect(await devicesOf(bram)).toEqual([]);

    const carla = await subscribedMember();
    service.answer(carla.device.endpoint, 500);
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    expect(await pushForMessage(await messageBetween(anna, carla))).toEqual({
      sent: 0,
      removed: 0,
      failed: 1,
    });
    expect(logged).toHaveBeenCalledWith("push not sent", expect.objectContaining({ status: 500 }));
    logged.mockRestore();
    expect(await devicesOf(carla)).toHaveLength(1);
  });
});

describe("the message notice job", () => {
  const failed = vi.fn(async () => {});
  // `whileJobsRefused` needs pg-boss's table, which exists once the queue has started.
  beforeAll(async () => {
    await jobs();
  });
  beforeEach(() => failed.mockClear());

  it("pushes nothing when the mail cannot be scheduled, so its retry pushes once", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await subscribedMember();
    const notice = await messageBetween(anna, bram);
    const mailJobs = async () =>
      (
        await db().$queryRaw<{ count: bigint }[]>`
          SELECT count(*) FROM pgboss.job
          WHERE name = ${QUEUES.messageMail} AND singleton_key = ${`${notice.conversationId}:${bram.userId}`}`
      )[0]!.count;
    await expect(
      whileJobsRefused(QUEUES.messageMail, () => handleMessageNotices([{ id: "job", data: notice }], failed)),
    ).rejects.toThrow(/refused/);
    expect(service.received).toEqual([]);
    expect(await mailJobs()).toBe(0n);

    // The job's retry: one push, one mail job.
    await handleMessageNotices([{ id: "job", data: notice }], failed);
    await service.waitFor(1);
    expect(service.received).toHaveLength(1);
    expect(await mailJobs()).toBe(1n);
    expect(failed).not.toHaveBeenCalled();
  });

  it("works a batch: one push per conversation for its newest message, one statement for the mails", async () => {
    const [anna, carla] = [await createMember({ name: "Anna" }), await createMember({ name: "Carla" })];
    const bram = await subscribedMember();
    const annaFirst = await messageBetween(anna, bram, true);
    const annaNewest = await messageBetween(anna, bram);
    const carlas = await messageBetween(carla, bram);
    // Bram read Anna's first message already: only her newest is left to tell.
    await db().conversationMember.update({
      where: { conversationId_userId: { conversationId: annaFirst.conversationId, userId: bram.userId } },
      data: { lastReadMessageId: annaFirst.messageId },
      select: { userId: true },
    });
    const batch = [annaNewest, carlas, annaFirst].map((data, i) => ({ id: `job-${i}`, data }));
    const waiting = async (queue: string) =>
      db().$queryRaw<{ data: Record<string, unknown> }[]>`
        SELECT data FROM pgboss.job WHERE name = ${queue} AND state = 'created'
          AND (data->>'recipientId' = ${String(bram.userId)} OR data->>'userId' = ${String(bram.userId)})`;

    await handleMessageNotices(batch, failed);
    const pushes = await service.waitFor(2);
    expect(service.received).toHaveLength(2);
    // Anna's two messages make one push: the conversation she started (its title), for her newest.
    expect(pushes.map((push) => push.payload.title).sort()).toEqual([
      "Anna wil met je chatten",
      "Nieuw bericht van Carla",
    ]);
    expect((await waiting(QUEUES.messageMail)).map((job) => job.data.conversationId).sort()).toEqual(
      [annaFirst.conversationId, carlas.conversationId].sort(),
    );
    expect(await waiting(QUEUES.unreadReminder)).toHaveLength(1);
    expect(failed).not.toHaveBeenCalled();
  });

  it("fails only the jobs of a push that throws; the batch's other pushes go out", async () => {
    const anna = await createMember({ name: "Anna" });
    const [bram, dirk] = [await subscribedMember(), await subscribedMember()];
    const toBram = await messageBetween(anna, bram);
    const toDirk = await messageBetween(anna, dirk);
    // Dirk's push service is down, and PostgreSQL refuses the push's retry job: his push throws.
    service.answer(dirk.device.endpoint, 503);
    const batch = [
      { id: "to-dirk", data: toDirk },
      { id: "to-bram", data: toBram },
    ];
    await whileJobsRefused(QUEUES.pushRetry, () => handleMessageNotices(batch, failed));
    const [pushed] = await service.waitFor(1);
    expect(service.received).toHaveLength(1);
    expect(pushed!.endpoint).toBe(bram.device.endpoint);
    expect(failed).toHaveBeenCalledTimes(1);
    expect(failed).toHaveBeenCalledWith(
      "to-dirk",
      expect.objectContaining({ message: expect.stringMatching(/refused/) }),
    );
  });
});

describe("a device's pushes end with the login session that turned them on", () => {
  /** Push turned on in a login session of its own (one browser), through the app's call. */
  async function deviceInSession(member: Member) {
    const cookie = await sessionCookie(member.userId);
    const device = service.subscription();
    const outcome = await pushCall({ cookie }, "POST", {
      subscription: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(outcome.status).toBe(200);
    return { cookie, device };
  }

  const endpointsOf = async (member: Member) => (await devicesOf(member)).map((d) => d.endpoint).sort();

  const sessionOf = async (endpoint: string) =>
    (await db().pushSubscription.findUniqueOrThrow({ where: { endpoint }, select: { sessionId: true } }))
      .sessionId;

  it("logging out (the plain form and the API call) stops that device's pushes, not the others'", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await createMember();
    const shared = await deviceInSession(bram);
    const laptop = await deviceInSession(bram);
    const phone = await deviceInSession(bram);

    const form = new Request(`${ORIGIN}/logout`, { method: "POST", headers: { Cookie: shared.cookie } });
    expect(await runRoute(form, logoutAction)).toMatchObject({ status: 302, location: "/" });
    const call = new Request(`${ORIGIN}/api/logout.php`, {
      headers: { Cookie: laptop.cookie, "Sec-Fetch-Site": "same-origin" },
    });
    expect(await runRoute(call, logoutLoader)).toMatchObject({ status: 302, location: "/" });

    expect(await endpointsOf(bram)).toEqual([phone.device.endpoint]);
    expect(await pushForMessage(await messageBetween(anna, bram))).toMatchObject({ sent: 1 });
    const [push] = await service.waitFor(1);
    expect(push!.endpoint).toBe(phone.device.endpoint);
  });

  it("follows the device to the session that last turned push on (logged in again, or someone else)", async () => {
    const [bram, carla] = [await createMember(), await createMember()];
    const first = await deviceInSession(bram);
    const again = await sessionCookie(bram.userId);
    const { endpoint, keys } = first.device;
    await pushCall({ cookie: again }, "POST", { subscription: { endpoint, keys } });

    // Logging out of the earlier session leaves the device on: the later one turned it on.
    await runRoute(
      new Request(`${ORIGIN}/logout`, { method: "POST", headers: { Cookie: first.cookie } }),
      logoutAction,
    );
    expect(await endpointsOf(bram)).toEqual([endpoint]);

    // Carla on the same browser: hers now, and Bram logging out elsewhere changes nothing.
    const carlas = await sessionCookie(carla.userId);
    await pushCall({ cookie: carlas }, "POST", { subscription: { endpoint, keys } });
    await runRoute(
      new Request(`${ORIGIN}/logout`, { method: "POST", headers: { Cookie: again } }),
      logoutAction,
    );
    expect(await endpointsOf(bram)).toEqual([]);
    expect(await endpointsOf(carla)).toEqual([endpoint]);
    await runRoute(
      new Request(`${ORIGIN}/logout`, { method: "POST", headers: { Cookie: carlas } }),
      logoutAction,
    );
    expect(await endpointsOf(carla)).toEqual([]);
  });

  it("a password change keeps only the changing session's device; account deletion ends them all", async () => {
    const password = "Oud-wachtwoord-2026";
    const bram = await createMember({ password });
    const here = await deviceInSession(bram);
    const elsewhere = await deviceInSession(bram);
    const changed = await changePassword({
      userId: bram.userId,
      currentPassword: password,
      newPassword: "Nieuw-wachtwoord-2026!",
      keepSessionId: await sessionOf(here.device.endpoint),
    });
    expect(changed).toEqual({ ok: true });
    expect(await endpointsOf(bram)).toEqual([here.device.endpoint]);
    expect(elsewhere.device.endpoint).not.toBe(here.device.endpoint);

    const dirk = await createMember({ password });
    await deviceInSession(dirk);
    await deviceInSession(dirk);
    const site = await resolveSite(new URL(ORIGIN).host);
    expect(
      await deleteAccount({ userId: dirk.userId, password, reason: "other", site, origin: ORIGIN }),
    ).toMatchObject({ ok: true });
    expect(await endpointsOf(dirk)).toEqual([]);
  });

  it("sends nothing to, and does not list, a device whose session expired", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await createMember();
    const { device } = await deviceInSession(bram);
    await db().session.update({
      where: { id: await sessionOf(device.endpoint) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await pushForMessage(await messageBetween(anna, bram))).toMatchObject({ sent: 0 });
    const page = await runRoute<{ devices: unknown[] }>(
      await siteRequest("/notifications", bram.userId),
      notificationsLoader,
    );
    expect(page.body!.devices).toEqual([]);
    expect(service.received).toEqual([]);
  });
});

describe("pushes for likes", () => {
  it("queues a like push with the like and sends the liker's profile to open", async () => {
    const boss = await jobs();
    const anna = await createMember({ name: "Anna", photos: [{}] });
    const bram = await subscribedMember();
    expect(await like(anna.userId, bram.profileId, ORIGIN)).toMatchObject({ ok: true, created: true });

    const [job] = await boss.fetch<LikePushJob>(QUEUES.likePush, { batchSize: 10 });
    expect(job!.data).toEqual({ likerId: anna.userId, likedId: bram.userId });
    expect(await pushForLike(job!.data)).toMatchObject({ sent: 1 });
    const [push] = await service.waitFor(1);
    expect(push!.payload).toEqual({
      title: "Nieuwe like!",
      body: "Anna vindt je leuk. Tik om het profiel te bekijken.",
      icon: `/photos/${anna.photoIds[0]}/thumb`,
      url: `/likes/m/${anna.profileId}`,
      tag: `like-${anna.profileId}`,
    });
  });

  it("never reveals an invisible liker, as the like mail does not", async () => {
    const anna = await createMember({ name: "Anna", invisible: true });
    const bram = await subscribedMember();
    expect(await like(anna.userId, bram.profileId, ORIGIN)).toMatchObject({ ok: true });
    expect(await pushForLike({ likerId: anna.userId, likedId: bram.userId })).toMatchObject({ sent: 0 });

    // Visible again, the like stands and may be told.
    await db().user.update({ where: { id: anna.userId }, data: { invisible: false } });
    expect(await pushForLike({ likerId: anna.userId, likedId: bram.userId })).toMatchObject({ sent: 1 });
    const [push] = await service.waitFor(1);
    expect(push!.payload).toMatchObject({ url: `/likes/m/${anna.profileId}` });
  });

  it("sends nothing for a like taken back, with the like switch off, or while watching", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await subscribedMember();
    expect(await pushForLike({ likerId: anna.userId, likedId: bram.userId })).toMatchObject({ sent: 0 });

    const carla = await subscribedMember({ emailNotificationsOff: ["like"] });
    await like(anna.userId, carla.profileId, ORIGIN);
    expect(await pushForLike({ likerId: anna.userId, likedId: carla.userId })).toMatchObject({ sent: 0 });

    const dirk = await subscribedMember();
    await like(anna.userId, dirk.profileId, ORIGIN);
    const row = streamRowId(null);
    await touchOpenTab(row, dirk.userId, true);
    expect(await pushForLike({ likerId: anna.userId, likedId: dirk.userId })).toMatchObject({ sent: 0 });
    await closeOpenTab(row);
    expect(await pushForLike({ likerId: anna.userId, likedId: dirk.userId })).toMatchObject({ sent: 1 });
  });
});

describe("POST /api/user.php?push=1", () => {
  const keys = {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  };

  it("answers a visitor 403 authentication_required", async () => {
    const outcome = await pushCall(null, "POST", {
      subscription: { endpoint: `${service.origin}/push/x`, keys },
    });
    expect(outcome).toMatchObject({ status: 403, body: { error: "authentication_required" } });
  });

  it("refuses a malformed subscription with 400", async () => {
    const member = await createMember();
    for (const subscription of [
      { endpoint: "http://push.example.com/x", keys },
      { endpoint: "https://push.example.com/x", keys: { p256dh: keys.p256dh } },
      { endpoint: `https://push.example.com/${"x".repeat(1000)}`, keys },
      { endpoint: "https://push.example.com/x", keys: { ...keys, auth: "not base64url!" } },
    ]) {
      expect(await pushCall(member.userId, "POST", { subscription })).toMatchObject({ status: 400 });
    }
    expect(await pushCall(member.userId, "POST", "nonsense")).toMatchObject({ status: 400 });
    expect(await devicesOf(member)).toEqual([]);
  });

  it("stores the device once, moves it to a new owner, and forgets it on DELETE", async () => {
    const [first, second] = [await createMember(), await createMember()];
    const endpoint = `https://fcm.googleapis.com/fcm/send/device-${first.userId}`;
    await pushCall(first.userId, "POST", { subscription: { endpoint, keys } });
    await pushCall(first.userId, "POST", { subscription: { endpoint, keys } });
    expect(await devicesOf(first)).toEqual([
      { endpoint, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0", lastSuccessAt: null },
    ]);

    await pushCall(second.userId, "POST", { subscription: { endpoint, keys } });
    expect(await devicesOf(first)).toEqual([]);
    expect(await devicesOf(second)).toHaveLength(1);

    // Another member cannot remove it; its owner can.
    expect(await pushCall(first.userId, "DELETE", { endpoint })).toMatchObject({ status: 200 });
    expect(await devicesOf(second)).toHaveLength(1);
    expect(await pushCall(second.userId, "DELETE", { endpoint })).toMatchObject({ status: 200 });
    expect(await devicesOf(second)).toEqual([]);
  });
});

describe("POST /api/user.php?push=1: only push services, a few devices, a few calls", () => {
  it("refuses an endpoint outside the browsers' push services with 400, storing nothing", async () => {
    const member = await createMember();
    const { keys } = service.subscription();
    for (const endpoint of [
      "https://push.example.com/x",
      "https://169.254.169.254/latest/meta-data",
      "https://fcm.googleapis.com.attacker.example/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://attacker.example/push.services.mozilla.com",
    ]) {
      expect(await pushCall(member.userId, "POST", { subscription: { endpoint, keys } })).toMatchObject({
        status: 400,
        body: { error: "unknown_push_service" },
      });
    }
    expect(await devicesOf(member)).toEqual([]);
  });

  it("keeps at most 10 devices per member: a new one replaces the oldest", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await createMember();
    const cookie = await sessionCookie(bram.userId);
    const devices = Array.from({ length: 11 }, () => service.subscription());
    for (const [index, device] of devices.entries()) {
      const subscription = { endpoint: device.endpoint, keys: device.keys };
      expect(await pushCall({ cookie }, "POST", { subscription })).toMatchObject({ status: 200 });
      // Apart in time, as devices turned on one after another are.
      await db().pushSubscription.update({
        where: { endpoint: device.endpoint },
        data: { createdAt: new Date(Date.now() - (20 - index) * 60_000) },
      });
    }
    const kept = (await devicesOf(bram)).map((d) => d.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(1)
        .map((d) => d.endpoint)
        .sort(),
    );
    expect(await pushForMessage(await messageBetween(anna, bram))).toMatchObject({ sent: 10 });
    await service.waitFor(10);
    expect(service.received.map((p) => p.endpoint)).not.toContain(devices[0]!.endpoint);
  });

  it("answers 429 past 20 subscriptions of a member within the hour", async () => {
    const member = await createMember();
    const cookie = await sessionCookie(member.userId);
    for (let i = 0; i < 20; i++) {
      const { endpoint, keys } = service.subscription();
      expect(await pushCall({ cookie }, "POST", { subscription: { endpoint, keys } })).toMatchObject({
        status: 200,
      });
    }
    const { endpoint, keys } = service.subscription();
    expect(await pushCall({ cookie }, "POST", { subscription: { endpoint, keys } })).toMatchObject({
      status: 429,
      body: { error: "rateLimited" },
    });
    expect((await devicesOf(member)).map((d) => d.endpoint)).not.toContain(endpoint);
  });

  it("never pushes to a stored device outside the push services (stored before): removes it", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await subscribedMember();
    const { sessionId } = await db().pushSubscription.findUniqueOrThrow({
      where: { endpoint: bram.device.endpoint },
      select: { sessionId: true },
    });
    await db().pushSubscription.create({
      data: {
        userId: bram.userId,
        sessionId,
        endpoint: "https://169.254.169.254/latest/meta-data",
        ...bram.device.keys,
      },
    });
    expect(await pushForMessage(await messageBetween(anna, bram))).toEqual({
      sent: 1,
      removed: 1,
      failed: 0,
    });
    expect((await devicesOf(bram)).map((d) => d.endpoint)).toEqual([bram.device.endpoint]);
  });
});

describe("GET /api/settings.php", () => {
  it("answers the site's public settings with the installation's push key", async () => {
    const site = await resolveSite(new URL(ORIGIN).host);
    const context = await contextFor(null, site);
    const request = new Request(`${ORIGIN}/api/settings.php`);
    const response = await settingsLoader({ request, context, params: {} } as never);
    expect(response.status).toBe(200);
    const { settings } = (await response.json()) as { settings: Record<string, unknown> };
    const { publicKey } = await vapidKeys();
    expect(settings.push_public_key).toBe(publicKey);
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    expect(settings).toMatchObject({
      name: expect.any(String),
      domain: expect.any(String),
      message_credits: 10,
    });
    for (const secret of ["resellUrl", "camFeedUrl", "loginMaxAttempts", "resell_url", "cam_feed_url"]) {
      expect(settings).not.toHaveProperty(secret);
    }
  });
});

describe("presence: the event stream", () => {
  it("keeps an OpenTab row for each open stream of a tab and deletes it when the stream ends", async () => {
    const hub = createRealtimeHub({ connectionString: process.env.DATABASE_URL!, log: () => {} });
    const member = await createMember();
    const rows = () =>
      db().openTab.findMany({ where: { userId: member.userId }, select: { id: true, visible: true } });
    const open = (query: string) => {
      const browser = new AbortController();
      const response = chatEventStream(
        new Request(`${ORIGIN}/api/events${query}`, { signal: browser.signal }),
        { userId: member.userId, sessionId: "not-checked-before-a-heartbeat" },
        hub,
      );
      return { browser, reader: response.body!.getReader() };
    };
    const waitFor = async (check: (found: { id: string; visible: boolean }[]) => boolean) => {
      for (let i = 0; i < 100 && !check(await rows()); i++) await new Promise((r) => setTimeout(r, 20));
      return rows();
    };
    try {
      const first = open("?tab=abcdef123456");
      await first.reader.read();
      const background = open("?tab=zyxwvu987654&hidden=1");
      await background.reader.read();
      const found = await waitFor((r) => r.length === 2);
      expect(found.map((r) => [r.id.split(".")[0], r.visible]).sort()).toEqual([
        ["abcdef123456", true],
        ["zyxwvu987654", false],
      ]);
      expect(await hasVisibleTab(member.userId)).toBe(true);

      first.browser.abort();
      await first.reader.cancel().catch(() => {});
      expect((await waitFor((r) => r.length === 1)).map((r) => r.id.split(".")[0])).toEqual(["zyxwvu987654"]);
      expect(await hasVisibleTab(member.userId)).toBe(false);
      background.browser.abort();
      await background.reader.cancel().catch(() => {});
      expect(await waitFor((r) => r.length === 0)).toEqual([]);
    } finally {
      await hub.stop();
    }
  });
});

describe("presence: the page-hidden beacon", () => {
  it("marks only the named tab hidden, or every tab of the member without a name", async () => {
    const member = await createMember();
    const [one, two] = [streamRowId("tab-one-1234"), streamRowId("tab-two-1234")];
    await touchOpenTab(one, member.userId, true);
    await touchOpenTab(two, member.userId, true);
    const beacon = async (query: string) =>
      runRoute(
        new Request(`${ORIGIN}/api/page-hidden.php${query}`, {
          method: "POST",
          headers: { Cookie: await sessionCookie(member.userId), "Content-Type": "application/json" },
          body: "{}",
        }),
        pageHiddenAction,
      );
    const visible = async () =>
      (
        await db().openTab.findMany({ where: { userId: member.userId, visible: true }, select: { id: true } })
      ).map((t) => t.id);

    await beacon("?tab=tab-one-1234");
    expect(await visible()).toEqual([two]);
    // A heartbeat keeps the state the beacon left, while the stream's session lasts.
    const session = await db().session.create({
      data: {
        id: `heartbeat-${member.userId}`,
        userId: member.userId,
        expiresAt: new Date(Date.now() + 60_000),
      },
      select: { id: true },
    });
    expect(await touchOpenTabWhileSignedIn(one, member.userId, session.id)).toBe(true);
    expect(await visible()).toEqual([two]);
    await beacon("");
    expect(await visible()).toEqual([]);

    const visitor = await runRoute(
      new Request(`${ORIGIN}/api/page-hidden.php`, { method: "POST", body: "{}" }),
      pageHiddenAction,
    );
    expect(visitor).toMatchObject({ status: 403 });

    // Logged out elsewhere: the next heartbeat says so (the stream then ends) and brings no row back.
    await db().session.delete({ where: { id: session.id }, select: { id: true } });
    await db().openTab.deleteMany({ where: { id: one } });
    expect(await touchOpenTabWhileSignedIn(one, member.userId, session.id)).toBe(false);
    expect(await db().openTab.count({ where: { id: one } })).toBe(0);
  });
});

describe("/notifications", () => {
  it("sends visitors to the login page", async () => {
    const outcome = await runRoute(await siteRequest("/notifications", null), notificationsLoader);
    expect(outcome).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fnotifications" });
  });

  it("lists the member's devices and removes one by form, never another member's", async () => {
    const owner = await subscribedMember();
    const stranger = await createMember();
    const page = await runRoute<{ devices: { id: number; browser: string | null }[] }>(
      await siteRequest("/notifications", owner.userId),
      notificationsLoader,
    );
    const [device] = page.body!.devices;
    expect(device).toMatchObject({ browser: "Chrome", os: "Linux" });

    const foreign = await runRoute(
      await siteRequest("/notifications", stranger.userId, {
        form: { intent: "removeDevice", device: String(device!.id) },
      }),
      notificationsAction,
    );
    expect(foreign.status).toBe(404);
    expect(await devicesOf(owner)).toHaveLength(1);

    const removed = await runRoute(
      await siteRequest("/notifications", owner.userId, {
        form: { intent: "removeDevice", device: String(device!.id) },
      }),
      notificationsAction,
    );
    expect(removed).toMatchObject({ status: 302, location: "/notifications?saved=device" });
    expect(await devicesOf(owner)).toEqual([]);
  });

  it("saves the eight mail switches and returns to /notifications", async () => {
    const member = await createMember();
    const outcome = await runRoute(
      await siteRequest("/notifications", member.userId, {
        form: { intent: "notifications", new_conversations: "on", like: "on", news: "on" },
      }),
      notificationsAction,
    );
    expect(outcome).toMatchObject({ status: 302, location: "/notifications?saved=notifications" });
    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { emailNotificationsOff: true },
    });
    expect(user.emailNotificationsOff.sort()).toEqual(
      ["new_messages", "promotions", "reminders", "unread_message_reminders", "weekly_updates"].sort(),
    );
  });

  it("closes the push alert for good and returns to the page it was closed on", async () => {
    const member = await createMember();
    const outcome = await runRoute(
      await siteRequest("/notifications", member.userId, {
        form: { intent: "dismissPushAlert", redirectTo: "/members?page=2" },
      }),
      notificationsAction,
    );
    expect(outcome).toMatchObject({ status: 302, location: "/members?page=2" });
    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { pushAlertDismissedAt: true },
    });
    expect(user.pushAlertDismissedAt).toBeInstanceOf(Date);
  });
});
