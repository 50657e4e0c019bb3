import { hash, verify } from "@node-rs/argon2";
import { PASSWORD_CHECKS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { db } from "~/lib/db.server";

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Compared against when the account does not exist, so a wrong e-mail takes as long as a wrong password.
const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$K1uIX8ZP9X9Ip1p7S9O8Ql7wkJXo2a0e0RRmYq8xXKo";

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? DUMMY_HASH, password);
  } catch {
    return false;
  }
}

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
