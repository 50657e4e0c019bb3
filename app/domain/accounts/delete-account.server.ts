import { ACCOUNT_DELETE_TRIES_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import type { Site } from "~/domain/sites/site.server";
import { sendAccountMail } from "~/domain/notifications/account-mail.server";
import type { DeleteReason } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import { verifyPassword } from "./password.server";
import { createVerification, voidLinks } from "./verification.server";

/** A deleted account can be reactivated for 14 days, then its personal data is erased. */
const DELETION_GRACE_DAYS = 14;
export const DELETION_GRACE_MS = DELETION_GRACE_DAYS * 24 * 3600_000;

/** The discount (percent) offered instead of deleting, to members who never paid; null for none. */
export function deleteDiscountFor(
  site: { company: { deleteDiscount: number } },
  user: { paidUser: boolean },
) {
  const discount = site.company.deleteDiscount;
  return discount > 0 && !user.paidUser ? discount : null;
}

type DeleteAccountResult = { ok: true } | { ok: false; error: "passwordWrong" | "tooManyAttempts" };

/**
 * Deletes a member's account after checking the password: in one transaction the account is marked
 * deleted with the reason, the profile is disabled (hidden everywhere at once), every session ends
 * and every pending password-reset, e-mail-change and activation link is voided (a reactivation must
 * not bring back, say, an intruder's e-mail change). A reactivation link, valid for the grace
 * period, is mailed afterwards.
 */
export async function deleteAccount({
  userId,
  password,
  reason,
  remarks,
  site,
  origin,
}: {
  userId: number;
  password: string;
  reason: DeleteReason;
  remarks?: string | null;
  site: Pick<Site, "name" | "domain">;
  /** The site's origin for the reactivation link, e.g. "https://hartklop.nl". */
  origin: string;
}): Promise<DeleteAccountResult> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      passwordHash: true,
      status: true,
      language: true,
      profile: { select: { name: true } },
    },
  });
  if (!user || user.status === "deleted") return { ok: false, error: "passwordWrong" };
  if (!(await withinLimit(ACCOUNT_DELETE_TRIES_PER_MEMBER, userId)))
    return { ok: false, error: "tooManyAttempts" };
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, error: "passwordWrong" };

  const token = await db().$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: {
        status: "deleted",
        deletedAt: new Date(),
        deleteReason: reason,
        deleteRemarks: remarks || null,
      },
      select: { id: true },
    });
    await tx.profile.updateMany({ where: { userId }, data: { status: "disabled" } });
    await tx.session.deleteMany({ where: { userId } });
    await voidLinks(userId, ["reset_password", "change_email", "activation"], tx);
    return createVerification({ type: "reactivation", userId, target: user.email }, tx);
  });

  await sendReactivationMail({
    userId,
    to: user.email,
    language: user.language,
    name: user.profile?.name ?? user.email,
    site,
    origin,
    token,
  });
  return { ok: true };
}

/** Queues the mail with the reactivation link (after a deletion, or again from staff). */
export function sendReactivationMail(options: {
  userId: number;
  to: string;
  language: string;
  name: string;
  site: Pick<Site, "name" | "domain">;
  origin: string;
  token: string;
}) {
  return sendAccountMail({
    kind: "reactivation",
    to: options.to,
    userId: options.userId,
    language: options.language,
    site: options.site,
    name: options.name,
    link: `${options.origin}/reactivate?token=${encodeURIComponent(options.token)}`,
  });
}
