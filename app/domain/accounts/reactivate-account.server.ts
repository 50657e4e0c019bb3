import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { REACTIVATION_MAILS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import type { Site } from "~/domain/sites/site.server";
import { DELETION_GRACE_MS, sendReactivationMail } from "./delete-account.server";
import { createVerification } from "./verification.server";
import { consumeVerification, peekVerification } from "./verification.server";

type ReactivateResult = { ok: true; userId: number } | { ok: false };

/** A deleted account that is not erased yet and still within its grace period. */
export function reactivatable(userId: number) {
  return {
    id: userId,
    status: "deleted",
    erasedAt: null,
    deletedAt: { gt: new Date(Date.now() - DELETION_GRACE_MS) },
  } satisfies Prisma.UserWhereInput;
}

/**
 * Whether a reactivation link would work, without using it: the page behind the link asks first,
 * so a mail scanner that opens the link does not undo the member's deletion.
 */
export async function reactivationLinkWorks(token: string): Promise<boolean> {
  const verification = await peekVerification("reactivation", token);
  if (!verification) return false;
  return (await db().user.count({ where: reactivatable(verification.userId) })) > 0;
}

/**
 * Follows a reactivation link (single use, valid for the grace period): a deleted account that is not
 * erased yet becomes active again, with its profile visible. The account counts as confirmed: the
 * link was mailed to its address and followed from there.
 */
export async function reactivateAccount(token: string): Promise<ReactivateResult> {
  const verification = await consumeVerification("reactivation", token);
  if (!verification) return { ok: false };
  const userId = verification.userId;
  const reactivated = await db().$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: reactivatable(userId),
      data: { status: "confirmed", deletedAt: null, deleteReason: null, deleteRemarks: null },
    });
    if (count === 0) return false;
    await tx.profile.updateMany({ where: { userId }, data: { status: "active" } });
    // Other reactivation links of this deletion are of no use any more.
    await tx.verification.deleteMany({ where: { userId, type: "reactivation", usedAt: null } });
    return true;
  });
  return reactivated ? { ok: true, userId } : { ok: false };
}

/**
 * A new reactivation link by mail, for a deleted member who just logged in with the right password
 * (verifyLogin's `deleted`). At most REACTIVATION_MAILS_PER_MEMBER an hour: `mailed` false means
 * none was sent now, and the member is pointed to the links sent before. Earlier links keep
 * working; the first one followed voids the rest.
 */
export async function mailReactivationLink({
  userId,
  site,
  origin,
}: {
  userId: number;
  site: Pick<Site, "name" | "domain">;
  origin: string;
}): Promise<{ mailed: boolean }> {
  if (!(await withinLimit(REACTIVATION_MAILS_PER_MEMBER, userId))) return { mailed: false };
  const sent = await db().$transaction(async (tx) => {
    const member = await tx.user.findFirst({
      where: reactivatable(userId),
      select: { email: true, language: true, profile: { select: { name: true } } },
    });
    if (!member) return null;
    const token = await createVerification({ type: "reactivation", userId, target: member.email }, tx);
    return { ...member, token };
  });
  if (!sent) return { mailed: false };
  await sendReactivationMail({
    userId,
    to: sent.email,
    language: sent.language,
    name: sent.profile?.name ?? sent.email,
    site,
    origin,
    token: sent.token,
  });
  return { mailed: true };
}
