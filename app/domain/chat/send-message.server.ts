import { changeCredits } from "~/domain/credits/credits.server";
import { lockPair, orderedPair } from "~/domain/likes/pair-lock.server";
import type { Site } from "~/domain/sites/site.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { publishChatEvents } from "./chat-events.server";
import type { SendRefusal } from "./chat-types";

type Tx = Prisma.TransactionClient;

export type ChatSite = Pick<
  Site,
  | "id"
  | "messageCredits"
  | "photoCredits"
  | "messageLength"
  | "freeConversations"
  | "newConversationsPerHour"
  | "newConversationsPerDay"
  | "newAccountConversationsPerHour"
  | "newAccountConversationsPerDay"
  | "sameTextRecipientsPerHour"
>;

export type MessageContent =
  { kind: "text"; body: string } | { kind: "gift"; giftId: number } | { kind: "photo"; chatPhotoId: number };

export type { SendRefusal };

export type SendResult =
  | { ok: true; conversationId: number; messageId: number; balance: number }
  | { ok: false; error: SendRefusal };

export interface SendInput {
  senderId: number;
  site: ChatSite;
  /** A new or existing conversation with a profile's owner, or an existing conversation (404 unless a member of it). */
  to: { profileId: number } | { conversationId: number };
  content: MessageContent;
  now?: Date;
}

class Refused extends Error {
  constructor(readonly reason: SendRefusal) {
    super(reason);
  }
}

const HOUR = 3600_000;

/** The other member: by profile, or as the other side of a conversation the sender belongs to. */
async function recipientOf(tx: Tx, senderId: number, to: SendInput["to"]) {
  if ("conversationId" in to) {
    const member = await tx.conversationMember.findUnique({
      where: { conversationId_userId: { conversationId: to.conversationId, userId: senderId } },
      select: { otherUserId: true },
    });
    if (!member) throw new Refused("notFound");
    return member.otherUserId;
  }
  const profile = await tx.profile.findUnique({ where: { id: to.profileId }, select: { userId: true } });
  if (!profile || profile.userId === senderId) throw new Refused("notFound");
  return profile.userId;
}

/** SPEC sections 4 and 6: deleted, invisible, disabled or blocked members cannot be written to; unconfirmed ones receive nothing. */
async function checkRecipient(tx: Tx, senderId: number, recipientId: number, siteId: number) {
  const recipient = await tx.user.findUnique({
    where: { id: recipientId },
    select: { siteId: true, status: true, invisible: true, profile: { select: { status: true } } },
  });
  if (!recipient || recipient.siteId !== siteId || recipient.status === "deleted")
    throw new Refused("notFound");
  if (recipient.invisible || recipient.profile?.status !== "active") {
    if (recipient.status === "not_confirmed") throw new Refused("recipientUnconfirmed");
    throw new Refused("unavailable");
  }
  if (recipient.status !== "confirmed") throw new Refused("recipientUnconfirmed");
  const blocks = await tx.block.count({
    where: {
      OR: [
        { blockerId: senderId, blockedId: recipientId },
        { blockerId: recipientId, blockedId: senderId },
      ],
    },
  });
  if (blocks > 0) throw new Refused("blocked");
}

/** Free members start at most `freeConversations`; everyone within the hourly and daily limits. */
async function checkNewConversation(tx: Tx, senderId: number, site: ChatSite, now: Date) {
  const sender = await tx.user.findUniqueOrThrow({
    where: { id: senderId },
    select: { paidUser: true, status: true, signupDate: true },
  });
  const started = (since?: Date) =>
    tx.conversation.count({
      where: { startedById: senderId, ...(since ? { createdAt: { gte: since } } : {}) },
    });
  if (!sender.paidUser && (await started()) >= site.freeConversations) throw new Refused("premiumOnly");
  const young = sender.status !== "confirmed" || now.getTime() - sender.signupDate.getTime() < 24 * HOUR;
  const perHour = young ? site.newAccountConversationsPerHour : site.newConversationsPerHour;
  const perDay = young ? site.newAccountConversationsPerDay : site.newConversationsPerDay;
  if ((await started(new Date(now.getTime() - HOUR))) >= perHour) throw new Refused("tooManyConversations");
  if ((await started(new Date(now.getTime() - 24 * HOUR))) >= perDay)
    throw new Refused("tooManyConversations");
}

