import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useSyncExternalStore } from "react";
import { data, Form, Link, redirect, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { CHANGE_PASSWORD_ERROR_KEYS, changePassword } from "~/domain/accounts/change-password.server";
import { EMAIL_CHANGE_ERROR_KEYS, requestEmailChange } from "~/domain/accounts/email-change.server";
import { requireUser } from "~/domain/accounts/guards.server";
import { saveUserLanguage } from "~/domain/accounts/language.server";
import { NOTIFICATION_KEYS } from "~/domain/accounts/notification-preferences";
import { PASSWORD_LIMITS, PASSWORD_PROBLEM_KEYS } from "~/domain/accounts/password-rules";
import { endOtherSessions } from "~/domain/accounts/session.server";
import {
  changeEmailSchema,
  changePasswordSchema,
  invisibleSchema,
  languageSchema,
  notificationsSchema,
} from "~/domain/accounts/settings-schemas";
import {
  loadSettings,
  resumeMails,
  saveNotificationPreferences,
  setInvisible,
} from "~/domain/accounts/settings.server";
import { requestInfoContext } from "~/lib/context";
import { LOCALE_COOKIE, cookieHeader } from "~/lib/cookies.server";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { getInstance } from "~/lib/i18n.server";
import { FormErrors, TextField } from "~/ui/form-fields";
import type { Route } from "./+types/settings";

const SAVED_NOTICES = [
  "password",
  "reset",
  "email",
  "notifications",
  "invisible",
  "language",
  "sessions",
  "resumeMails",
  "reactivated",
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site, sessionId } = context.get(requestInfoContext);
  return {
    settings: await loadSettings(user.id, sessionId),
    siteName: site.name,
    title: getInstance(context).t("settings:title"),
  };
}

const saved = (notice: (typeof SAVED_NOTICES)[number], headers?: HeadersInit) =>
  redirect(`/settings?saved=${notice}`, { headers });

