import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Reads a string that React Router's `createCookie` signed (`serialize` with `secrets`): base64
 * JSON, a dot, and the HMAC-SHA256 of the base64 in unpadded base64. React Router's `parse` makes
 * the same check through Web Crypto, importing the key and verifying asynchronously on every
 * request (a tenth of a millisecond); node:crypto does it synchronously. Null when the value is
 * missing, signed with none of the secrets, or not a non-empty string.
 */
export function readSignedString(raw: string | undefined, secrets: string[]): string | null {
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot <= 0) return null;
  const data = raw.slice(0, dot);
  const signature = Buffer.from(raw.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(
      createHmac("sha256", secret).update(data).digest("base64").replace(/=+$/, ""),
    );
    if (expected.length === signature.length && timingSafeEqual(expected, signature)) return decoded(data);
  }
  return null;
}

function decoded(data: string): string | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(data, "base64").toString("utf8"));
    return typeof value === "string" && value !== "" ? value : null;
  } catch {
    return null;
  }
}
