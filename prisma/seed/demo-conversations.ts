import type { PrismaClient } from "../../app/generated/prisma/client";
import type { CreditReason, MessageKind } from "../../app/generated/prisma/enums";
import { orderedPair } from "../../app/domain/core/pair-lock.server";
import { changeCredits } from "../../app/domain/credits/credits.server";
import { textMessagePrice } from "../../app/domain/chat/message-price.server";
import type { Site } from "../../app/domain/sites/site.server";
import { LARGE_SIZE } from "./portrait";

/** What a demo message holds: a text, a gift of the site's catalogue (by code) or a chat photo. */
export type DemoContent = { text: string } | { gift: string } | { photo: true };

/** One message of a demo conversation: its sender, when it was sent, and whether the other has read it. */
export type DemoMessage = DemoContent & { senderId: number; at: Date; unread?: boolean };

/** Two members and their messages, oldest first. */
export interface DemoConversation {
  between: [number, number];
  messages: DemoMessage[];
}

/** The site's prices, as sending reads them. */
export type DemoChatSite = Pick<
  Site,
  "id" | "messageCredits" | "minimumMessageCosts" | "photoCredits" | "giftCredits"
>;

/** A chat photo drawn by the seed's photo pipeline (photos.ts draws every file under `seed/`). */
export function demoChatPhotoFile(conversationId: number, index: number) {
  const base = `seed/chat/c${conversationId}-${index}`;
  return { filename: `${base}.webp`, thumbFilename: `${base}_thumb.webp` };
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

async function stored(
  tx: Tx,
  site: DemoChatSite,
  conversationId: number,
  index: number,
  message: DemoMessage,
) {
  const { senderId, at } = message;
  if ("text" in message) {
    const sender = await tx.profile.findUnique({ where: { userId: senderId }, select: { country: true } });
    const credits = await textMessagePrice(site, sender?.country ?? null);
    return { kind: "text" as MessageKind, body: message.text, credits, reason: "message" as CreditReason };
  }
  if ("gift" in message) {
    const gift = await tx.gift.findUniqueOrThrow({
      where: { siteId_code: { siteId: site.id, code: message.gift } },
      select: { id: true },
    });
    return {
      kind: "gift" as MessageKind,
      giftId: gift.id,
      credits: site.giftCredits,
      reason: "gift" as CreditReason,
    };
  }
  const photo = await tx.chatPhoto.create({
    data: { ownerId: senderId, ...demoChatPhotoFile(conversationId, index), ...LARGE_SIZE, createdAt: at },
    select: { id: true },
  });
  return {
    kind: "photo" as MessageKind,
    chatPhotoId: photo.id,
    credits: site.photoCredits,
    reason: "photo" as CreditReason,
  };
}

/**
 * A conversation between two members as sending leaves it (domain/chat/send-message): the
 * conversation with both members' sides, counted as started by the first sender, each message paid
 * by its sender through the credits ledger (reference "message:{id}"), and each side's unread count
 * and read position by the messages' `unread` flags. In one transaction; a pair that already has a
 * conversation is left as it is (the seed runs again without duplicating). True when written.
 */
export async function writeDemoConversation(
  prisma: PrismaClient,
  site: DemoChatSite,
  { between, messages }: DemoConversation,
): Promise<boolean> {
  const first = messages[0]!;
  const last = messages[messages.length - 1]!;
  const [userAId, userBId] = orderedPair(...between);
  const otherOf = (userId: number) => (userId === userAId ? userBId : userAId);
  if (messages.some((m) => m.senderId !== userAId && m.senderId !== userBId))
    throw new Error("A demo message comes from one of the conversation's two members");
  return prisma.$transaction(async (tx) => {
    const existing = await tx.conversation.findUnique({
      where: { userAId_userBId: { userAId, userBId } },
      select: { id: true },
    });
    if (existing) return false;
    const conversation = await tx.conversation.create({
      data: {
        siteId: site.id,
        userAId,
        userBId,
        startedById: first.senderId,
        createdAt: first.at,
        lastMessageAt: last.at,
      },
      select: { id: true },
    });
    await tx.conversationStart.create({
      data: { userId: first.senderId, createdAt: first.at },
      select: { id: true },
    });
    const ids: number[] = [];
    for (const [index, message] of messages.entries()) {
      const { reason, ...content } = await stored(tx, site, conversation.id, index, message);
      const { id } = await tx.message.create({
        data: {
          conversationId: conversation.id,
          senderId: message.senderId,
          createdAt: message.at,
          ...content,
        },
        select: { id: true },
      });
      ids.push(id);
      const paid = await changeCredits(
        { userId: message.senderId, delta: -content.credits, reason, reference: `message:${id}` },
        tx,
      );
      if (!paid.ok) throw new Error(`Demo member ${message.senderId} cannot pay message ${index + 1}`);
    }
    await tx.conversationMember.createMany({
      data: [userAId, userBId].map((userId) => {
        const received = messages.map((m, i) => ({ ...m, id: ids[i]! })).filter((m) => m.senderId !== userId);
        const read = received.filter((m) => !m.unread);
        return {
          conversationId: conversation.id,
          userId,
          otherUserId: otherOf(userId),
          unreadCount: received.length - read.length,
          lastReadMessageId: read.at(-1)?.id ?? null,
          lastMessageAt: last.at,
        };
      }),
    });
    return true;
  });
}
