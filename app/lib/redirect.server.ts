/** A same-site path to return to; anything else (other hosts, protocol-relative URLs) becomes "/". */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return "/";
  }
  return value;
}
