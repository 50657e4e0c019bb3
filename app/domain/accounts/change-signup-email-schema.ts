import type { TFunction } from "i18next";
import { z } from "zod";

/**
 * "Verkeerd e-mailadres?" (with the texts for a new address). It changes the login address at once,
 * so, as the settings page's e-mail change, it asks for the current password (with that page's
 * texts). Only the complete-signup page has the form, and it loads both namespaces: the schema has
 * a file of its own rather than bring the settings' texts to the signup pages or the signup's to
 * the settings, and the page loads it in the browser only once it is interactive.
 */
export function changeSignupEmailSchema(t: TFunction) {
  return z.object({
    intent: z.literal("change_email"),
    new_email: z
      .string({ error: t("signup:complete.invalid") })
      .trim()
      .toLowerCase()
      .max(254, { error: t("signup:complete.invalid") })
      .pipe(z.email({ error: t("signup:complete.invalid") })),
    password: z.string({ error: t("settings:validation.currentPasswordRequired") }),
  });
}
