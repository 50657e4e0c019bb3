import type { TFunction } from "i18next";
import { z } from "zod";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { NOTIFICATION_KEYS, type NotificationKey } from "~/domain/core/notification-preferences";
import { newPasswordSchema } from "./password-rules";

/**
 * Form schemas of the password reset, e-mail change and settings forms, shared by server and browser
 * with messages in the user's language. A new password follows the rules of password-rules.ts; the
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

function email(t: TFunction, invalidKey: string, requiredKey: string) {
  return z
    .string({ error: t(requiredKey) })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: t(invalidKey) }).max(254, { error: t(invalidKey) }));
}

export function resetRequestSchema(t: TFunction) {
  return z.object({
    email: email(t, "accounts:validation.emailInvalid", "accounts:validation.emailRequired"),
  });
}

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
    newEmail: email(t, "settings:email.invalid", "settings:validation.newEmailRequired"),
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
