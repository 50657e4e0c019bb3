import { db } from "~/lib/db.server";
import { DELETION_GRACE_MS } from "./delete-account.server";
import { consumeVerification } from "./verification.server";

export type ReactivateResult = { ok: true; userId: number } | { ok: false };

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
      where: {
        id: userId,
        status: "deleted",
        erasedAt: null,
        deletedAt: { gt: new Date(Date.now() - DELETION_GRACE_MS) },
      },
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
