// The archive's sections about the member's contact with others (docs/product.md, Your data): likes,
// matches, conversations, gifts, complaints and reports, blocks. Other members appear by profile
// name only.
import type { TFunction } from "i18next";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";
import { jsonDocument } from "./json-document";
import { EXPORT_BATCH, inBatches, iso, mapBatches, type ExportSection } from "./export-reading.server";

/** A name as part of a file name: plain letters and digits, so every unzip program shows it alike. */
function fileNamePart(name: string): string {
  const plain = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return plain || "member";
}

/** A gift's name in the member's language: the admin's name for it, else the site's translation. */
function giftName(gift: { code: string; names: Prisma.JsonValue } | null, language: string, t: TFunction) {
  if (!gift) return null;
  const names = gift.names && typeof gift.names === "object" && !Array.isArray(gift.names) ? gift.names : {};
  const own = names[language];
  return typeof own === "string" && own
    ? own
    : t(`chat-extras:gifts.${gift.code}`, { defaultValue: gift.code });
}

export const likesSection: ExportSection = {
  name: "likes",
  files: ["likes.json"],
  async *entries({ userId }, names) {
    const select = { id: true, likerId: true, likedId: true, createdAt: true } as const;
    yield {
      path: "likes.json",
      text: jsonDocument({
        likesGiven: mapBatches(
          inBatches((afterId) =>
            db().like.findMany({
              where: { likerId: userId, id: { gt: afterId } },
              orderBy: { id: "asc" },
              take: EXPORT_BATCH,
              select,
            }),
          ),
          async (batch) => {
            const named = await names.of(batch.map((l) => l.likedId));
            return batch.map((l) => ({ member: named.get(l.likedId), likedAt: iso(l.createdAt) }));
          },
        ),
        // As the likes page shows them: a like of a member who has not confirmed the address is
        // not shown until they do (docs/product.md, Members and roles).
        likesReceived: mapBatches(
          inBatches((afterId) =>
            db().like.findMany({
              where: { likedId: userId, id: { gt: afterId }, liker: { status: { not: "not_confirmed" } } },
              orderBy: { id: "asc" },
              take: EXPORT_BATCH,
              select,
            }),
          ),
          async (batch) => {
            const named = await names.of(batch.map((l) => l.likerId));
            return batch.map((l) => ({ member: named.get(l.likerId), likedAt: iso(l.createdAt) }));
          },
        ),
      }),
    };
  },
};

export const matchesSection: ExportSection = {
  name: "matches",
  files: ["matches.json"],
  async *entries({ userId }, names) {
    yield {
      path: "matches.json",
      text: jsonDocument({
        matches: mapBatches(
          inBatches((afterId) =>
            db().match.findMany({
              where: { OR: [{ userAId: userId }, { userBId: userId }], id: { gt: afterId } },
              orderBy: { id: "asc" },
              take: EXPORT_BATCH,
              select: { id: true, userAId: true, userBId: true, createdAt: true },
            }),
          ),
          async (batch) => {
            const other = (m: { userAId: number; userBId: number }) =>
              m.userAId === userId ? m.userBId : m.userAId;
            const named = await names.of(batch.map(other));
            return batch.map((m) => ({ member: named.get(other(m)), matchedAt: iso(m.createdAt) }));
          },
        ),
      }),
    };
  },
};

/**
 * One file per conversation with every message of both sides (texts, the member's own photos by
 * their file in `chat-photos/`, gifts), an index of the conversations, and the member's chat photos,
 * read one at a time. The other member's chat photos are theirs and stay out.
 */
export const conversationsSection: ExportSection = {
  name: "conversations",
  files: ["conversations.json", "conversations/", "chat-photos/"],
  async *entries({ userId, language, t }, names) {
    const memberships = await db().conversationMember.findMany({
      where: { userId },
      orderBy: { conversationId: "asc" },
      select: {
        conversationId: true,
        otherUserId: true,
        clearedAt: true,
        conversation: { select: { createdAt: true, startedById: true } },
      },
    });
    const named = await names.of(memberships.map((m) => m.otherUserId));
    const you = t("dataExport:archive.you");
    const index = [];
    for (const [n, membership] of memberships.entries()) {
      const other = named.get(membership.otherUserId)!;
      const file = `conversations/${String(n + 1).padStart(3, "0")}-${fileNamePart(other)}.json`;
      const messages = mapBatches(
        inBatches((afterId) =>
          db().message.findMany({
            where: { conversationId: membership.conversationId, id: { gt: afterId } },
            orderBy: { id: "asc" },
            take: EXPORT_BATCH,
            select: {
              id: true,
              senderId: true,
              kind: true,
              body: true,
              chatPhotoId: true,
              credits: true,
              createdAt: true,
              deletedAt: true,
              gift: { select: { code: true, names: true } },
            },
          }),
        ),
        (batch) =>
          batch.map((m) => {
            const own = m.senderId === userId;
            return {
              sentAt: iso(m.createdAt),
              from: own ? you : other,
              type: m.kind,
              text: m.kind === "text" && !m.deletedAt ? m.body : null,
              photo: own && m.kind === "photo" && m.chatPhotoId ? `chat-photos/${m.chatPhotoId}.webp` : null,
              gift: m.kind === "gift" ? giftName(m.gift, language, t) : null,
              creditsYouPaid: own ? m.credits : null,
              deletedAt: iso(m.deletedAt),
            };
          }),
      );
      yield {
        path: file,
        text: jsonDocument({
          with: other,
          startedAt: iso(membership.conversation.createdAt),
          startedBy: membership.conversation.startedById === userId ? you : other,
          removedFromYourListAt: iso(membership.clearedAt),
          messages,
        }),
      };
      index.push({ with: other, file, startedAt: iso(membership.conversation.createdAt) });
    }
    yield { path: "conversations.json", text: jsonDocument({ conversations: index }) };
    const storage = fileStorage();
    for await (const batch of inBatches((afterId) =>
      db().chatPhoto.findMany({
        where: { ownerId: userId, id: { gt: afterId } },
        orderBy: { id: "asc" },
        take: EXPORT_BATCH,
        select: { id: true, filename: true },
      }),
    )) {
      for (const photo of batch) {
        const body = await storage.read(photo.filename);
        if (body) yield { path: `chat-photos/${photo.id}.webp`, stored: body };
      }
    }
  },
};

