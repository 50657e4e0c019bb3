// Staff actions on one member (/staff/members/:id/:action, docs/product.md, Bans and Back office):
// each action's effect with its staff log row, the ban's effects everywhere (streams on another app
// process, search, likes, chats, profile page, login, messages) and lifting it, credits that never go
// below zero, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "~/domain/chat/send-message.server";
import { listConversations } from "~/domain/chat/conversation-list.server";
import { listLikes } from "~/domain/likes/overview.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { chatEventStream } from "~/realtime/event-stream.server";
import { createRealtimeHub, stopRealtime, type RealtimeHub } from "~/realtime/hub.server";
import { action as loginAction } from "~/routes/login";
import { loader as profileLoader } from "~/routes/members.$id";
import { action as staffAction, loader as staffLoader } from "~/routes/staff.members.$id.$action";
import { translatorFor } from "~/lib/translator.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { post, runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";

const PASSWORD = "Zomerzon-2026";
const t = translatorFor("nl");
let site: Site;
let support: Member;
let admin: Member;
const hubs: RealtimeHub[] = [];

beforeAll(async () => {
  await seedBaseData(db());
  site = await resolveSite("hartklop.nl");
  support = await createMember({ role: "support" });
  admin = await createMember({ role: "admin" });
});

afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.stop()));
  await stopRealtime();
  await stopJobs();
});

const path = (memberId: number, action: string) => `/staff/members/${memberId}/${action}`;
const params = (memberId: number, action: string) => ({ id: String(memberId), action });

async function open(staff: Member, memberId: number, action: string) {
  return runRoute(
    await siteRequest(path(memberId, action), staff.userId),
    staffLoader,
    params(memberId, action),
  );
}

function perform(staff: Member, memberId: number, action: string, form: Record<string, string>) {
  return post(path(memberId, action), staff, form, staffAction, { params: params(memberId, action) });
}

/** The member's newest staff log row. */
function lastStaffAction(memberId: number) {
  return db().staffAction.findFirstOrThrow({
    where: { targetId: memberId, targetType: "user" },
    orderBy: { id: "desc" },
    select: { action: true, staffId: true, detail: true },
  });
}

function login(email: string, password = PASSWORD) {
  return post("/login", null, { email, password, redirectTo: "/" }, loginAction);
}

/** Reads an SSE body until it ends; rejects when it is still open after `ms`. */
async function endOf(body: ReadableStream<Uint8Array>, ms: number) {
  const reader = body.getReader();
  const timer = setTimeout(() => void reader.cancel(new Error("still open")), ms);
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) return performance.now();
    }
  } finally {
    clearTimeout(timer);
  }
}

