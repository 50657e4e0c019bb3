import type { TFunction } from "i18next";
import { LOGIN_FAILURES_PER_ACCOUNT_FACTOR, LOGIN_FAILURES_PER_IP_FACTOR } from "~/domain/abuse/limits";
import { addressSubject } from "~/lib/client-ip.server";
import { db } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { Site } from "~/domain/sites/site.server";
import { DELETION_GRACE_MS } from "./delete-account.server";
import { normalizeEmail } from "./email";
import { verifyPassword } from "./password.server";

/**
 * Why a login was refused (docs/decisions/0032-login-lockout.md). `locked`: this address made
 * `loginMaxAttempts` wrong guesses on the account; `accountLocked`: the account had too many from
 * everywhere; `addressLimited`: this address failed on too many accounts.
 */
export type LoginRefusal =
  | { ok: false; error: "invalid" | "banned" }
  | { ok: false; error: "locked" | "accountLocked" | "addressLimited"; minutes: number };

/**
 * The right password of an account its member deleted, within the grace period and not erased yet:
 * the login page offers to restore it (docs/product.md, Accounts). Only the right password learns
 * this; a wrong one, an erased account or one past the grace is `invalid` as any other.
 */
export type DeletedLogin = {
  ok: false;
  error: "deleted";
  userId: number;
  deletedAt: Date;
  restorableUntil: Date;
};

export type LoginResult = { ok: true; userId: number } | LoginRefusal | DeletedLogin;

const REFUSAL_MESSAGES = {
  invalid: "accounts:login.failed",
  banned: "accounts:login.banned",
  locked: "accounts:login.locked",
  accountLocked: "accounts:login.accountLocked",
  addressLimited: "accounts:login.addressLimited",
} as const;

/** The refusal in the member's language, for the login form and the login API alike. */
export function loginRefusalMessage(t: TFunction, refusal: LoginRefusal): string {
  return "minutes" in refusal
    ? t(REFUSAL_MESSAGES[refusal.error], { minutes: refusal.minutes })
    : t(REFUSAL_MESSAGES[refusal.error]);
}

/**
 * The account's failed attempts count from zero again (after a lock of the whole account or a
 * password reset). They stay as the address's: deleting them let one address try every account up
 * to its lock without ever reaching the address's own limit.
 */
export function startAccountCountOver(userId: number, tx: Prisma.TransactionClient = db()) {
  return tx.loginAttempt.updateMany({ where: { userId }, data: { userId: null } });
}

/** Failed attempts older than a day count for nothing any more (daily maintenance). */
export async function pruneLoginAttempts(now = new Date()) {
  await db().loginAttempt.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 86_400_000) } } });
}

const minutesUntil = (date: Date, now: Date) =>
  Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 60_000));

type LoginSite = Pick<Site, "id" | "loginMaxAttempts" | "loginBlockMinutes">;

/**
 * Checks e-mail and password for a site. Failed attempts are stored (LoginAttempt, with the
 * address as addressSubject counts it) and limit, each within `loginBlockMinutes`:
 * - one account from one address: `loginMaxAttempts`, then that address waits `loginBlockMinutes`
 *   for that account (the block message "Te veel foute pogingen…"). Other addresses are not affected, so strangers
 *   guessing cannot lock a member out;
 * - one account from everywhere: LOGIN_FAILURES_PER_ACCOUNT_FACTOR × that, then the whole account
 *   waits (User.lockedUntil), told it was tried from elsewhere;
 * - one address over all accounts: LOGIN_FAILURES_PER_IP_FACTOR × that, then the address waits,
 *   told it is its network's attempts, never that an account is blocked.
 * Each attempt is written before its password is checked and counts itself: of requests sent at
 * the same moment (from one app process or several) only as many as the limits leave are checked.
 */
