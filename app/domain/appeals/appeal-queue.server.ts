// The staff's appeals queue (/staff/appeals, docs/product.md, Appeals): open appeals of the site,
// oldest first, each with the decision it is against, and the staff's decision on one. Granting a
// ban appeal lifts the ban through liftBanIn; granting a photo appeal cannot bring the deleted file
// back, it releases the photo's fingerprint so the member may upload the picture again.
import type { Site } from "~/domain/sites/site.server";
import { liftBanIn } from "~/domain/accounts/ban.server";
import { sendAccountMail, type AccountMailKind } from "~/domain/notifications/account-mail.server";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { db } from "~/lib/db.server";
import type { AppealDecision } from "./appeal-fields";

/** Appeals shown per page of the queue. */
const APPEALS_PER_PAGE = 25;

/** Open appeals of the site (the back office's overview counts them). */
export function countOpenAppeals(siteId: number): Promise<number> {
  return db().appeal.count({ where: { siteId, status: "open" } });
}

/** A page of the site's open appeals, oldest first, with the photo rejection or ban each is against. */
export async function listOpenAppeals(siteId: number, page: number) {
  const where = { siteId, status: "open" as const };
  const total = await db().appeal.count({ where });
  const pages = Math.max(1, Math.ceil(total / APPEALS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const appeals = await db().appeal.findMany({
    where,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    skip: (current - 1) * APPEALS_PER_PAGE,
    take: APPEALS_PER_PAGE,
    select: {
      id: true,
      kind: true,
      text: true,
      createdAt: true,
      user: { select: { id: true, email: true, profile: { select: { name: true } } } },
      photo: { select: { id: true, rejectionReason: true, reviewedAt: true, createdAt: true } },
      ban: {
        select: {
          id: true,
          reason: true,
          note: true,
          createdAt: true,
          bannedBy: { select: { email: true } },
        },
      },
    },
  });
  return { appeals, total, page: current, pages };
}

export type AppealDecisionResult = { ok: true } | { ok: false; error: "notFound" | "alreadyDecided" };

const MAIL_KINDS = {
  photo: { granted: "appealPhotoGranted", refused: "appealPhotoRefused" },
  ban: { granted: "appealBanGranted", refused: "appealBanRefused" },
} as const satisfies Record<"photo" | "ban", Record<AppealDecision, AccountMailKind>>;

/**
 * Staff's decision on an open appeal of their site, in one transaction with its effect (a ban
 * lifted, a photo's fingerprint released), the staff log's row and the member's mail in their
 * language. `alreadyDecided` when another staff member was first.
 */
export async function decideAppeal(
  staff: StaffActor,
  { appealId, decision, reason }: { appealId: number; decision: AppealDecision; reason: string },
  { site, origin }: { site: Pick<Site, "name" | "domain">; origin: string },
): Promise<AppealDecisionResult> {
  return db().$transaction(async (tx) => {
    const appeal = await tx.appeal.findFirst({
      where: { id: appealId, siteId: staff.siteId },
      select: {
        kind: true,
        userId: true,
        photoId: true,
        banId: true,
        ban: { select: { liftedAt: true } },
        user: { select: { email: true, language: true, profile: { select: { name: true } } } },
      },
    });
    if (!appeal) return { ok: false, error: "notFound" };
    const { count } = await tx.appeal.updateMany({
      where: { id: appealId, status: "open" },
      data: { status: decision, decidedAt: new Date(), decidedById: staff.id, decisionReason: reason },
    });
    if (count === 0) return { ok: false, error: "alreadyDecided" };
    if (decision === "granted" && appeal.photoId !== null) {
      await tx.photo.update({
        where: { id: appeal.photoId },
        data: { printReleasedAt: new Date() },
        select: { id: true },
      });
    }
    // A ban lifted in the meantime (by hand) has nothing left to lift.
    if (decision === "granted" && appeal.ban && appeal.ban.liftedAt === null) {
      await liftBanIn(tx, staff, appeal.userId, reason);
    }
    await recordStaffAction(
      tx,
      staff,
      decision === "granted" ? "appeal_granted" : "appeal_refused",
      appealId,
      {
        reason,
        kind: appeal.kind,
        memberId: appeal.userId,
        ...(appeal.photoId !== null ? { photoId: appeal.photoId } : {}),
        ...(appeal.banId !== null ? { banId: appeal.banId } : {}),
        before: { status: "open" },
        after: { status: decision },
      },
    );
    const link =
      decision === "refused"
        ? undefined
        : `${origin}${appeal.kind === "photo" ? "/profile/photos" : "/login"}`;
    await sendAccountMail(
      {
        kind: MAIL_KINDS[appeal.kind][decision],
        to: appeal.user.email,
        userId: appeal.userId,
        language: appeal.user.language,
        site,
        name: appeal.user.profile?.name ?? undefined,
        ...(link ? { link } : {}),
        values: { reason },
      },
      tx,
    );
    return { ok: true };
  });
}