describe("a ban", () => {
  it("hides the member everywhere, logs them out on another app process, and lifting brings it all back", async () => {
    const member = await createMember({ name: "Bente", password: PASSWORD, photos: [{}] });
    const friend = await createMember({ name: "Frits", gender: "male", credits: 100 });
    // A like each way and a conversation: all of it stays, hidden while the ban lasts.
    await db().like.createMany({
      data: [
        { likerId: friend.userId, likedId: member.userId },
        { likerId: member.userId, likedId: friend.userId },
      ],
    });
    const first = await sendMessage({
      senderId: friend.userId,
      site,
      to: { profileId: member.profileId },
      content: { kind: "text", body: "Hoi Bente!" },
    });
    expect(first.ok).toBe(true);
    const likedBefore = await listLikes(friend.userId, "given", 1, site.visibleProfileFields);
    expect(likedBefore.cards.map((c) => c.id)).toContain(member.profileId);

    // The member's open page: an event stream served by ANOTHER app process (its own hub and LISTEN).
    const otherProcess = createRealtimeHub({ connectionString: process.env.DATABASE_URL!, log: () => {} });
    hubs.push(otherProcess);
    await otherProcess.ready();
    await sessionCookie(member.userId);
    const session = await db().session.findFirstOrThrow({
      where: { userId: member.userId },
      select: { id: true },
    });
    const stream = chatEventStream(
      new Request(`${ORIGIN}/api/events?tab=ban-test`),
      { userId: member.userId, sessionId: session.id },
      otherProcess,
    );
    const ended = endOf(stream.body!, 5000);

    const page = await open(support, member.userId, "ban");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      member: { email: member.email, profileName: "Bente", status: "confirmed" },
    });

    const started = performance.now();
    const banned = await perform(support, member.userId, "ban", {
      banReason: "harassment",
      reason: "Bleef andere leden lastigvallen na een waarschuwing",
    });
    expect(banned.location).toBe(`/staff/members/${member.userId}?done=ban`);
    // Ended by the ban's notification, long before the stream's heartbeat would have noticed.
    expect((await ended) - started).toBeLessThan(2000);

    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { status: true, _count: { select: { sessions: true } } },
    });
    expect(user).toEqual({ status: "banned", _count: { sessions: 0 } });
    const ban = await db().ban.findFirstOrThrow({ where: { userId: member.userId } });
    expect(ban).toMatchObject({
      reason: "harassment",
      note: "Bleef andere leden lastigvallen na een waarschuwing",
      previousStatus: "confirmed",
      bannedById: support.userId,
      liftedAt: null,
    });
    expect(await lastStaffAction(member.userId)).toEqual({
      action: "member_banned",
      staffId: support.userId,
      detail: {
        reason: "Bleef andere leden lastigvallen na een waarschuwing",
        banId: ban.id,
        before: { status: "confirmed", sessions: 1 },
        after: { status: "banned", banReason: "harassment", sessions: 0 },
      },
    });

    // Hidden: out of the search listing, the likes lists and the profile page; a deleted member in chats.
    const listed = () =>
      db().profile.findUniqueOrThrow({ where: { id: member.profileId }, select: { listedSiteId: true } });
    expect(await listed()).toEqual({ listedSiteId: null });
    const likedDuring = await listLikes(friend.userId, "given", 1, site.visibleProfileFields);
    expect(likedDuring.cards.map((c) => c.id)).not.toContain(member.profileId);
    const likersDuring = await listLikes(friend.userId, "received", 1, site.visibleProfileFields);
    expect(likersDuring.cards.map((c) => c.id)).not.toContain(member.profileId);
    const chats = await listConversations(friend.userId, 1, site.chatHistoryDays);
    expect(chats.items[0]!.partner).toMatchObject({ userId: member.userId, profileId: null, name: null });
    const profilePage = async () =>
      runRoute(await siteRequest(`/members/${member.profileId}`, friend.userId), profileLoader, {
        id: String(member.profileId),
      });
    expect((await profilePage()).status).toBe(404);

    // Messages to and from the member are refused; nothing of theirs was deleted.
    const to = await sendMessage({
      senderId: friend.userId,
      site,
      to: { conversationId: first.ok ? first.conversationId : 0 },
      content: { kind: "text", body: "Ben je er nog?" },
    });
    expect(to).toEqual({ ok: false, error: "notFound" });
    const from = await sendMessage({
      senderId: member.userId,
      site,
      to: { profileId: friend.profileId },
      content: { kind: "text", body: "Ik ben er nog" },
    });
    expect(from).toEqual({ ok: false, error: "notFound" });
    expect(await db().message.count({ where: { conversationId: first.ok ? first.conversationId : 0 } })).toBe(
      1,
    );
    expect(
      await db().like.count({ where: { OR: [{ likerId: member.userId }, { likedId: member.userId }] } }),
    ).toBe(2);

    // The login: a wrong password learns nothing; the right one gets the ban notice.
    expect((await login(member.email, "Verkeerd-123")).status).toBe(400);
    const refused = await login(member.email);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ banned: true, error: { "": [t("accounts:login.banned")] } });

    // Banning twice does not apply.
    expect((await open(support, member.userId, "ban")).status).toBe(409);

    // Lifting restores the status and everything with it.
    const lift = await open(support, member.userId, "lift-ban");
    expect(lift.status).toBe(200);
    const lifted = await perform(support, member.userId, "lift-ban", { reason: "Bezwaar toegekend" });
    expect(lifted.location).toBe(`/staff/members/${member.userId}?done=lift-ban`);
    expect(await db().ban.findUniqueOrThrow({ where: { id: ban.id } })).toMatchObject({
      liftedById: support.userId,
      liftNote: "Bezwaar toegekend",
      liftedAt: expect.any(Date),
    });
    expect(await lastStaffAction(member.userId)).toMatchObject({
      action: "ban_lifted",
      detail: { reason: "Bezwaar toegekend", before: { status: "banned" }, after: { status: "confirmed" } },
    });
    expect(await listed()).toEqual({ listedSiteId: site.id });
    const likedAfter = await listLikes(friend.userId, "given", 1, site.visibleProfileFields);
    expect(likedAfter.cards.map((c) => c.id)).toContain(member.profileId);
    const chatsAfter = await listConversations(friend.userId, 1, site.chatHistoryDays);
    expect(chatsAfter.items[0]!.partner).toMatchObject({ profileId: member.profileId, name: "Bente" });
    expect((await profilePage()).status).toBe(200);
    expect(
      await sendMessage({
        senderId: friend.userId,
        site,
        to: { profileId: member.profileId },
        content: { kind: "text", body: "Welkom terug!" },
      }),
    ).toMatchObject({ ok: true });
    expect((await login(member.email)).location).toBe("/");
  });

  it("needs a reason from the list and a note, and is refused for staff accounts and other sites", async () => {
    const member = await createMember();
    const missing = await perform(support, member.userId, "ban", { banReason: "spam", reason: "" });
    expect(missing.status).toBe(400);
    expect(
      await db().user.findUniqueOrThrow({ where: { id: member.userId }, select: { status: true } }),
    ).toEqual({
      status: "confirmed",
    });
    expect((await open(support, admin.userId, "ban")).status).toBe(409);
    const other = await db().site.findFirstOrThrow({ where: { isDefault: false }, select: { id: true } });
    const elsewhere = await createMember({ siteId: other.id });
    expect((await open(support, elsewhere.userId, "ban")).status).toBe(404);
    expect((await perform(support, elsewhere.userId, "ban", { banReason: "spam", reason: "x" })).status).toBe(
      404,
    );
    expect(await db().ban.count({ where: { userId: { in: [member.userId, elsewhere.userId] } } })).toBe(0);
  });
});

