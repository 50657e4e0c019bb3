/**
 * A same-site path to return to; anything else becomes "/": other hosts, protocol-relative URLs,
 * and control characters or backslashes, which browsers drop or read as "/" (so "/\t/evil.example"
 * would lead to evil.example).
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (typeof value !== "string" || /[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  if (!value.startsWith("/") || value.startsWith("//")) return "/";
  // What a browser would make of it, resolved against this site: it must stay on this site.
  return new URL(value, "http://site.invalid").origin === "http://site.invalid" ? value : "/";
}
