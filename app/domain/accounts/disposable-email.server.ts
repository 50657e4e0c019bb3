// Throw-away mail domains (docs/product.md, Accounts): an account's address has to last, because
// its activation, reset and e-mail-change links, the mails a member asked for and the staff's word
// all travel by it. Every path that takes a new address (signup on every form, correcting the
// address before confirming it, the settings' e-mail change, staff invitations) asks this one
// function.
import mailchecker from "mailchecker";

/** The i18n key of the refusal, shown on the address field (server-rendered, so no page loads it). */
export const DISPOSABLE_EMAIL_MESSAGE = "consent:disposableEmail";

/**
 * Whether the address's domain, or a domain it is under (`x.mailinator.com`), is on mailchecker's
 * maintained list of disposable mail domains. Only the list is used: mailchecker's `isValid` also
 * refuses addresses by its own syntax rules, and the project's address rules (`email.ts`) decide
 * those.
 */
export function isDisposableEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const labels = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .split(".");
  const list = mailchecker.blacklist();
  return labels.some((_, index) => list.has(labels.slice(index).join(".")));
}
