import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { DELETION_GRACE_MS } from "./delete-account.server";
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
