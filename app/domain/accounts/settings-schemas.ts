import type { TFunction } from "i18next";
import { z } from "zod";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { NOTIFICATION_KEYS, type NotificationKey } from "~/domain/core/notification-preferences";
import { emailField } from "./email";
import { newPasswordSchema } from "./password-rules";

/**
 * Form schemas of the settings page and of the new password a reset link asks for, shared by server
 * and browser with messages in the user's language ("settings" namespace; the reset link's request
 * is a login form, in login-schemas.ts). A new password follows the rules of password-rules.ts; the
 * server-only rules (old password, address still free, password not like the account) live in the
 * domain modules.
 */

function confirmPassword(t: TFunction) {
  return z.string({ error: t("settings:validation.confirmPasswordRequired") });
}

const passwordsEqual = (t: TFunction) =>
  [
    (value: { newPassword: string; confirmPassword: string }) => value.newPassword === value.confirmPassword,
    { path: ["confirmPassword"], error: t("settings:validation.passwordsDiffer") },
  ] satisfies [unknown, { path: string[]; error: string }];

export function resetPasswordSchema(t: TFunction) {
  return z
    .object({
      token: z.string().default(""),
      newPassword: newPasswordSchema(t),
      confirmPassword: confirmPassword(t),
    })
    .refine(...passwordsEqual(t));
}

export function changePasswordSchema(t: TFunction) {
  return z
    .object({
      intent: z.literal("password"),
      currentPassword: z.string({ error: t("settings:validation.currentPasswordRequired") }),
      newPassword: newPasswordSchema(t),
      confirmPassword: confirmPassword(t),
    })
    .refine(...passwordsEqual(t));
}

export function changeEmailSchema(t: TFunction) {
  return z.object({
    intent: z.literal("email"),
    newEmail: emailField(t, {
      required: "settings:validation.newEmailRequired",
      invalid: "settings:email.invalid",
    }),
    password: z.string({ error: t("settings:validation.currentPasswordRequired") }),
  });
}

export const notificationsSchema = z.object({
  intent: z.literal("notifications"),
  ...(Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, z.boolean().default(false)])) as Record<
    NotificationKey,
    z.ZodDefault<z.ZodBoolean>
  >),
});

export const invisibleSchema = z.object({
  intent: z.literal("invisible"),
  invisible: z.boolean().default(false),
});

export const languageSchema = z.object({
  intent: z.literal("language"),
  language: z.enum(SUPPORTED_LOCALES),
});
