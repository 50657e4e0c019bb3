// Sending a message: who may be written to, what it costs, the conversation limits and spam rules.
import { beforeAll, describe, expect, it } from "vitest";
import { pruneChatEvents } from "~/domain/notifications/live-events.server";
import { newSendKey } from "~/domain/chat/send-key";
import {
  sendMessage,
  type ChatSite,
  type MessageContent,
  type SendInput,
} from "~/domain/chat/send-message.server";
import { MESSAGES_PER_MEMBER } from "~/domain/abuse/limits";
import { changeCredits } from "~/domain/credits/credits.server";
import { block, unblock } from "~/domain/profiles/blocks.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, separateProfileIds, type Member, type MemberOptions } from "../fixtures/members";

/** The per-minute limit of the member's messages. */
const [perMinute] = MESSAGES_PER_MEMBER;
let site: Site;
let reference = 0;

beforeAll(async () => {
  await seedBaseData(db());
  await separateProfileIds();
  site = await resolveSite("hartklop.nl");
});

/** A member with credits (and an account older than a day, so the stricter new-account limits do not apply). */
async function memberWith(credits: number, options: MemberOptions = {}) {
  const member = await createMember(options);
  await db().user.update({
    where: { id: member.userId },
    data: { signupDate: new Date(Date.now() - 3 * 86_400_000) },
    select: { id: true },
  });
  if (credits > 0) {
    await changeCredits({
      userId: member.userId,
      delta: credits,
      reason: "correction",
      reference: `test:${++reference}`,
    });
  }
  return member;
}

const text = (body: string): MessageContent => ({ kind: "text", body });

function send(
  from: Member,
  to: Member,
  content: MessageContent = text("Hoi!"),
  siteOverride: Partial<ChatSite> = {},
) {
  return sendMessage({
    senderId: from.userId,
    site: { ...site, ...siteOverride },
    to: { profileId: to.profileId },
    content,
  });
}

const balance = async (member: Member) =>
  (await db().user.findUniqueOrThrow({ where: { id: member.userId }, select: { credits: true } })).credits;

