import { LOGIN_FAILURES_PER_IP_FACTOR } from "~/domain/abuse/limits";
import { db } from "~/lib/db.server";
import type { Site } from "~/domain/sites/site.server";
import { normalizeEmail } from "./email";
import { verifyPassword } from "./password.server";

export type LoginResult =
  | { ok: true; userId: number }
  | { ok: false; error: "invalid" }
  | { ok: false; error: "locked"; minutes: number };

/**
 * The account's failed attempts count from zero again (after a login or a lock). They stay as the
 * IP's: deleting them let one IP try every account up to its lock without ever reaching the IP's
 * own limit.
 */
export function startAccountCountOver(userId: number) {
  return db().loginAttempt.updateMany({ where: { userId }, data: { userId: null } });
}

/** Failed attempts older than a day count for nothing any more (daily maintenance). */
export async function pruneLoginAttempts(now = new Date()) {
  await db().loginAttempt.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - 86_400_000) } } });
}

const minutesUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 60_000));

/**
 * Checks e-mail and password for a site. Wrong attempts are counted per account and per IP in the
 * database; after `loginMaxAttempts` the account is blocked for `loginBlockMinutes`. Each attempt is
 * written before its password is checked and counts itself: of requests sent at the same moment
 * (from one app process or several) only as many as the limits leave are checked at all.
 */
export async function verifyLogin({
  site,
  email,
  password,
  ip,
}: {
  site: Pick<Site, "id" | "loginMaxAttempts" | "loginBlockMinutes">;
  email: string;
  password: string;
  ip: string;
}): Promise<LoginResult> {
  const user = await db().user.findUnique({
    where: { siteId_email: { siteId: site.id, email: normalizeEmail(email) } },
    select: { id: true, passwordHash: true, lockedUntil: true, status: true },
  });
  if (user?.lockedUntil && user.lockedUntil > new Date()) {
    return { ok: false, error: "locked", minutes: minutesUntil(user.lockedUntil) };
  }
  const attempt = await db().loginAttempt.create({
    data: { userId: user?.id ?? null, ip },
    select: { id: true },
  });
  const windowStart = new Date(Date.now() - site.loginBlockMinutes * 60_000);
  const [ipAttempts, accountAttempts] = await Promise.all([
    db().loginAttempt.count({ where: { ip, createdAt: { gt: windowStart } } }),
    user ? db().loginAttempt.count({ where: { userId: user.id, createdAt: { gt: windowStart } } }) : 0,
  ]);
  if (
    ipAttempts > site.loginMaxAttempts * LOGIN_FAILURES_PER_IP_FACTOR ||
    accountAttempts > site.loginMaxAttempts
  ) {
    // Refused unchecked: only checked passwords count as failures.
    await db().loginAttempt.deleteMany({ where: { id: attempt.id } });
    return { ok: false, error: "locked", minutes: site.loginBlockMinutes };
  }

  const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
  if (user && passwordOk && user.status !== "deleted") {
    await db().$transaction([
      db().loginAttempt.deleteMany({ where: { id: attempt.id } }),
      startAccountCountOver(user.id),
    ]);
    return { ok: true, userId: user.id };
  }
  if (user && accountAttempts >= site.loginMaxAttempts) {
    const lockedUntil = new Date(Date.now() + site.loginBlockMinutes * 60_000);
    await db().user.update({ where: { id: user.id }, data: { lockedUntil }, select: { id: true } });
    await startAccountCountOver(user.id);
    return { ok: false, error: "locked", minutes: site.loginBlockMinutes };
  }
  return { ok: false, error: "invalid" };
}
