/** A field humans never see or fill in; bots that fill every field give themselves away. */
const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
