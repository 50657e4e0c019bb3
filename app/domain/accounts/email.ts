import type { TFunction } from "i18next";
import { z } from "zod";

/** E-mail addresses are stored trimmed and lower-cased, so one address is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** A form's e-mail field, read as emailSchema reads it, with the form's own messages (i18n keys). */
export function emailField(t: TFunction, keys: { required: string; invalid: string }) {
  return z
    .string({ error: t(keys.required) })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: t(keys.invalid) }).max(254, { error: t(keys.invalid) }));
}

/**
 * An address shown to whoever holds the browser, masked (`jan@example.nl` → `j***@e***.nl`): enough
 * for the member to recognise their own account, too little to read someone else's.
 */
export function maskedEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}
