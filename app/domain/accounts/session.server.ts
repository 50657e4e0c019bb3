import { createCookie } from "react-router";
import { db } from "~/lib/db.server";
import { sessionSecret } from "~/lib/env.server";
import { secureCookies } from "~/lib/cookies.server";

export const SESSION_DAYS = 30;

/** SPEC: auth cookie prefix "auth.", 30 days, path /, SameSite lax. The value is the session row id. */
export function sessionCookie() {
  return createCookie("auth.session", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    maxAge: SESSION_DAYS * 24 * 60 * 60,
    secure: secureCookies(),
    secrets: [sessionSecret()],
  });
}

const currentUserSelect = {
  id: true,
  email: true,
  status: true,
  role: true,
  credits: true,
  paidUser: true,
  language: true,
  signupDate: true,
  profile: {
    select: {
      id: true,
      name: true,
      mainPhoto: { select: { id: true, status: true } },
    },
  },
} as const;

/** The logged-in user for a request, or null when the cookie is missing, forged or its session ended. */
export async function getSessionUser(request: Request) {
  const sessionId: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof sessionId !== "string" || sessionId.length === 0) return null;
  const session = await db().session.findFirst({
    where: { id: sessionId, expiresAt: { gt: new Date() }, user: { status: { not: "deleted" } } },
    select: { user: { select: currentUserSelect } },
  });
  return session?.user ?? null;
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;
