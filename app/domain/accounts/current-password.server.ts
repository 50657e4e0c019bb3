import { PASSWORD_CHECKS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { db } from "~/lib/db.server";
import { verifyPassword } from "./password.server";

/** Checks of the current password (password and e-mail change) one account may make per window. */
export const PASSWORD_CHECK_LIMIT = PASSWORD_CHECKS_PER_MEMBER;

/**
 * Whether `password` is the member's current password. Every check counts, so someone holding a
 * logged-in session cannot use the settings forms to guess the password.
 */
export async function checkCurrentPassword(userId: number, password: string): Promise<boolean> {
  const allowed = await withinLimit(PASSWORD_CHECKS_PER_MEMBER, userId);
  const user = await db().user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  return allowed && ok;
}