export async function verifyLogin({
  site,
  email,
  password,
  ip,
}: {
  site: LoginSite;
  email: string;
  password: string;
  ip: string;
}): Promise<LoginResult> {
  const subject = addressSubject(ip);
  const now = new Date();
  const blockMs = site.loginBlockMinutes * 60_000;
  const user = await db().user.findUnique({
    where: { siteId_email: { siteId: site.id, email: normalizeEmail(email) } },
    select: {
      id: true,
      passwordHash: true,
      lockedUntil: true,
      status: true,
      deletedAt: true,
      erasedAt: true,
    },
  });
  if (user?.lockedUntil && user.lockedUntil > now) {
    return { ok: false, error: "accountLocked", minutes: minutesUntil(user.lockedUntil, now) };
  }
  const lockedUntil = user ? await pairLockedUntil(site, user.id, subject, now) : null;
  if (lockedUntil) return { ok: false, error: "locked", minutes: minutesUntil(lockedUntil, now) };

  // The app's clock for the row too: the counts and locks compare it with `now`, not the database's.
  const attempt = await db().loginAttempt.create({
    data: { userId: user?.id ?? null, ip: subject, createdAt: now },
    select: { id: true },
  });
  const recent = { createdAt: { gt: new Date(now.getTime() - blockMs) } };
  const [addressAttempts, accountAttempts, pairAttempts] = await Promise.all([
    db().loginAttempt.count({ where: { ip: subject, ...recent } }),
    user ? db().loginAttempt.count({ where: { userId: user.id, ...recent } }) : 0,
    user ? db().loginAttempt.count({ where: { userId: user.id, ip: subject, ...recent } }) : 0,
  ]);
  const accountCeiling = site.loginMaxAttempts * LOGIN_FAILURES_PER_ACCOUNT_FACTOR;
  const addressCeiling = site.loginMaxAttempts * LOGIN_FAILURES_PER_IP_FACTOR;
  if (
    pairAttempts > site.loginMaxAttempts ||
    accountAttempts > accountCeiling ||
    addressAttempts > addressCeiling
  ) {
    // Refused unchecked: only checked passwords count as failures.
    await db().loginAttempt.deleteMany({ where: { id: attempt.id } });
    if (pairAttempts > site.loginMaxAttempts) {
      return { ok: false, error: "locked", minutes: site.loginBlockMinutes };
    }
    if (accountAttempts > accountCeiling) {
      return { ok: false, error: "accountLocked", minutes: site.loginBlockMinutes };
    }
    return { ok: false, error: "addressLimited", minutes: await addressWaitMinutes(site, subject, now) };
  }

  const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
  if (user && passwordOk && user.status === "banned") {
    // Only who knows the password learns of the ban (docs/product.md, Bans); a right password is no
    // failure, so the attempt does not count towards a lock.
    await db().loginAttempt.deleteMany({ where: { id: attempt.id } });
    return { ok: false, error: "banned" };
  }
  const restorableUntil =
    user?.status === "deleted" && user.deletedAt && !user.erasedAt
      ? new Date(user.deletedAt.getTime() + DELETION_GRACE_MS)
      : null;
  if (user?.deletedAt && passwordOk && restorableUntil && restorableUntil > now) {
    // A right password is no failure; the member is offered the account back instead.
    await db().loginAttempt.deleteMany({ where: { id: attempt.id } });
    return { ok: false, error: "deleted", userId: user.id, deletedAt: user.deletedAt, restorableUntil };
  }
  if (user && passwordOk && user.status !== "deleted") {
    // The member's own mistakes from here are forgiven; other addresses' failures on the account
    // keep counting, or logging in would reset a stranger's count towards the account's ceiling.
    await db().$transaction([
      db().loginAttempt.deleteMany({ where: { id: attempt.id } }),
      db().loginAttempt.updateMany({ where: { userId: user.id, ip: subject }, data: { userId: null } }),
    ]);
    return { ok: true, userId: user.id };
  }
  const accountNowLocked = user !== null && accountAttempts >= accountCeiling;
  if (accountNowLocked) {
    await db().user.update({
      where: { id: user.id },
      data: { lockedUntil: new Date(now.getTime() + blockMs) },
      select: { id: true },
    });
    await startAccountCountOver(user.id);
  }
  // This address's own failures come first: for it, the block message is the truth.
  if (user && pairAttempts >= site.loginMaxAttempts) {
    return { ok: false, error: "locked", minutes: site.loginBlockMinutes };
  }
  if (accountNowLocked) return { ok: false, error: "accountLocked", minutes: site.loginBlockMinutes };
  return { ok: false, error: "invalid" };
}

/**
 * Until when this address waits for this account: `loginBlockMinutes` after its last failure, when
 * that one was the `loginMaxAttempts`-th within the window. Read from the stored failures: a
 * refused attempt is not stored, so once the wait is over the next failure counts from one again.
 */
async function pairLockedUntil(site: LoginSite, userId: number, subject: string, now: Date) {
  const failures = await db().loginAttempt.findMany({
    where: { userId, ip: subject },
    orderBy: { createdAt: "desc" },
    take: site.loginMaxAttempts,
    select: { createdAt: true },
  });
  const [last, first] = [failures[0]?.createdAt, failures.at(-1)?.createdAt];
  const blockMs = site.loginBlockMinutes * 60_000;
  if (failures.length < site.loginMaxAttempts || !last || !first) return null;
  if (last.getTime() - first.getTime() >= blockMs) return null;
  const until = new Date(last.getTime() + blockMs);
  return until > now ? until : null;
}

/** Minutes until the address's failures within the window drop below its ceiling again. */
async function addressWaitMinutes(site: LoginSite, subject: string, now: Date) {
  const ceiling = site.loginMaxAttempts * LOGIN_FAILURES_PER_IP_FACTOR;
  const blockMs = site.loginBlockMinutes * 60_000;
  const oldestCounted = await db().loginAttempt.findFirst({
    where: { ip: subject, createdAt: { gt: new Date(now.getTime() - blockMs) } },
    orderBy: { createdAt: "desc" },
    skip: ceiling - 1,
    select: { createdAt: true },
  });
  return oldestCounted
    ? minutesUntil(new Date(oldestCounted.createdAt.getTime() + blockMs), now)
    : site.loginBlockMinutes;
}
