// Asking for the password again before something a stolen or planted session must not do alone
// (a charge on the stored card): the session has to have proven the password recently
// (docs/decisions/0033-activation-login-and-password-reentry.md).
import type { Site } from "~/domain/sites/site.server";
import { verifyLogin, type LoginRefusal } from "./login.server";
import { passwordProvenAt, recordPasswordProven } from "./session.server";

/** How long a password typed in a session (login or re-entry) covers a stored-card charge. */
const PASSWORD_FRESH_MS = 30 * 60_000;

export async function passwordIsFresh(sessionId: string, now = new Date()): Promise<boolean> {
  const provenAt = await passwordProvenAt(sessionId);
  return provenAt !== null && now.getTime() - provenAt.getTime() < PASSWORD_FRESH_MS;
}

type PasswordReentry =
  | { ok: true }
  | { ok: false; error: "required" | "wrong" }
  /** Refused unchecked, as a login would be now (loginRefusalMessage words it). */
  | { ok: false; error: "locked"; refusal: LoginRefusal };

/**
 * The session's password is fresh, or `password` (typed again) is the member's: the session then
 * counts as proven from now. A wrong password counts against the login lock as a failed login
 * does, so a session holder cannot guess the password here either.
 */
export async function provePassword(input: {
  site: Pick<Site, "id" | "loginMaxAttempts" | "loginBlockMinutes">;
  sessionId: string;
  email: string;
  password: string;
  ip: string;
}): Promise<PasswordReentry> {
  if (await passwordIsFresh(input.sessionId)) return { ok: true };
  if (!input.password) return { ok: false, error: "required" };
  const login = await verifyLogin({
    site: input.site,
    email: input.email,
    password: input.password,
    ip: input.ip,
  });
  if (login.ok) {
    await recordPasswordProven(input.sessionId);
    return { ok: true };
  }
  // A deleted account has no sessions left to ask from; its password counts as wrong here.
  return login.error === "invalid" || login.error === "deleted"
    ? { ok: false, error: "wrong" }
    : { ok: false, error: "locked", refusal: login };
}
