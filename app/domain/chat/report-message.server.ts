import { z } from "zod";
import { REPORT_NOTE_MAX } from "./chat-types";
import { COMPLAINTS_PER_MEMBER, REPORTS_PER_IP } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { Prisma } from "~/generated/prisma/client";
import type { ComplaintCategory, MessageKind } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import { holdAfterReports } from "./report-hold.server";

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** How many of the conversation's newest messages go with a report as evidence. */
const EVIDENCE_MESSAGES = 20;

interface ReportInput {
  reporterId: number;
  /** The reporter's IP address (complaints are limited per IP too). */
  ip: string;
  site: { id: number };
  conversationId: number;
  messageId: number;
  category: ComplaintCategory;
  note?: string;
  now?: Date;
}

type ReportResult =
  { ok: true; complaintId: number; duplicate: boolean } | { ok: false; error: "notFound" | "rateLimited" };

interface StoredMessage {
  id: number;
  senderId: number;
  kind: MessageKind;
  body: string;
  chatPhotoId: number | null;
  gift: { code: string } | null;
  createdAt: Date;
  deletedAt: Date | null;
}

const evidenceSelect = {
  id: true,
  senderId: true,
  kind: true,
  body: true,
  chatPhotoId: true,
  gift: { select: { code: true } },
  createdAt: true,
  deletedAt: true,
} as const;

const evidenceMember = z.object({ userId: z.number().int(), profileId: z.number().int().nullable() });

const evidenceEntry = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  kind: z.enum(["text", "photo", "gift"]),
  /** A text's body ("" for photos and gifts). */
  text: z.string(),
  chatPhotoId: z.number().int().nullable(),
  /** The gift's code. */
  gift: z.string().nullable(),
  /** ISO time. */
  sentAt: z.string(),
  deleted: z.boolean(),
});

/**
 * What Complaint.evidence holds: the conversation as the server read it when the report was made
 * (never text the reporter typed), or, for reports made before it had its own column, the text
 * written then (see the migration "complaint_evidence").
 */
const reportEvidenceSchema = z.union([
  z.object({
    conversationId: z.number().int(),
    reporter: evidenceMember,
    sender: evidenceMember,
    reported: evidenceEntry,
    /** The conversation's newest EVIDENCE_MESSAGES messages, oldest first. */
    history: z.array(evidenceEntry),
  }),
  z.object({ legacy: z.string() }),
]);

export type EvidenceEntry = z.infer<typeof evidenceEntry>;
type ReportEvidence = z.infer<typeof reportEvidenceSchema>;

const evidenceEntryOf = (message: StoredMessage): EvidenceEntry => ({
  id: message.id,
  senderId: message.senderId,
  kind: message.kind,
  text: message.kind === "text" ? message.body : "",
  chatPhotoId: message.chatPhotoId,
  gift: message.gift?.code ?? null,
  sentAt: message.createdAt.toISOString(),
  deleted: message.deletedAt !== null,
});

/** A complaint's evidence column read back: null for complaints that are no message report. */
export function readReportEvidence(stored: unknown): ReportEvidence | null {
  return stored === null ? null : reportEvidenceSchema.parse(stored);
}

/** The message `reporterId` may report: one the other member of their conversation sent them. */
export function findReportableMessage({
  reporterId,
  siteId,
  conversationId,
  messageId,
}: {
  reporterId: number;
  siteId: number;
  conversationId: number;
  messageId: number;
}): Promise<StoredMessage | null> {
  return db().message.findFirst({
    where: {
      id: messageId,
      conversationId,
      senderId: { not: reporterId },
      conversation: { siteId, members: { some: { userId: reporterId } } },
    },
    select: evidenceSelect,
  });
}

/**
 * A member reports a message the other member of the conversation sent them. It becomes a
 * complaint for /staff/complaints: the sender's profile as `memberRef`, the message id as
 * `messageRef`, the reporter's note as the description, and both user ids with the conversation's
 * last 20 messages as its evidence (a column of its own, so no note can imitate it).
 * Only the recipient may report (anyone else: notFound); a repeated report of the same message
 * while the first is open changes nothing; complaints are limited per member and per IP. Reports
 * from 3 different members within 7 days hold the sender out of member lists until staff decide.
 */
export async function reportMessage(input: ReportInput): Promise<ReportResult> {
  const { reporterId, conversationId, messageId } = input;
  const reported = await findReportableMessage({
    reporterId,
    siteId: input.site.id,
    conversationId,
    messageId,
  });
  if (!reported) return { ok: false, error: "notFound" };
  const [reporter, sender] = await Promise.all([
    db().user.findUniqueOrThrow({
      where: { id: reporterId },
      select: { email: true, profile: { select: { id: true, name: true } } },
    }),
    db().user.findUniqueOrThrow({
      where: { id: reported.senderId },
      select: { profile: { select: { id: true } } },
    }),
  ]);
  const memberRef = sender.profile ? String(sender.profile.id) : `user ${reported.senderId}`;
  const openReport = { messageRef: String(messageId), email: reporter.email, isMessageReport: true };
  const earlierReport = () =>
    db().complaint.findFirst({ where: { ...openReport, status: "open" }, select: { id: true } });
  const earlier = await earlierReport();
  if (earlier) return { ok: true, complaintId: earlier.id, duplicate: true };

  const allowed =
    (await withinLimit(COMPLAINTS_PER_MEMBER, reporterId)) && (await withinLimit(REPORTS_PER_IP, input.ip));
  if (!allowed) return { ok: false, error: "rateLimited" };

  const newest = await db().message.findMany({
    where: { conversationId },
    orderBy: { id: "desc" },
    take: EVIDENCE_MESSAGES,
    select: evidenceSelect,
  });
  const evidence: ReportEvidence = {
    conversationId,
    reporter: { userId: reporterId, profileId: reporter.profile?.id ?? null },
    sender: { userId: reported.senderId, profileId: sender.profile?.id ?? null },
    reported: evidenceEntryOf(reported),
    history: newest.reverse().map(evidenceEntryOf),
  };
  try {
    const complaint = await db().complaint.create({
      data: {
        siteId: input.site.id,
        name: reporter.profile?.name ?? reporter.email,
        memberRef,
        ...openReport,
        category: input.category,
        description: (input.note ?? "").trim().slice(0, REPORT_NOTE_MAX),
        evidence,
        ...(input.now ? { createdAt: input.now } : {}),
      },
      select: { id: true },
    });
    // The third different reporter within a week puts the sender on hold (report-hold.server.ts).
    await holdAfterReports(reported.senderId, input.now);
    return { ok: true, complaintId: complaint.id, duplicate: false };
  } catch (error) {
    // A second submit at the same moment passed the check above too: the open report's unique
    // index ("Complaint_open_message_report_key") lets one through; the other answers as a repeat.
    if (!isUniqueViolation(error)) throw error;
    const first = await earlierReport();
    if (!first) throw error;
    return { ok: true, complaintId: first.id, duplicate: true };
  }
}