/** One page, several forms; the `intent` field says which one was sent. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site, sessionId } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema(t) });
      const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
      if (submission.status !== "success") {
        return data({ intent: "password", result: submission.reply({ hideFields }) }, { status: 400 });
      }
      const result = await changePassword({
        userId: user.id,
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
    case "email": {
      const submission = parseWithZod(formData, { schema: changeEmailSchema(t) });
      const hideFields = ["password"];
      if (submission.status !== "success") {
        return data({ intent: "email", result: submission.reply({ hideFields }) }, { status: 400 });
      }
      const result = await requestEmailChange({
        site,
        userId: user.id,
        password: submission.value.password,
        newEmail: submission.value.newEmail,
        origin: new URL(request.url).origin,
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
    case "notifications": {
      const submission = parseWithZod(formData, { schema: notificationsSchema });
      if (submission.status !== "success") throw data(null, { status: 400 });
      await saveNotificationPreferences(user.id, submission.value);
      return saved("notifications");
    }
    case "invisible": {
      const submission = parseWithZod(formData, { schema: invisibleSchema });
      if (submission.status !== "success") throw data(null, { status: 400 });
      await setInvisible(user.id, submission.value.invisible);
      return saved("invisible");
    }
    case "language": {
      const submission = parseWithZod(formData, { schema: languageSchema });
      if (submission.status !== "success") throw data(null, { status: 400 });
      await saveUserLanguage(user.id, submission.value.language);
      return saved("language", { "Set-Cookie": cookieHeader(LOCALE_COOKIE, submission.value.language) });
    }
    case "sessions": {
      await endOtherSessions(user.id, sessionId);
      return saved("sessions");
    }
    case "resumeMails": {
      await resumeMails(user.id);
      return saved("resumeMails");
    }
    default:
      throw data(null, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title} | ${data?.siteName}` }];

type Settings = Route.ComponentProps["loaderData"]["settings"];
type ActionData = Route.ComponentProps["actionData"];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`} data-testid={`settings-${id}`}>
      <div className="card-body">
        <h2 className="h5 card-title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function PasswordForm({ email, actionData }: { email: string; actionData: ActionData }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "password-form",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    shouldValidate: "onBlur",
    // After a refused submit, fields revalidate while typing, not on blur: a server message vanishing
    // on blur would move the submit button away from under the click that caused the blur.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema(t) }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="password" />
      {/* Tells password managers which account the new password belongs to; not submitted. */}
      <input type="text" autoComplete="username" value={email} readOnly hidden />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField
        label={t("settings:fields.oldPassword")}
        inputProps={{
          ...getInputProps(fields.currentPassword, { type: "password" }),
          autoComplete: "current-password",
        }}
        errors={fields.currentPassword.errors}
        errorId={fields.currentPassword.errorId}
      />
      <TextField
        label={t("settings:fields.newPassword")}
        inputProps={{
          ...getInputProps(fields.newPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
        errors={fields.newPassword.errors}
        errorId={fields.newPassword.errorId}
        help={t("settings:validation.passwordHelp", PASSWORD_LIMITS)}
      />
      <TextField
        label={t("settings:fields.confirmPassword")}
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
        errors={fields.confirmPassword.errors}
        errorId={fields.confirmPassword.errorId}
      />
      <p className="form-text">{t("settings:password.note")}</p>
      <button type="submit" className="btn btn-primary">
        {t("settings:password.submit")}
      </button>
    </Form>
  );
}

function EmailForm({ settings, actionData }: { settings: Settings; actionData: ActionData }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "email-form",
    lastResult: actionData?.intent === "email" ? actionData.result : undefined,
    shouldValidate: "onBlur",
    // After a refused submit, fields revalidate while typing, not on blur: a server message vanishing
    // on blur would move the submit button away from under the click that caused the blur.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema(t) }),
  });
  return (
    <>
      <p>{t("settings:email.current", { email: settings.email })}</p>
      {settings.pendingEmail && (
        <p className="alert alert-info" data-testid="pending-email">
          {t("settings:email.pending", { email: settings.pendingEmail })}
        </p>
      )}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="email" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          label={t("settings:fields.newEmail")}
          inputProps={{ ...getInputProps(fields.newEmail, { type: "email" }), autoComplete: "email" }}
          errors={fields.newEmail.errors}
          errorId={fields.newEmail.errorId}
        />
        <TextField
          label={t("settings:fields.currentPassword")}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
          }}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          help={t("settings:email.passwordHelp")}
        />
        <button type="submit" className="btn btn-primary">
          {t("settings:email.submit")}
        </button>
      </Form>
    </>
  );
}

function NotificationsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  return (
    <>
      {settings.notificationsDisabled.length > 0 && (
        <div className="alert alert-warning" role="status" data-testid="notifications-disabled">
          <p className="fw-semibold">{t("settings:notifications.disabled.title")}</p>
          {settings.notificationsDisabled.map((reason) => (
            <p key={reason}>{t(`settings:notifications.disabled.${reason}`, { email: settings.email })}</p>
          ))}
          <Form method="post">
            <input type="hidden" name="intent" value="resumeMails" />
            <button type="submit" className="btn btn-sm btn-outline-dark">
              {t("settings:notifications.disabled.resume")}
            </button>
          </Form>
        </div>
      )}
      <p>{t("settings:notifications.intro")}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="notifications" />
        <fieldset className="mb-3">
          <legend className="visually-hidden">{t("settings:notifications.title")}</legend>
          {NOTIFICATION_KEYS.map((key) => (
            <div className="form-check form-switch" key={key}>
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                name={key}
                id={`notification-${key}`}
                defaultChecked={settings.notifications[key]}
              />
              <label className="form-check-label" htmlFor={`notification-${key}`}>
                {t(`settings:notifications.keys.${key}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {t("settings:notifications.submit")}
        </button>
      </Form>
    </>
  );
}

function InvisibleForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="invisible" />
      <div className="form-check form-switch mb-2">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          name="invisible"
          id="invisible"
          defaultChecked={settings.invisible}
          aria-describedby="invisible-help"
        />
        <label className="form-check-label" htmlFor="invisible">
          {t("settings:invisible.label")}
        </label>
      </div>
      <p className="form-text" id="invisible-help">
        {t("settings:invisible.help")}
      </p>
      <button type="submit" className="btn btn-primary">
        {t("settings:invisible.submit")}
      </button>
    </Form>
  );
}

function LanguageForm({ settings }: { settings: Settings }) {
  const { t, i18n } = useTranslation();
  return (
    // A full page load, so the whole page (and the browser's copy of the texts) switches language.
    <Form method="post" reloadDocument>
      <input type="hidden" name="intent" value="language" />
      <div className="mb-3">
        <label htmlFor="language" className="form-label">
          {t("settings:language.label")}
        </label>
        <select
          className="form-select"
          name="language"
          id="language"
          defaultValue={SUPPORTED_LOCALES.find((l) => l === settings.language) ?? i18n.language}
        >
          {SUPPORTED_LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {t(`language.names.${locale}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        {t("settings:language.submit")}
      </button>
    </Form>
  );
}

const subscribeNothing = () => () => {};
/** The browser's time zone once hydrated; UTC on the server and during hydration, so both render the same. */
function useTimeZone() {
  return useSyncExternalStore(
    subscribeNothing,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "UTC",
  );
}

function LocalTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const text = new Intl.DateTimeFormat(i18n.language, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    ...(timeZone === "UTC" ? { timeZoneName: "short" as const } : {}),
  }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}

function SessionsSection({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const others = settings.sessions.filter((session) => !session.current).length;
  return (
    <>
      <p>{t("settings:sessions.intro")}</p>
      <ul className="list-group mb-3" data-testid="sessions">
        {settings.sessions.map((session, index) => (
          <li className="list-group-item" key={index} data-testid="session" data-current={session.current}>
            <div className="d-flex justify-content-between flex-wrap gap-2">
              <span className="fw-semibold">
                {t("settings:sessions.device", {
                  browser: session.browser ?? t("settings:sessions.unknownBrowser"),
                  os: session.os ?? t("settings:sessions.unknownOs"),
                })}
              </span>
              {session.current && (
                <span className="badge text-bg-success">{t("settings:sessions.current")}</span>
              )}
            </div>
            <small className="text-body-secondary">
              {t("settings:sessions.lastUsed")} <LocalTime iso={session.lastUsedAt} />
            </small>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sessions" />
          <button type="submit" className="btn btn-outline-primary">
            {t("settings:sessions.logoutOthers")}
          </button>
        </Form>
      ) : (
        <p className="text-body-secondary mb-0">{t("settings:sessions.onlyThis")}</p>
      )}
    </>
  );
}

export default function SettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  // A new key after every navigation (a saved form redirects here), so typed passwords are cleared.
  const { key } = useLocation();
  const { settings } = loaderData;
  const notice = SAVED_NOTICES.find((n) => n === searchParams.get("saved"));
  return (
    <main className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 text-primary mb-4">{t("settings:title")}</h1>
      {notice && !actionData && (
        <div className="alert alert-success" role="status" data-testid="settings-saved">
          {t(`settings:saved.${notice}`)}
        </div>
      )}
      <Section id="password" title={t("settings:password.title")}>
        <PasswordForm key={key} email={settings.email} actionData={actionData} />
      </Section>
      <Section id="email" title={t("settings:email.title")}>
        <EmailForm key={key} settings={settings} actionData={actionData} />
      </Section>
      <Section id="notifications" title={t("settings:notifications.title")}>
        <NotificationsForm key={key} settings={settings} />
      </Section>
      <Section id="invisible" title={t("settings:invisible.title")}>
        <InvisibleForm key={key} settings={settings} />
      </Section>
      <Section id="language" title={t("settings:language.title")}>
        <LanguageForm settings={settings} />
      </Section>
      <Section id="sessions" title={t("settings:sessions.title")}>
        <SessionsSection settings={settings} />
      </Section>
      <Section id="delete" title={t("settings:delete.title")}>
        <p>{t("settings:delete.intro")}</p>
        <Link to="/settings/delete" className="btn btn-outline-danger">
          {t("settings:delete.link")}
        </Link>
      </Section>
    </main>
  );
}