describe("sendMessage", () => {
  it("creates the conversation with the first message, charges message_credits and tells both members", async () => {
    const [anna, bram] = [await memberWith(100, { paidUser: true }), await memberWith(0)];
    const first = await send(anna, bram);
    expect(first).toMatchObject({ ok: true, balance: 100 - site.messageCredits });
    if (!first.ok) return;
    const again = await sendMessage({
      senderId: anna.userId,
      site,
      to: { conversationId: first.conversationId },
      content: text("Nog een"),
    });
    expect(again).toMatchObject({ ok: true, conversationId: first.conversationId });
    expect(await db().conversation.count({ where: { id: first.conversationId } })).toBe(1);
    const sides = await db().conversationMember.findMany({
      where: { conversationId: first.conversationId },
      select: { userId: true, unreadCount: true },
      orderBy: { userId: "asc" },
    });
    expect(sides.find((s) => s.userId === bram.userId)?.unreadCount).toBe(2);
    expect(sides.find((s) => s.userId === anna.userId)?.unreadCount).toBe(0);
    const ledger = await db().creditLedgerEntry.findMany({
      where: { userId: anna.userId, reason: "message" },
      select: { delta: true, reference: true },
    });
    expect(ledger).toHaveLength(2);
    expect(
      ledger.every((entry) => entry.delta === -site.messageCredits && entry.reference.startsWith("message:")),
    ).toBe(true);
    expect(await db().chatEvent.count({ where: { userId: bram.userId, type: "message" } })).toBe(2);
  });

  it("charges at least the sender country's minimum_message_costs, valued at the cheapest credits", async () => {
    const minimums = {
      minimumMessageCosts: { NL: { costs: 400, currency: "EUR" }, PL: { costs: 2000, currency: "PLN" } },
    };
    const bram = await memberWith(0);
    const cases = [
      // 4.00 EUR at 189.95 per 750 credits: 15.79, so 16 credits.
      { country: "NL", credits: 16 },
      // 20.00 PLN at 799.95 per 750 credits: 18.75, so 19 credits.
      { country: "PL", credits: 19 },
      // No minimum for Belgium: message_credits.
      { country: "BE", credits: site.messageCredits },
    ];
    for (const { country, credits } of cases) {
      const sender = await memberWith(100, { paidUser: true, country, region: null });
      expect(await send(sender, bram, text(`Hoi uit ${country}`), minimums)).toMatchObject({
        ok: true,
        credits,
        balance: 100 - credits,
      });
      const [entry] = await db().creditLedgerEntry.findMany({
        where: { userId: sender.userId, reason: "message" },
        select: { delta: true },
      });
      expect(entry?.delta).toBe(-credits);
    }
  });

  it("sends and charges once per send key: a form posted again, also at the same moment, finds its message", async () => {
    const [anna, bram] = [await memberWith(200, { paidUser: true }), await memberWith(0)];
    const withKey = (sendKey: string, to: SendInput["to"] = { profileId: bram.profileId }) =>
      sendMessage({ senderId: anna.userId, site, to, content: text("Hoi, dubbel?"), sendKey });
    // A first message posted twice at once: one conversation, one message.
    const firstKey = newSendKey();
    const [a, b] = await Promise.all([withKey(firstKey), withKey(firstKey)]);
    expect(a).toMatchObject({ ok: true });
    expect(b).toMatchObject({ ok: true });
    if (!a.ok || !b.ok) return;
    expect(b.messageId).toBe(a.messageId);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    const to = { conversationId: a.conversationId };
    // In the conversation: twice at once, then once more later (a retry after a lost answer).
    const key = `${newSendKey()}-text`;
    const [c, d] = await Promise.all([withKey(key, to), withKey(key, to)]);
    const e = await withKey(key, to);
    expect([c, d, e].map((sent) => sent.ok && sent.messageId)).toEqual(Array(3).fill(c.ok && c.messageId));
    expect(e).toMatchObject({ ok: true, repeated: true, balance: 200 - 2 * site.messageCredits });
    // A retry after the member reached the message limit still answers with its message.
    await db().rateLimitHit.createMany({
      data: Array.from({ length: perMinute.limit }, () => ({
        key: `${perMinute.key}:${anna.userId}`,
      })),
    });
    expect(await withKey(key, to)).toMatchObject({
      ok: true,
      repeated: true,
      messageId: c.ok && c.messageId,
    });
    expect(await withKey(newSendKey(), to)).toEqual({ ok: false, error: "rateLimited" });
    await db().rateLimitHit.deleteMany({
      where: { key: `${perMinute.key}:${anna.userId}` },
    });
    // A new key is a new message.
    expect(await withKey(newSendKey(), to)).toMatchObject({ ok: true, repeated: false });
    expect(await db().message.count({ where: { senderId: anna.userId } })).toBe(3);
    expect(await balance(anna)).toBe(200 - 3 * site.messageCredits);
    expect(await db().creditLedgerEntry.count({ where: { userId: anna.userId, delta: { lt: 0 } } })).toBe(3);
  });

  it("counts every send against the message limit, also one to a conversation that is not the member's", async () => {
    const [anna, bram] = [await memberWith(100), await memberWith(0)];
    const hits = () => db().rateLimitHit.count({ where: { key: `${perMinute.key}:${anna.userId}` } });
    const elsewhere = {
      senderId: anna.userId,
      site,
      to: { conversationId: 2_000_000_000 },
      content: text("Hoi"),
    };
    expect(await sendMessage(elsewhere)).toEqual({ ok: false, error: "notFound" });
    expect(await hits()).toBe(1);
    expect(await send(anna, bram)).toMatchObject({ ok: true });
    expect(await hits()).toBe(2);
  });

  it("stores nothing and charges nothing without enough credits", async () => {
    const [anna, bram] = [await memberWith(site.messageCredits - 1, { paidUser: true }), await memberWith(0)];
    expect(await send(anna, bram)).toEqual({ ok: false, error: "insufficientCredits" });
    expect(await balance(anna)).toBe(site.messageCredits - 1);
    expect(await db().message.count({ where: { senderId: anna.userId } })).toBe(0);
    expect(await db().conversation.count({ where: { startedById: anna.userId } })).toBe(0);
  });

  it("refuses hidden, blocked, unconfirmed and unknown recipients", async () => {
    const anna = await memberWith(100, { paidUser: true });
    expect(await send(anna, await memberWith(0, { invisible: true }))).toEqual({
      ok: false,
      error: "unavailable",
    });
    expect(await send(anna, await memberWith(0, { profileStatus: "disabled" }))).toEqual({
      ok: false,
      error: "unavailable",
    });
    expect(await send(anna, await memberWith(0, { userStatus: "not_confirmed" }))).toEqual({
      ok: false,
      error: "recipientUnconfirmed",
    });
    expect(await send(anna, await memberWith(0, { userStatus: "deleted" }))).toEqual({
      ok: false,
      error: "notFound",
    });
    const blocker = await memberWith(0);
    await db().block.create({
      data: { blockerId: blocker.userId, blockedId: anna.userId },
      select: { id: true },
    });
    expect(await send(anna, blocker)).toEqual({ ok: false, error: "blocked" });
    expect(await send(anna, anna)).toEqual({ ok: false, error: "notFound" });
    expect(await balance(anna)).toBe(100);
  });

  it("lets an unconfirmed member start no conversation (text, gift or photo), even with credits", async () => {
    const sender = await memberWith(100, { paidUser: true, userStatus: "not_confirmed" });
    const bram = await memberWith(0);
    const gift = await db().gift.findFirstOrThrow({
      where: { siteId: site.id, active: true },
      select: { id: true },
    });
    const photo = await db().chatPhoto.create({
      data: {
        ownerId: sender.userId,
        filename: `unconfirmed-${sender.userId}.webp`,
        thumbFilename: `unconfirmed-${sender.userId}_thumb.webp`,
        width: 10,
        height: 10,
      },
      select: { id: true },
    });
    for (const content of [
      text("Hoi!"),
      { kind: "gift", giftId: gift.id } as const,
      { kind: "photo", chatPhotoId: photo.id } as const,
    ]) {
      expect(await send(sender, bram, content), content.kind).toEqual({ ok: false, error: "confirmFirst" });
    }
    expect(await balance(sender)).toBe(100);
    expect(await db().conversation.count({ where: { startedById: sender.userId } })).toBe(0);
    expect(await db().conversationStart.count({ where: { userId: sender.userId } })).toBe(0);
    // Confirmed, the same member may.
    await db().user.update({
      where: { id: sender.userId },
      data: { status: "confirmed" },
      select: { id: true },
    });
    expect(await send(sender, bram)).toMatchObject({ ok: true });
  });

  it("lets only a participant write into a conversation", async () => {
    const [anna, bram, third] = [
      await memberWith(100, { paidUser: true }),
      await memberWith(0),
      await memberWith(100),
    ];
    const first = await send(anna, bram);
    if (!first.ok) throw new Error("not sent");
    const intruder = await sendMessage({
      senderId: third.userId,
      site,
      to: { conversationId: first.conversationId },
      content: text("Ik ook"),
    });
    expect(intruder).toEqual({ ok: false, error: "notFound" });
  });

  it("checks the text: not empty, at most message_length characters", async () => {
    const [anna, bram] = [await memberWith(100, { paidUser: true }), await memberWith(0)];
    expect(await send(anna, bram, text("   "))).toEqual({ ok: false, error: "empty" });
    expect(await send(anna, bram, text("x".repeat(11)), { messageLength: 10 })).toEqual({
      ok: false,
      error: "tooLong",
    });
    expect(await send(anna, bram, text("😀".repeat(10)), { messageLength: 10 })).toMatchObject({ ok: true });
  });

  it("lets a free member start two conversations; the third is premium-only, replies stay possible", async () => {
    const free = await memberWith(100);
    const [a, b] = [await memberWith(0), await memberWith(0)];
    expect(await send(free, a)).toMatchObject({ ok: true });
    expect(await send(free, b)).toMatchObject({ ok: true });
    expect(await send(free, a, text("Nog een"))).toMatchObject({ ok: true });
    const d = await memberWith(0);
    expect(await send(free, d)).toEqual({ ok: false, error: "premiumOnly" });
    // A conversation someone else started does not count against the free member.
    const e = await memberWith(50, { paidUser: true });
    expect(await send(e, free)).toMatchObject({ ok: true });
    expect(await send(free, e)).toMatchObject({ ok: true });
  });

  it("a conversation a block deleted still counts: blocking and unblocking gives no new start", async () => {
    const free = await memberWith(100);
    const [a, b, c] = [await memberWith(0), await memberWith(0), await memberWith(0)];
    expect(await send(free, a)).toMatchObject({ ok: true });
    expect(await send(free, b)).toMatchObject({ ok: true });
    expect(await block(free.userId, a.profileId)).toMatchObject({ ok: true });
    await unblock(free.userId, a.profileId);
    expect(await db().conversation.count({ where: { startedById: free.userId } })).toBe(1);
    expect(await send(free, c)).toEqual({ ok: false, error: "premiumOnly" });
    expect(await send(free, a)).toEqual({ ok: false, error: "premiumOnly" });
  });

  it("first messages around a circle of members, all at once, are all sent (no deadlock)", async () => {
    for (let round = 0; round < 3; round++) {
      const circle = await Promise.all(Array.from({ length: 6 }, () => memberWith(100, { paidUser: true })));
      const sent = await Promise.all(
        circle.map((member, index) => send(member, circle[(index + 1) % circle.length]!)),
      );
      expect(sent.map((result) => result.ok)).toEqual(Array(circle.length).fill(true));
    }
  });

  it("limits new conversations per hour, stricter for new accounts", async () => {
    const paid = await memberWith(500, { paidUser: true });
    const limits = { newConversationsPerHour: 2, newConversationsPerDay: 10 };
    for (let i = 0; i < 2; i++)
      expect(await send(paid, await memberWith(0), text(`Hoi ${i}`), limits)).toMatchObject({ ok: true });
    expect(await send(paid, await memberWith(0), text("Hoi 3"), limits)).toEqual({
      ok: false,
      error: "tooManyConversations",
    });
    const fresh = await createMember({ paidUser: true });
    await changeCredits({
      userId: fresh.userId,
      delta: 100,
      reason: "correction",
      reference: `test:${++reference}`,
    });
    const strict = { newAccountConversationsPerHour: 1, newAccountConversationsPerDay: 1 };
    expect(await send(fresh, await memberWith(0), text("Hallo"), strict)).toMatchObject({ ok: true });
    expect(await send(fresh, await memberWith(0), text("Hallo 2"), strict)).toEqual({
      ok: false,
      error: "tooManyConversations",
    });
  });

  it("refuses the same text to more members than allowed within an hour", async () => {
    const spammer = await memberWith(500, { paidUser: true });
    const rule = { sameTextRecipientsPerHour: 2 };
    expect(await send(spammer, await memberWith(0), text("Bezoek mijn site"), rule)).toMatchObject({
      ok: true,
    });
    expect(await send(spammer, await memberWith(0), text("Bezoek mijn site"), rule)).toMatchObject({
      ok: true,
    });
    expect(await send(spammer, await memberWith(0), text("Bezoek mijn site"), rule)).toEqual({
      ok: false,
      error: "sameText",
    });
    expect(await send(spammer, await memberWith(0), text("Iets anders"), rule)).toMatchObject({ ok: true });
  });

  it("keeps live events for a week; the daily maintenance deletes older ones", async () => {
    const [anna, bram] = [await memberWith(100, { paidUser: true }), await memberWith(0)];
    await send(anna, bram);
    const later = new Date(Date.now() + 8 * 86_400_000); // a week and a day
    expect(await pruneChatEvents(new Date())).toBe(0);
    expect(await db().chatEvent.count({ where: { userId: bram.userId } })).toBe(1);
    expect(await pruneChatEvents(later)).toBeGreaterThanOrEqual(2);
    expect(await db().chatEvent.count({ where: { userId: { in: [anna.userId, bram.userId] } } })).toBe(0);
  });
});