describe("credits", () => {
  it("go up and down through the ledger, never below zero, and only for admins", async () => {
    const member = await createMember({ credits: 30 });
    expect((await open(support, member.userId, "credits")).status).toBe(404);
    expect((await perform(support, member.userId, "credits", { amount: "5", reason: "x" })).status).toBe(404);

    const added = await perform(admin, member.userId, "credits", {
      amount: "+20",
      reason: "Compensatie storing",
    });
    expect(added.location).toBe(`/staff/members/${member.userId}?done=credits`);
    const entry = await db().creditLedgerEntry.findFirstOrThrow({
      where: { userId: member.userId, reason: "correction", delta: 20 },
    });
    expect(entry.balanceAfter).toBe(50);
    expect(await lastStaffAction(member.userId)).toEqual({
      action: "credits_adjusted",
      staffId: admin.userId,
      detail: {
        reason: "Compensatie storing",
        reference: entry.reference,
        before: { credits: 30 },
        after: { credits: 50 },
      },
    });

    const tooMuch = await perform(admin, member.userId, "credits", {
      amount: "-51",
      reason: "Teruggedraaid",
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({
      error: { amount: [t("staffMemberActions:validation.insufficient", { balance: 50 })] },
      initialValue: { amount: "-51", reason: "Teruggedraaid" },
    });

    // Concurrent deductions: only as many as the balance holds go through.
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        perform(admin, member.userId, "credits", { amount: "-20", reason: "Gelijktijdig" }),
      ),
    );
    expect(results.filter((r) => r.location).length).toBe(2);
    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { credits: true },
    });
    expect(user.credits).toBe(10);
    const ledger = await db().creditLedgerEntry.aggregate({
      where: { userId: member.userId },
      _sum: { delta: true },
    });
    expect(ledger._sum.delta).toBe(10);
  });
});