/** The same text to more than `sameTextRecipientsPerHour` other members within an hour is spam. */
async function checkSameText(
  tx: Tx,
  senderId: number,
  conversationId: number,
  body: string,
  site: ChatSite,
  now: Date,
) {
  const rows = await tx.message.findMany({
    where: {
      senderId,
      kind: "text",
      body,
      createdAt: { gte: new Date(now.getTime() - HOUR) },
      conversationId: { not: conversationId },
    },
    distinct: ["conversationId"],
    select: { conversationId: true },
  });
  if (rows.length >= site.sameTextRecipientsPerHour) throw new Refused("sameText");
}

/** What the content costs, and the checked values to store. */
async function priced(tx: Tx, senderId: number, content: MessageContent, site: ChatSite) {
  switch (content.kind) {
    case "text": {
      const body = content.body.trim();
      if (body === "") throw new Refused("empty");
      if ([...body].length > site.messageLength) throw new Refused("tooLong");
      return { kind: "text" as const, body, credits: site.messageCredits, reason: "message" as const };
    }
    case "gift": {
      const gift = await tx.gift.findFirst({
        where: { id: content.giftId, siteId: site.id, active: true },
        select: { id: true, credits: true },
      });
      if (!gift) throw new Refused("notFound");
      return { kind: "gift" as const, giftId: gift.id, credits: gift.credits, reason: "gift" as const };
    }
    case "photo": {
      const photo = await tx.chatPhoto.findFirst({
        where: { id: content.chatPhotoId, ownerId: senderId },
        select: { id: true },
      });
      if (!photo) throw new Refused("notFound");
      return {
        kind: "photo" as const,
        chatPhotoId: photo.id,
        credits: site.photoCredits,
        reason: "photo" as const,
      };
    }
  }
}

/** The conversation of the pair, created (with both members' sides) for a first message. */
async function conversationFor(tx: Tx, senderId: number, recipientId: number, site: ChatSite, now: Date) {
  const [userAId, userBId] = orderedPair(senderId, recipientId);
  const existing = await tx.conversation.findUnique({
    where: { userAId_userBId: { userAId, userBId } },
    select: { id: true },
  });
  if (existing) return existing.id;
  await checkNewConversation(tx, senderId, site, now);
  const created = await tx.conversation.create({
    data: {
      siteId: site.id,
      userAId,
      userBId,
      startedById: senderId,
      createdAt: now,
      lastMessageAt: now,
      members: {
        create: [
          { userId: senderId, otherUserId: recipientId, lastMessageAt: now },
          { userId: recipientId, otherUserId: senderId, lastMessageAt: now },
        ],
      },
    },
    select: { id: true },
  });
  return created.id;
}

/**
 * Sends a text, gift or photo: the message is stored and paid (through domain/credits, ledger
 * reference "message:{id}") in one transaction, so it is never stored unpaid nor paid unstored.
 * Both members get a live event; the recipient's unread count goes up.
 */
export async function sendMessage(input: SendInput): Promise<SendResult> {
  const now = input.now ?? new Date();
  try {
    return await db().$transaction(async (tx) => {
      const recipientId = await recipientOf(tx, input.senderId, input.to);
      await checkRecipient(tx, input.senderId, recipientId, input.site.id);
      await lockPair(tx, input.senderId, recipientId);
      const content = await priced(tx, input.senderId, input.content, input.site);
      const conversationId = await conversationFor(tx, input.senderId, recipientId, input.site, now);
      if (content.kind === "text") {
        await checkSameText(tx, input.senderId, conversationId, content.body, input.site, now);
      }
      const { reason, ...stored } = content;
      const message = await tx.message.create({
        data: { ...stored, conversationId, senderId: input.senderId, createdAt: now },
        select: { id: true },
      });
      const paid = await changeCredits(
        { userId: input.senderId, delta: -content.credits, reason, reference: `message:${message.id}` },
        tx,
      );
      if (!paid.ok) throw new Refused("insufficientCredits");
      await tx.conversation.update({
        where: { id: conversationId },
        data: { lastMessageAt: now },
        select: { id: true },
      });
      await tx.conversationMember.update({
        where: { conversationId_userId: { conversationId, userId: input.senderId } },
        data: { lastMessageAt: now, hidden: false },
        select: { userId: true },
      });
      await tx.conversationMember.update({
        where: { conversationId_userId: { conversationId, userId: recipientId } },
        data: { lastMessageAt: now, hidden: false, unreadCount: { increment: 1 } },
        select: { userId: true },
      });
      const payload = { conversationId, messageId: message.id };
      await publishChatEvents(tx, [
        { userId: recipientId, type: "message", payload },
        { userId: input.senderId, type: "message", payload },
      ]);
      return { ok: true as const, conversationId, messageId: message.id, balance: paid.balance };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.reason };
    throw error;
  }
}
