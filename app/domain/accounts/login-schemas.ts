import type { TFunction } from "i18next";
import { z } from "zod";
import { emailField } from "./email";

/**
 * The forms that get a visitor into an account: the login and the request for a reset link. Shared
 * by server and browser, with messages in the user's language; their texts are all in the
 * "accounts" namespace, which the login page loads (the settings' forms are in settings-schemas.ts).
 */

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

export function resetRequestSchema(t: TFunction) {
  return z.object({
    email: emailField(t, {
      required: "accounts:validation.emailRequired",
      invalid: "accounts:validation.emailInvalid",
    }),
  });
}
