import { COMPLAINTS_PER_ADDRESS, COMPLAINTS_PER_IP, COMPLAINTS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { normalizeEmail } from "~/domain/accounts/email";
import { heldMembers } from "~/domain/chat/report-hold.server";
import type { Site } from "~/domain/sites/site.server";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { sendAccountMail } from "~/domain/notifications/account-mail.server";
import { Prisma } from "~/generated/prisma/client";
import type { ComplaintStatus } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import type { ComplaintInput } from "./complaint-schema";

const STAFF_PAGE_SIZE = 50;

type SubmitComplaintResult =
  { ok: true; complaintId: number } | { ok: false; error: "rejected" | "rateLimited" };

/**
 * Stores a complaint and acknowledges it by mail to the sender. Scripted submissions are refused:
 * a filled honeypot field, or more than a few complaints per hour from one IP, member or address.
 */
export async function submitComplaint({
  complaint,
  site,
  ip,
  language,
  userId = null,
  honeypotFilled,
}: {
  complaint: ComplaintInput;
  site: Pick<Site, "id" | "name" | "domain">;
  ip: string;
  language: string;
  userId?: number | null;
  honeypotFilled: boolean;
}): Promise<SubmitComplaintResult> {
  if (honeypotFilled) return { ok: false, error: "rejected" };
  const allowed =
    (await withinLimit(COMPLAINTS_PER_IP, ip)) &&
    (userId === null || (await withinLimit(COMPLAINTS_PER_MEMBER, userId))) &&
    (await withinLimit(COMPLAINTS_PER_ADDRESS, normalizeEmail(complaint.email)));
  if (!allowed) return { ok: false, error: "rateLimited" };
  const created = await db().complaint.create({
    data: {
      siteId: site.id,
      name: complaint.name,
      email: complaint.email,
      memberRef: complaint.member || null,
      messageRef: complaint.message || null,
      category: complaint.category,
      description: complaint.description,
    },
    select: { id: true },
  });
  await sendAccountMail({
    kind: "complaintReceived",
    to: complaint.email,
    userId,
    language,
    site,
  });
  return { ok: true, complaintId: created.id };
}

/**
 * The staff list of a site's complaints, a page at a time, with the totals: first the open reports
 * about members held out of lists after reports (docs/product.md, Trust and first contact), each
 * naming the held member's account for the staff's decision; then the rest, newest first.
 */
export async function listComplaints(siteId: number, page: number) {
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const held = await heldMembers(siteId);
  const heldRefs = [...held.keys()];
  const pageIds = (
    await db().$queryRaw<{ id: number }[]>`
      SELECT id FROM "Complaint" WHERE "siteId" = ${siteId}
      ORDER BY (status = 'open' AND "memberRef" = ANY(${heldRefs}::text[])) DESC, "createdAt" DESC, id DESC
      OFFSET ${(current - 1) * STAFF_PAGE_SIZE} LIMIT ${STAFF_PAGE_SIZE}`
  ).map((row) => row.id);
  const [found, total, open] = await Promise.all([
    db().complaint.findMany({
      where: { id: { in: pageIds } },
      select: {
        id: true,
        siteId: true,
        name: true,
        email: true,
        memberRef: true,
        messageRef: true,
        category: true,
        description: true,
        status: true,
        createdAt: true,
        handledAt: true,
        evidence: true,
      },
    }),
    db().complaint.count({ where: { siteId } }),
    db().complaint.count({ where: { siteId, status: "open" } }),
  ]);
  const byId = new Map(found.map((complaint) => [complaint.id, complaint]));
  const complaints = pageIds.flatMap((id) => byId.get(id) ?? []);
  const siteIds = [...new Set(complaints.map((c) => c.siteId))];
  const sites = await db().site.findMany({
    where: { id: { in: siteIds } },
    select: { id: true, name: true },
  });
  const siteNames = new Map(sites.map((s) => [s.id, s.name]));
  return {
    complaints: complaints.map(({ siteId, ...complaint }) => ({
      ...complaint,
      siteName: siteNames.get(siteId) ?? "",
      /** The account of the member concerned while they are held after reports, else null. */
      heldUserId: (complaint.memberRef && held.get(complaint.memberRef)) ?? null,
    })),
    total,
    open,
    page: current,
    pages: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)),
  };
}

/**
 * Marks a complaint of the staff member's site handled, or opens it again, with a row in the staff
 * log in the same transaction (a reopening keeps there when it had been handled). A complaint
 * already in that status changes nothing and logs nothing. False for an unknown complaint. A
 * message report is not opened again while the same member's later report of that message is open
 * (one open report per message and member): that one stays the open one.
 */
export async function setComplaintStatus(
  staff: StaffActor,
  complaintId: number,
  status: ComplaintStatus,
): Promise<boolean> {
  try {
    return await db().$transaction(async (tx) => {
      const complaint = await tx.complaint.findFirst({
        where: { id: complaintId, siteId: staff.siteId },
        select: { status: true, handledAt: true },
      });
      if (!complaint) return false;
      if (complaint.status === status) return true;
      const { count } = await tx.complaint.updateMany({
        // Only from the status read: a concurrent change of the same complaint is not logged twice.
        where: { id: complaintId, status: complaint.status },
        data: { status, handledAt: status === "handled" ? new Date() : null },
      });
      if (count === 0) return true;
      await recordStaffAction(
        tx,
        staff,
        status === "handled" ? "complaint_handled" : "complaint_reopened",
        complaintId,
        status === "open" && complaint.handledAt
          ? { handledAt: complaint.handledAt.toISOString() }
          : undefined,
      );
      return true;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return true;
    throw error;
  }
}
