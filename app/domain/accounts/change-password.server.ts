import { db } from "~/lib/db.server";
import { checkCurrentPassword, hashPassword } from "./password.server";
import { passwordProblem, type PasswordProblem } from "./password-rules";
import { endOtherSessions } from "./session.server";
import { voidLinks } from "./verification.server";

type ChangePasswordResult = { ok: true } | { ok: false; error: "wrongOldPassword" | PasswordProblem };

export const CHANGE_PASSWORD_ERROR_KEYS = {
  wrongOldPassword: "settings:password.wrongOldPassword",
} as const;

/**
 * Settings: a new password after the old one is checked. Every other session of the member ends, the
 * one making the change (`keepSessionId`) stays logged in.
 */
export async function changePassword({
  userId,
  currentPassword,
  newPassword,
  keepSessionId,
}: {
  userId: number;
  currentPassword: string;
  newPassword: string;
  keepSessionId: string | null;
}): Promise<ChangePasswordResult> {
  if (!(await checkCurrentPassword(userId, currentPassword))) return { ok: false, error: "wrongOldPassword" };
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, profile: { select: { name: true } } },
  });
  const problem = passwordProblem(newPassword, { email: user.email, name: user.profile?.name });
  if (problem) return { ok: false, error: problem };
  const passwordHash = await hashPassword(newPassword);
  await db().$transaction([
    db().user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true } }),
    // Links an intruder may have asked for (a reset, an e-mail change) end with their session.
    voidLinks(userId, ["reset_password", "change_email"]),
  ]);
  await endOtherSessions(userId, keepSessionId);
  return { ok: true };
}
