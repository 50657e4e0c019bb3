import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { clientIp } from "~/lib/client-ip.server";
import { secureCookies } from "~/lib/cookies.server";
import { db } from "~/lib/db.server";
import { sessionSecret } from "~/lib/env.server";

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 3600_000;

/** SPEC: auth cookie prefix "auth.", 30 days, path /, SameSite lax. The value is the session row id. */
export function sessionCookie() {
  return createCookie("auth.session", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    maxAge: SESSION_MS / 1000,
    secure: secureCookies(),
    secrets: [sessionSecret()],
  });
}

const currentUserSelect = {
  id: true,
  siteId: true,
  email: true,
  status: true,
  role: true,
  credits: true,
  paidUser: true,
  language: true,
  invisible: true,
  signupDate: true,
  notificationsDisabled: true,
  photoAlertDismissedAt: true,
  profile: {
    select: {
      id: true,
      name: true,
      status: true,
      mainPhoto: { select: { id: true, status: true } },
    },
  },
} as const;

async function sessionIdFrom(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The session and its user for a request, or null when the cookie is missing, forged or the session ended. */
export async function getSession(request: Request) {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  const session = await db().session.findFirst({
    where: { id, expiresAt: { gt: new Date() }, user: { status: { not: "deleted" } } },
    select: { id: true, lastUsedAt: true, user: { select: currentUserSelect } },
  });
  if (!session) return null;
  // Refresh "last used" at most once an hour, to list active sessions without a write per request.
  if (Date.now() - session.lastUsedAt.getTime() > 3600_000) {
    await db().session.update({ where: { id }, data: { lastUsedAt: new Date() }, select: { id: true } });
  }
  return { id: session.id, user: session.user };
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSession>>>["user"];

/** Opens a session for a user and returns the Set-Cookie header that carries it. */
export async function createSession(userId: number, request: Request): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db().session.create({
    data: {
      id,
      userId,
      expiresAt: new Date(Date.now() + SESSION_MS),
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      ip: clientIp(request),
    },
    select: { id: true },
  });
  return sessionCookie().serialize(id);
}

/** Ends the request's session (if any) and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const id = await sessionIdFrom(request);
  if (id) await db().session.deleteMany({ where: { id } });
  return sessionCookie().serialize("", { maxAge: 0 });
}

export function listSessions(userId: number) {
  return db().session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: { lastUsedAt: "desc" },
    select: { id: true, createdAt: true, lastUsedAt: true, userAgent: true, ip: true },
  });
}

/** "Log out everywhere else": ends every session of the user except `keepId`. */
export async function endOtherSessions(userId: number, keepId: string | null) {
  const { count } = await db().session.deleteMany({
    where: { userId, ...(keepId ? { id: { not: keepId } } : {}) },
  });
  return count;
}
