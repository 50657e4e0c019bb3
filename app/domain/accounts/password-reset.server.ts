import { RESET_REQUESTS_PER_IP } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import type { Site } from "~/domain/sites/site.server";
import { sendAccountMail } from "~/domain/notifications/account-mail.server";
import { db } from "~/lib/db.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { confirmAddress } from "./confirm-address.server";
import { normalizeEmail } from "./email";
import { startAccountCountOver } from "./login.server";
import { hashPassword } from "./password.server";
import { passwordProblem, type PasswordProblem } from "./password-rules";
import { endOtherSessions } from "./session.server";
import { consumeVerification, createVerification, peekVerification, voidLinks } from "./verification.server";

const DAY_MS = 24 * 3600_000;

/** The messages of the password reset, by error (docs/product.md, Texts members see). */
export const RESET_ERROR_KEYS = {
  notFound: "settings:reset.notFound",
  tooMany: "settings:reset.tooMany",
  invalidLink: "settings:reset.invalidLink",
} as const;

type ResetRequestResult = { ok: true } | { ok: false; error: "notFound" | "tooMany" };

function resetLink(origin: string, token: string) {
  return `${origin}/reset-password/do?token=${encodeURIComponent(token)}`;
}

/**
 * `/reset-password`: mails a one-time link to choose a new password, at most `site.resetMailsPerDay`
 * times a day per address. An address without an account on this site is reported as not found
 * (docs/product.md, Accounts), as is a deleted account (that one is reactivated through its own mail).
 */
export async function requestPasswordReset({
  site,
  email,
  origin,
  ip,
}: {
  site: Pick<Site, "id" | "name" | "domain" | "resetMailsPerDay">;
  email: string;
  origin: string;
  ip: string;
}): Promise<ResetRequestResult> {
  if (!(await withinLimit(RESET_REQUESTS_PER_IP, ip))) return { ok: false, error: "tooMany" };
  const address = normalizeEmail(email);
  const user = await db().user.findUnique({
    where: { siteId_email: { siteId: site.id, email: address } },
    select: { id: true, email: true, language: true, status: true, profile: { select: { name: true } } },
  });
  if (!user || user.status === "deleted") return { ok: false, error: "notFound" };
  const perAddress = await hitRateLimit(`reset-mail:${site.id}:${address}`, {
    limit: site.resetMailsPerDay,
    windowMs: DAY_MS,
  });
  if (!perAddress.allowed) return { ok: false, error: "tooMany" };
  const token = await createVerification({ type: "reset_password", userId: user.id, target: user.email });
  await sendAccountMail({
    kind: "resetPassword",
    to: user.email,
    userId: user.id,
    language: user.language,
    site,
    name: user.profile?.name ?? user.email,
    link: resetLink(origin, token),
  });
  return { ok: true };
}

/** The account a reset link belongs to while the link is usable; null for an expired, used or unknown link. */
async function resetTarget(token: string) {
  const pending = await peekVerification("reset_password", token);
  if (!pending) return null;
  const user = await db().user.findUnique({
    where: { id: pending.userId },
    select: { id: true, email: true, status: true, profile: { select: { name: true } } },
  });
  // A link mailed to an address the account no longer uses is void.
  if (!user || user.status === "deleted" || user.email !== pending.target) return null;
  return user;
}

/** Whether `/reset-password/do` can show its form for this link. */
export async function isResetLinkValid(token: string): Promise<boolean> {
  return (await resetTarget(token)) !== null;
}

type ResetResult = { ok: true; userId: number } | { ok: false; error: "invalidLink" | PasswordProblem };

/**
 * `/reset-password/do`: sets the new password, lifts a login block and ends every session of the
 * member (the caller opens a fresh one). The link works once; every other reset link of the member
 * is used up too. The link came to the member's address, so an unconfirmed member is confirmed.
 */
export async function completePasswordReset({
  token,
  password,
}: {
  token: string;
  password: string;
}): Promise<ResetResult> {
  const user = await resetTarget(token);
  if (!user) return { ok: false, error: "invalidLink" };
  const problem = passwordProblem(password, { email: user.email, name: user.profile?.name });
  if (problem) return { ok: false, error: problem };
  const passwordHash = await hashPassword(password);
  if (!(await consumeVerification("reset_password", token))) return { ok: false, error: "invalidLink" };
  await db().$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, lockedUntil: null },
      select: { id: true },
    });
    await startAccountCountOver(user.id, tx);
    // An intruder's pending e-mail change would otherwise outlast the new password.
    await voidLinks(user.id, ["reset_password", "change_email"], tx);
    await confirmAddress(tx, user.id);
  });
  await endOtherSessions(user.id, null);
  return { ok: true, userId: user.id };
}
