import { createHash } from "node:crypto";

/** The entity tag of a body: a hash of its bytes, so every app process gives the same one. */
function entityTag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this tag (weak or strong), or is `*`. */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/**
 * A public JSON answer that browsers and proxies may keep for five minutes, with an ETag; a request
 * that already holds this body gets 304 without it. `vary` names the request headers the body
 * depends on (its language follows the cookie and Accept-Language).
 */
export function cachedJson(request: Request, value: unknown, headers: Record<string, string> = {}): Response {
  const body = JSON.stringify(value);
  const etag = entityTag(body);
  const common = {
    ETag: etag,
    "Cache-Control": "public, max-age=300",
    Vary: "Accept-Language, Cookie",
    ...headers,
  };
  if (matchesEtag(request.headers.get("If-None-Match"), etag))
    return new Response(null, { status: 304, headers: common });
  return new Response(body, { headers: { ...common, "Content-Type": "application/json; charset=utf-8" } });
}
