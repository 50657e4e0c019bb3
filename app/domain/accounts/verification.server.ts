import { createHash, randomBytes } from "node:crypto";
import { db } from "~/lib/db.server";
import type { Prisma, VerificationType } from "~/generated/prisma/client";

const VERIFICATION_TTL_MS: Record<VerificationType, number> = {
  activation: 7 * 24 * 3600_000,
  reset_password: 2 * 3600_000,
  change_email: 24 * 3600_000,
  reactivation: 14 * 24 * 3600_000,
  // Only for the page the activation link just opened: pressing its button takes seconds.
  activation_login: 15 * 60_000,
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Creates a single-use link token; only its hash is stored. Returns the token for the mail. */
export async function createVerification(
  { type, userId, target }: { type: VerificationType; userId: number; target: string },
  tx: Prisma.TransactionClient = db(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.verification.create({
    data: {
      type,
      userId,
      target,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS[type]),
    },
    select: { id: true },
  });
  return token;
}

/** Uses up a token once: the matching, unexpired, unused verification, or null. */
export async function consumeVerification(type: VerificationType, token: string) {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const used = await db().verification.updateManyAndReturn({
    where: { tokenHash, type, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
    select: { userId: true, target: true },
  });
  return used[0] ?? null;
}

/**
 * Voids the member's unused links of these types: a statement for a `$transaction`, or to await.
 * After a password change an intruder's pending links must not outlast it; after a confirmation
 * the other activation links have no job left.
 */
export function voidLinks(
  userId: number,
  types: VerificationType[],
  client: Prisma.TransactionClient = db(),
) {
  return client.verification.updateMany({
    where: { userId, type: { in: types }, usedAt: null },
    data: { usedAt: new Date() },
  });
}

/** A token that was used already (expired or not): whom it was for, or null. */
export async function usedVerification(type: VerificationType, token: string) {
  if (!token) return null;
  return db().verification.findFirst({
    where: { tokenHash: hashToken(token), type, usedAt: { not: null } },
    select: { userId: true, target: true },
  });
}

/** Checks a token without using it (to show a form before it is submitted). */
export async function peekVerification(type: VerificationType, token: string) {
  if (!token) return null;
  return db().verification.findFirst({
    where: { tokenHash: hashToken(token), type, usedAt: null, expiresAt: { gt: new Date() } },
    select: { userId: true, target: true },
  });
}
