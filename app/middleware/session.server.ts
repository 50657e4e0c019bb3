import { createCookie } from "react-router";
import {
  deleteSession,
  openSession,
  readSession,
  SESSION_MS,
  type RequestSession,
} from "~/domain/accounts/session.server";
import { clientIp } from "~/lib/client-ip.server";
import { readCookie, secureCookies } from "~/lib/cookies.server";
import { sessionSecret } from "~/lib/env.server";
import { readSignedString } from "~/lib/signed-cookie.server";

const SESSION_COOKIE = "auth.session";

/** The auth cookie: prefix "auth.", 30 days, path /, SameSite lax. The value is the session row id. */
function sessionCookie() {
  return createCookie(SESSION_COOKIE, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    maxAge: SESSION_MS / 1000,
    secure: secureCookies(),
    secrets: [sessionSecret()],
  });
}

function sessionIdFrom(request: Request): string | null {
  return readSignedString(readCookie(request, SESSION_COOKIE), [sessionSecret()]);
}

/**
 * The request's session on a site (`readSession`), or null when the cookie is missing or forged,
 * the session ended or the member belongs to another site.
 */
export async function getSession(
  request: Request,
  siteId: number,
  options: { withCounts?: boolean; withSearchViewer?: boolean } = {},
): Promise<RequestSession | null> {
  const id = sessionIdFrom(request);
  if (!id) return null;
  return readSession(id, siteId, options);
}

/**
 * Opens a session for a user from this request and returns the Set-Cookie header that carries it.
 * `passwordProven`: the member typed the password for it (a login).
 */
export async function createSession(
  userId: number,
  request: Request,
  options: { passwordProven?: boolean } = {},
): Promise<string> {
  const origin = { userAgent: request.headers.get("User-Agent"), ip: clientIp(request) };
  return sessionCookie().serialize(await openSession(userId, origin, options));
}

/** Ends the request's session (if any) and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const id = sessionIdFrom(request);
  if (id) await deleteSession(id);
  return sessionCookie().serialize("", { maxAge: 0 });
}
