/**
 * A send form's key: new for every message the form sends, the same when the same form is posted
 * again (a double tap, a retry after a lost answer), so the server sends and charges once. A page's
 * forms share its key, each with a suffix of its own ("-text", "-gift").
 */
export const SEND_KEY_PATTERN = /^[0-9a-f]{32}(-[a-z]{1,10})?$/;

/** A new key (works in the browser also where `crypto.randomUUID` is not offered: plain http). */
export function newSendKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
