import type { TFunction } from "i18next";
import { z } from "zod";

/** Shared by server and browser, with messages in the user's language. */
export function loginSchema(t: TFunction) {
  return z.object({
    email: z
      .string({ error: t("accounts:validation.emailRequired") })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: t("accounts:validation.emailInvalid") })),
    password: z.string({ error: t("accounts:validation.passwordRequired") }),
    redirectTo: z.string().optional(),
  });
}
