// A refused upload of a rejected picture, told through the page's own upload script: the redirect
// carries the rejected photo's id, signed for the uploading profile, so the page shows that
// rejection's reason to the one who tried to upload the picture and to nobody guessing ids.
import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "~/lib/env.server";
import { MAX_ROW_ID } from "~/lib/row-id";

/** A key of its own, derived from the session secret, so this signature is valid nowhere else. */
function signature(profileId: number, photoId: number): string {
  const key = createHmac("sha256", sessionSecret()).update("hartklop:rejected-match:v1").digest();
  return createHmac("sha256", key).update(`${profileId}:${photoId}`).digest("base64url").slice(0, 22);
}

/** `{photoId}.{signature}` for the `rejected` query field. */
export function signRejectedMatch(profileId: number, photoId: number): string {
  return `${photoId}.${signature(profileId, photoId)}`;
}

/** The rejected photo's id when the token was signed for this profile; null otherwise. */
export function verifyRejectedMatch(profileId: number, token: string | null): number | null {
  const match = /^([1-9]\d{0,9})\.([\w-]{22})$/.exec(token ?? "");
  if (!match) return null;
  const photoId = Number(match[1]);
  if (photoId > MAX_ROW_ID) return null;
  const expected = Buffer.from(signature(profileId, photoId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? photoId : null;
}
