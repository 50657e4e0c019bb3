import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, redirect } from "react-router";
import type { Site } from "~/domain/sites/site.server";
import { LOCALE_COOKIE, cookieHeader } from "~/lib/cookies.server";
import { CHANGE_PASSWORD_ERROR_KEYS, changePassword } from "~/domain/accounts/change-password.server";
import { EMAIL_CHANGE_ERROR_KEYS, requestEmailChange } from "~/domain/accounts/email-change.server";
import { PASSWORD_LIMITS, PASSWORD_PROBLEM_KEYS } from "~/domain/accounts/password-rules";
import { endOtherSessions } from "~/domain/accounts/session.server";
import {
  changeEmailSchema,
  changePasswordSchema,
  invisibleSchema,
  languageSchema,
  notificationsSchema,
} from "~/domain/accounts/settings-schemas";
import type { SavedNotice } from "~/domain/accounts/settings-notices";
import {
  resumeMails,
  saveNotificationPreferences,
  saveUserLanguage,
  setInvisible,
} from "~/domain/accounts/settings.server";

/** One handler per `intent` of the settings page; each gets the posted form and who posted it. */
export interface SettingsIntentArgs {
  formData: FormData;
  userId: number;
  sessionId: string | null;
  site: Site;
  t: TFunction;
  origin: string;
}

const saved = (notice: SavedNotice, headers?: HeadersInit) =>
  redirect(`/settings?saved=${notice}`, { headers });

export async function changePasswordIntent({ formData, userId, sessionId, t }: SettingsIntentArgs) {
  const submission = parseWithZod(formData, { schema: changePasswordSchema(t) });
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    return data({ intent: "password", result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const result = await changePassword({
    userId,
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
    keepSessionId: sessionId,
  });
  if (!result.ok) {
    const fieldErrors: Record<string, string[]> =
      result.error === "wrongOldPassword"
        ? { currentPassword: [t(CHANGE_PASSWORD_ERROR_KEYS.wrongOldPassword)] }
        : { newPassword: [t(PASSWORD_PROBLEM_KEYS[result.error], PASSWORD_LIMITS)] };
    return data(
      { intent: "password", result: submission.reply({ fieldErrors, hideFields }) },
      { status: 400 },
    );
  }
  return saved("password");
}

export async function changeEmailIntent({ formData, userId, site, t, origin }: SettingsIntentArgs) {
  const submission = parseWithZod(formData, { schema: changeEmailSchema(t) });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return data({ intent: "email", result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const result = await requestEmailChange({
    site,
    userId,
    password: submission.value.password,
    newEmail: submission.value.newEmail,
    origin,
  });
  if (!result.ok) {
    const message = t(EMAIL_CHANGE_ERROR_KEYS[result.error]);
    const reply =
      result.error === "wrongPassword"
        ? submission.reply({ fieldErrors: { password: [message] }, hideFields })
        : result.error === "tooMany"
          ? submission.reply({ formErrors: [message], hideFields })
          : submission.reply({ fieldErrors: { newEmail: [message] }, hideFields });
    return data({ intent: "email", result: reply }, { status: 400 });
  }
  return saved("email");
}

/** Also the form of /notifications (`page`), which then returns there. */
export async function notificationsIntent(
  { formData, userId }: Pick<SettingsIntentArgs, "formData" | "userId">,
  page = "/settings",
) {
  const submission = parseWithZod(formData, { schema: notificationsSchema });
  if (submission.status !== "success") throw data(null, { status: 400 });
  await saveNotificationPreferences(userId, submission.value);
  return redirect(`${page}?saved=notifications`);
}

export async function invisibleIntent({ formData, userId }: SettingsIntentArgs) {
  const submission = parseWithZod(formData, { schema: invisibleSchema });
  if (submission.status !== "success") throw data(null, { status: 400 });
  await setInvisible(userId, submission.value.invisible);
  return saved("invisible");
}

export async function languageIntent({ formData, userId }: SettingsIntentArgs) {
  const submission = parseWithZod(formData, { schema: languageSchema });
  if (submission.status !== "success") throw data(null, { status: 400 });
  await saveUserLanguage(userId, submission.value.language);
  return saved("language", { "Set-Cookie": cookieHeader(LOCALE_COOKIE, submission.value.language) });
}

export async function sessionsIntent({ userId, sessionId }: SettingsIntentArgs) {
  await endOtherSessions(userId, sessionId);
  return saved("sessions");
}

/** Mails on again, or (a bounce left, which needs a new address) back to the page that says so. */
export async function resumeMailsIntent({ userId }: SettingsIntentArgs) {
  return (await resumeMails(userId)) ? saved("resumeMails") : redirect("/settings");
}