export const giftsSection: ExportSection = {
  name: "gifts",
  files: ["gifts.json"],
  async *entries({ userId, language, t }, names) {
    const select = {
      id: true,
      senderId: true,
      credits: true,
      createdAt: true,
      gift: { select: { code: true, names: true } },
      conversation: { select: { userAId: true, userBId: true } },
    } as const;
    const other = (m: { conversation: { userAId: number; userBId: number } }) =>
      m.conversation.userAId === userId ? m.conversation.userBId : m.conversation.userAId;
    yield {
      path: "gifts.json",
      text: jsonDocument({
        giftsSent: mapBatches(
          inBatches((afterId) =>
            db().message.findMany({
              where: { kind: "gift", senderId: userId, id: { gt: afterId } },
              orderBy: { id: "asc" },
              take: EXPORT_BATCH,
              select,
            }),
          ),
          async (batch) => {
            const named = await names.of(batch.map(other));
            return batch.map((m) => ({
              to: named.get(other(m)),
              gift: giftName(m.gift, language, t),
              sentAt: iso(m.createdAt),
              creditsPaid: m.credits,
            }));
          },
        ),
        giftsReceived: mapBatches(
          inBatches((afterId) =>
            db().message.findMany({
              where: {
                kind: "gift",
                senderId: { not: userId },
                id: { gt: afterId },
                conversation: { OR: [{ userAId: userId }, { userBId: userId }] },
              },
              orderBy: { id: "asc" },
              take: EXPORT_BATCH,
              select,
            }),
          ),
          async (batch) => {
            const named = await names.of(batch.map((m) => m.senderId));
            return batch.map((m) => ({
              from: named.get(m.senderId),
              gift: giftName(m.gift, language, t),
              receivedAt: iso(m.createdAt),
            }));
          },
        ),
      }),
    };
  },
};

/**
 * Complaints sent through the complaints form with the member's address, and the chat messages the
 * member reported; a reported member is named by profile name.
 */
export const complaintsSection: ExportSection = {
  name: "complaints",
  files: ["complaints.json"],
  async *entries({ siteId, email, t }) {
    const rows = await db().complaint.findMany({
      where: { siteId, email },
      orderBy: { id: "asc" },
      select: {
        name: true,
        memberRef: true,
        messageRef: true,
        category: true,
        description: true,
        status: true,
        isMessageReport: true,
        createdAt: true,
        handledAt: true,
      },
    });
    const reportedProfiles = rows
      .filter((r) => r.isMessageReport && /^\d+$/.test(r.memberRef ?? ""))
      .map((r) => Number(r.memberRef));
    const profiles = await db().profile.findMany({
      where: { id: { in: reportedProfiles } },
      select: { id: true, name: true },
    });
    const profileNames = new Map(profiles.map((p) => [String(p.id), p.name]));
    yield {
      path: "complaints.json",
      text: jsonDocument({
        complaints: rows
          .filter((r) => !r.isMessageReport)
          .map((r) => ({
            sentAt: iso(r.createdAt),
            yourName: r.name,
            category: r.category,
            text: r.description,
            memberConcerned: r.memberRef,
            messageConcerned: r.messageRef,
            status: r.status,
            handledAt: iso(r.handledAt),
          })),
        messageReports: rows
          .filter((r) => r.isMessageReport)
          .map((r) => ({
            reportedAt: iso(r.createdAt),
            reportedMember: profileNames.get(r.memberRef ?? "") ?? t("dataExport:archive.formerMember"),
            yourNote: r.description,
            status: r.status,
            handledAt: iso(r.handledAt),
          })),
      }),
    };
  },
};

export const blocksSection: ExportSection = {
  name: "blocks",
  files: ["blocks.json"],
  async *entries({ userId }, names) {
    const blocks = await db().block.findMany({
      where: { blockerId: userId },
      orderBy: { id: "asc" },
      select: { blockedId: true, createdAt: true },
    });
    const named = await names.of(blocks.map((b) => b.blockedId));
    yield {
      path: "blocks.json",
      text: jsonDocument({
        membersYouBlocked: blocks.map((b) => ({
          member: named.get(b.blockedId),
          blockedAt: iso(b.createdAt),
        })),
      }),
    };
  },
};
