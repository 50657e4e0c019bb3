const BASE = "http://site.invalid";

/**
 * A same-site path to return to, as it can go into a Location header; anything else becomes "/":
 * other hosts, protocol-relative URLs, and control characters or backslashes, which browsers drop
 * or read as "/" (so "/\t/evil.example" would lead to evil.example).
 *
 * The path comes back as the URL parser writes it: characters outside ASCII percent-encoded
 * (a header cannot carry "/。x" at all, and Latin-1 ones would go out as raw bytes). That form is
 * checked once more, because resolving dot segments can turn a path into a protocol-relative one
 * ("/.//evil.example" and "/%2e//evil.example" become "//evil.example").
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (typeof value !== "string" || /[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  if (!value.startsWith("/") || value.startsWith("//")) return "/";
  // What a browser would make of it, resolved against this site: it must stay on this site.
  const url = new URL(value, BASE);
  if (url.origin !== BASE) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? "/" : path;
}
