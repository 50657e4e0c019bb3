// The activation page's log-in: opening the activation link confirms the address but logs no one
// in (a mail scanner, or a victim sent someone else's link, must not end up holding a session). The
// page the link opened gets a one-time token, minutes long, whose POST logs in
// (docs/decisions/0033-activation-login-and-password-reentry.md).
import { db } from "~/lib/db.server";
import { maskedEmail } from "./email";
import { consumeVerification, createVerification, peekVerification } from "./verification.server";

/** An account as its activation page and stored-card payments name it: profile name, masked address. */
interface AccountLabel {
  name: string;
  email: string;
}

export function accountLabel(user: { email: string; profile: { name: string } | null }): AccountLabel {
  return { name: user.profile?.name ?? "", email: maskedEmail(user.email) };
}

export async function accountLabelOf(userId: number): Promise<AccountLabel> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, profile: { select: { name: true } } },
  });
  return accountLabel(user);
}

/** The log-in token for the page that just confirmed the member's address. */
export async function createActivationLogin(userId: number): Promise<string> {
  const { email } = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  return createVerification({ type: "activation_login", userId, target: email });
}

/** A token that still logs in: for a confirmed member whose address is still the one confirmed. */
async function loginFor(verification: { userId: number; target: string } | null) {
  if (!verification) return null;
  const user = await db().user.findUnique({
    where: { id: verification.userId },
    select: { status: true, email: true },
  });
  return user?.status === "confirmed" && user.email === verification.target ? verification.userId : null;
}

/** Whom an unused log-in token is for (it stays unused), or null. */
export async function activationLoginUser(token: string): Promise<number | null> {
  return loginFor(await peekVerification("activation_login", token));
}

/** Uses a log-in token up: the member to log in, or null when it is used, expired or void. */
export async function redeemActivationLogin(token: string): Promise<number | null> {
  return loginFor(await consumeVerification("activation_login", token));
}
