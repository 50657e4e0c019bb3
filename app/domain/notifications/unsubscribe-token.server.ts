import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KEYS, type NotificationKey } from "~/domain/core/notification-preferences";
import { sessionSecret } from "~/lib/env.server";
import { MAX_ROW_ID } from "~/lib/row-id";

/** What an unsubscribe link names: the member and the one mail kind it turns off. */
interface UnsubscribeClaim {
  userId: number;
  key: NotificationKey;
}

/** A key of its own, derived from the session secret, so an unsubscribe signature is never a valid cookie signature. */
function signingKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("hartklop:unsubscribe:v1").digest();
}

function signature(claim: UnsubscribeClaim, secret: string): string {
  return createHmac("sha256", signingKey(secret))
    .update(`${claim.userId}:${claim.key}`)
    .digest("base64url")
    .slice(0, 32);
}

/** `{userId}.{key}.{signature}`: no expiry, a mail's link keeps working (turning off is idempotent). */
export function signUnsubscribeToken(claim: UnsubscribeClaim, secret = sessionSecret()): string {
  return `${claim.userId}.${claim.key}.${signature(claim, secret)}`;
}

/** The claim of a genuine token; null for anything malformed or forged. */
export function verifyUnsubscribeToken(token: string, secret = sessionSecret()): UnsubscribeClaim | null {
  const match = /^([1-9]\d{0,9})\.([a-z_]{1,40})\.([\w-]{32})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const key = match[2] as NotificationKey;
  if (!NOTIFICATION_KEYS.includes(key) || userId > MAX_ROW_ID) return null;
  const expected = Buffer.from(signature({ userId, key }, secret));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, key } : null;
}