describe("the account actions", () => {
  it("resend the activation mail and confirm the address as the link would", async () => {
    const member = await createMember({ userStatus: "not_confirmed", profileStatus: "disabled" });
    const mails = () => db().mail.count({ where: { userId: member.userId, template: "activation" } });
    const before = await mails();
    expect(
      (await perform(support, member.userId, "resend-activation", { reason: "Mail kwijt" })).location,
    ).toBe(`/staff/members/${member.userId}?done=resend-activation`);
    expect(await mails()).toBe(before + 1);
    expect((await lastStaffAction(member.userId)).action).toBe("activation_resent");

    await perform(support, member.userId, "confirm-email", { reason: "Adres telefonisch gecontroleerd" });
    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { status: true, credits: true, profile: { select: { status: true } } },
    });
    expect(user).toEqual({ status: "confirmed", credits: site.signupCredits, profile: { status: "active" } });
    expect(await lastStaffAction(member.userId)).toMatchObject({
      action: "email_confirmed",
      detail: {
        before: { status: "not_confirmed", credits: 0 },
        after: { status: "confirmed", credits: site.signupCredits },
      },
    });
    // Neither applies any more: 409 and nothing changes.
    for (const action of ["confirm-email", "resend-activation"]) {
      expect((await open(support, member.userId, action)).status).toBe(409);
      expect((await perform(support, member.userId, action, { reason: "Nog eens" })).status).toBe(409);
    }
    expect(await mails()).toBe(before + 1);
  });

  it("send a new reactivation link to a recently deleted account only", async () => {
    const member = await createMember();
    expect((await open(support, member.userId, "reactivation-link")).status).toBe(409);
    await db().user.update({
      where: { id: member.userId },
      data: { status: "deleted", deletedAt: new Date() },
    });
    await perform(support, member.userId, "reactivation-link", { reason: "Wil terugkomen" });
    expect(await db().verification.count({ where: { userId: member.userId, type: "reactivation" } })).toBe(1);
    expect(await db().mail.count({ where: { userId: member.userId, template: "reactivation" } })).toBe(1);
    expect((await lastStaffAction(member.userId)).action).toBe("reactivation_sent");
    await db().user.update({
      where: { id: member.userId },
      data: { deletedAt: new Date(Date.now() - 15 * 86_400_000) },
    });
    expect((await open(support, member.userId, "reactivation-link")).status).toBe(409);
  });

  it("end every session, unlock the login, and turn mail back on", async () => {
    const member = await createMember({ notificationsDisabled: ["bounce", "fbl"] });
    await sessionCookie(member.userId);
    await perform(support, member.userId, "end-sessions", { reason: "Telefoon gestolen" });
    expect(await db().session.count({ where: { userId: member.userId } })).toBe(0);
    expect(await lastStaffAction(member.userId)).toMatchObject({
      action: "sessions_ended",
      detail: { before: { sessions: 1 }, after: { sessions: 0 } },
    });

    expect((await open(support, member.userId, "unlock-login")).status).toBe(409);
    await db().user.update({
      where: { id: member.userId },
      data: { lockedUntil: new Date(Date.now() + 600_000) },
    });
    await perform(support, member.userId, "unlock-login", { reason: "Lid belde zelf" });
    expect(
      await db().user.findUniqueOrThrow({ where: { id: member.userId }, select: { lockedUntil: true } }),
    ).toEqual({
      lockedUntil: null,
    });
    expect((await lastStaffAction(member.userId)).action).toBe("login_unlocked");

    await perform(support, member.userId, "mail-on", { reason: "Adres werkt weer" });
    expect(
      await db().user.findUniqueOrThrow({
        where: { id: member.userId },
        select: { notificationsDisabled: true },
      }),
    ).toEqual({ notificationsDisabled: [] });
    expect(await lastStaffAction(member.userId)).toMatchObject({
      action: "mail_reenabled",
      detail: { before: { notificationsDisabled: ["bounce", "fbl"] }, after: { notificationsDisabled: [] } },
    });
    expect((await open(support, member.userId, "mail-on")).status).toBe(409);
  });

  it("lift a direct-debit block, for admins only", async () => {
    const member = await createMember();
    const blockedAt = new Date();
    await db().user.update({ where: { id: member.userId }, data: { directDebitBlockedAt: blockedAt } });
    expect((await open(support, member.userId, "unblock-direct-debit")).status).toBe(404);
    await perform(admin, member.userId, "unblock-direct-debit", { reason: "Terugboeking opgehelderd" });
    expect(
      await db().user.findUniqueOrThrow({
        where: { id: member.userId },
        select: { directDebitBlockedAt: true },
      }),
    ).toEqual({ directDebitBlockedAt: null });
    expect(await lastStaffAction(member.userId)).toMatchObject({
      action: "direct_debit_unblocked",
      detail: {
        reason: "Terugboeking opgehelderd",
        before: { directDebitBlockedAt: blockedAt.toISOString() },
        after: { directDebitBlockedAt: null },
      },
    });
    expect((await open(admin, member.userId, "unblock-direct-debit")).status).toBe(409);
  });
});
