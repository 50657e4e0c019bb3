import { REPORT_NOTE_MAX } from "./chat-types";
import { COMPLAINTS_PER_MEMBER, REPORTS_PER_IP } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { Prisma } from "~/generated/prisma/client";
import type { ComplaintCategory, MessageKind } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import { translatorFor } from "~/lib/translator.server";

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** How many of the conversation's newest messages go with a report as evidence. */
export const EVIDENCE_MESSAGES = 20;
/** The language the evidence is written in: staff read the complaints in Dutch. */
const EVIDENCE_LANGUAGE = "nl";
/** Between the report's summary and the message history in Complaint.description. */
export const EVIDENCE_SEPARATOR = "\n\n----------\n";

export interface ReportInput {
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

export type ReportResult =
  { ok: true; complaintId: number; duplicate: boolean } | { ok: false; error: "notFound" | "rateLimited" };

interface EvidenceMessage {
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

const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

function evidenceLine(message: EvidenceMessage, reportedId: number) {
  const t = translatorFor(EVIDENCE_LANGUAGE);
  const content =
    message.kind === "text"
      ? t("chat-extras:report.evidence.kinds.text", { body: message.body.replace(/\s*\n\s*/g, " ⏎ ") })
      : message.kind === "photo"
        ? t("chat-extras:report.evidence.kinds.photo", { chatPhotoId: message.chatPhotoId ?? "-" })
        : t("chat-extras:report.evidence.kinds.gift", { gift: message.gift?.code ?? "-" });
  const line = t("chat-extras:report.evidence.line", {
    marker: message.id === reportedId ? "»" : " ",
    id: message.id,
    time: utc(message.createdAt),
    userId: message.senderId,
    content,
  });
  return message.deletedAt ? `${line} ${t("chat-extras:report.evidence.deleted")}` : line;
}

/** The complaint's text: who reported what, then the conversation's newest messages, oldest first. */
export function evidenceText({
  conversationId,
  reported,
  reporter,
  sender,
  note,
  history,
}: {
  conversationId: number;
  reported: EvidenceMessage;
  reporter: { userId: number; profileId: number | null };
  sender: { userId: number; profileId: number | null };
  note: string;
  history: EvidenceMessage[];
}): string {
  const t = translatorFor(EVIDENCE_LANGUAGE);
  const summary = [
    t("chat-extras:report.evidence.intro"),
    t("chat-extras:report.evidence.conversation", { conversationId }),
    t("chat-extras:report.evidence.reporter", {
      userId: reporter.userId,
      profileId: reporter.profileId ?? "-",
    }),
    t("chat-extras:report.evidence.sender", { userId: sender.userId, profileId: sender.profileId ?? "-" }),
    t("chat-extras:report.evidence.message", { messageId: reported.id }),
    evidenceLine(reported, reported.id),
  ];
  if (note) summary.push("", t("chat-extras:report.evidence.note", { note }));
  const lines = [
    t("chat-extras:report.evidence.history", { shown: history.length }),
    ...history.map((m) => evidenceLine(m, reported.id)),
  ];
  return summary.join("\n") + EVIDENCE_SEPARATOR + lines.join("\n");
}

/** For the staff page: a report's summary and its message history apart (null for other complaints). */
export function splitReportEvidence(description: string): { text: string; evidence: string | null } {
  const at = description.indexOf(EVIDENCE_SEPARATOR);
  if (at < 0) return { text: description, evidence: null };
  return { text: description.slice(0, at), evidence: description.slice(at + EVIDENCE_SEPARATOR.length) };
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
}): Promise<EvidenceMessage | null> {
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
 * `messageRef`, both user ids and the conversation's last 20 messages in the description.
 * Only the recipient may report (anyone else: notFound); a repeated report of the same message
 * while the first is open changes nothing; complaints are limited per member and per IP.
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
  const description = evidenceText({
    conversationId,
    reported,
    reporter: { userId: reporterId, profileId: reporter.profile?.id ?? null },
    sender: { userId: reported.senderId, profileId: sender.profile?.id ?? null },
    note: (input.note ?? "").trim().slice(0, REPORT_NOTE_MAX),
    history: newest.reverse(),
  });
  try {
    const complaint = await db().complaint.create({
      data: {
        siteId: input.site.id,
        name: reporter.profile?.name ?? reporter.email,
        memberRef,
        ...openReport,
        category: input.category,
        description,
        ...(input.now ? { createdAt: input.now } : {}),
      },
      select: { id: true },
    });
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
