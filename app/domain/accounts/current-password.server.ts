import { db } from "~/lib/db.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { verifyPassword } from "./password.server";

/** Checks of the current password (password and e-mail change) one account may make per window. */
export const PASSWORD_CHECK_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/**
 * Whether `password` is the member's current password. Every check counts, so someone holding a
 * logged-in session cannot use the settings forms to guess the password.
 */
export async function checkCurrentPassword(userId: number, password: string): Promise<boolean> {
  const { allowed } = await hitRateLimit(`password-check:${userId}`, PASSWORD_CHECK_LIMIT);
  const user = await db().user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  return allowed && ok;
}
