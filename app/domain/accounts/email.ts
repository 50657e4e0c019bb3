import { z } from "zod";

/** E-mail addresses are stored trimmed and lower-cased, so one address is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
