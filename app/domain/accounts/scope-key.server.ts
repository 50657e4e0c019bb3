import { createHmac } from "node:crypto";
import { sessionSecret } from "~/lib/env.server";

/** A key of its own, derived from the session secret, so a scope key never equals another signature. */
function derivedKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("hartklop:scope-key:v1").digest();
}

/**
 * The member's scope key (`scope_key` of GET /api/user.php, docs/product.md, JSON calls): the name
 * under which a client keeps what it stores for this member on the device (dismissed notices, a
 * discount code, cached chats), so two members sharing a browser never see each other's. The same
 * for the member on every device and session, different for every member and site, and it tells
 * nothing about them: not their id, not their address. 22 base64url characters (132 bits).
 */
export function scopeKey(member: { siteId: number; userId: number }, secret = sessionSecret()): string {
  return createHmac("sha256", derivedKey(secret))
    .update(`${member.siteId}:${member.userId}`)
    .digest("base64url")
    .slice(0, 22);
}
