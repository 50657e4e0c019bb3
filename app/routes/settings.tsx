import { linkOrigin } from "~/middleware/link-origin.server";
import { Link, data, redirect, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { requireUser } from "~/middleware/guards.server";
import {
  changeEmailIntent,
  changePasswordIntent,
  invisibleIntent,
  languageIntent,
  notificationsIntent,
  resumeMailsIntent,
  sessionsIntent,
} from "~/routes/+settings/settings-intents.server";
import { loadSettings } from "~/domain/accounts/settings.server";
import { hidesReadReceipts, setHideReadReceipts } from "~/domain/chat/read-receipts.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { dataExportIntent, dataExportView } from "~/routes/+settings/data-export.server";
import { stayDiscountView } from "~/routes/+settings/stay-discount.server";
import { DataExportSection, type DataExportNotice } from "~/ui/settings/data-export-section";
import { DeleteLink } from "~/ui/settings/delete-link";
import { EmailForm } from "~/ui/settings/email-form";
import { InvisibleForm } from "~/ui/settings/invisible-form";
import { LanguageForm } from "~/ui/settings/language-form";
import { MailsOffNotice } from "~/ui/settings/mails-off-notice";
import { NotificationsForm } from "~/ui/settings/notifications-form";
import { PasswordForm } from "~/ui/settings/password-form";
import { ReadReceiptsForm } from "~/ui/settings/read-receipts-form";
import { SavedNotice } from "~/ui/settings/saved-notice";
import { Section } from "~/ui/settings/section";
import { SessionsSection } from "~/ui/settings/sessions-section";
import { StayDiscountNotice } from "~/ui/settings/stay-discount-notice";
import type { Route } from "./+types/settings";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = {
  i18n: ["accounts", "dataExport", "mailings", "push", "settings"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site, sessionId } = context.get(requestInfoContext);
  const i18n = getInstance(context);
  return {
    settings: await loadSettings(user.id, sessionId),
    showReadReceipts: !(await hidesReadReceipts(user.id)),
    dataExport: await dataExportView(user.id, i18n.language, site.timeZone),
    stayDiscount: await stayDiscountView(user.id, i18n.language, site.timeZone),
    siteName: site.name,
    title: i18n.t("settings:title"),
  };
}

/** One page, several forms; the `intent` field says which one was sent. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { site, sessionId } = context.get(requestInfoContext);
  const formData = await readForm(request);
  const args = {
    formData,
    userId: user.id,
    sessionId,
    site,
    t: getInstance(context).t,
    origin: linkOrigin(request, context.get(requestInfoContext).site),
  };
  switch (formData.get("intent")) {
    case "password":
      return changePasswordIntent(args);
    case "email":
      return changeEmailIntent(args);
    case "notifications":
      return notificationsIntent(args);
    case "invisible":
      return invisibleIntent(args);
    case "language":
      return languageIntent(args);
    case "sessions":
      return sessionsIntent(args);
    case "resumeMails":
      return resumeMailsIntent(args);
    case "dataExport":
      return dataExportIntent({ ...args, language: getInstance(context).language });
    case "readReceipts":
      // The switch shows receipts when on.
      await setHideReadReceipts(user.id, formData.get("showReadReceipts") !== "on");
      return redirect("/settings?saved=readReceipts#read-receipts-title");
    default:
      throw data(null, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function SettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  // A new key after every navigation (a saved form redirects here), so typed passwords are cleared.
  const { key } = useLocation();
  const { settings } = loaderData;
  // The answer to a refused form goes to that form only.
  const resultFor = (intent: "password" | "email") =>
    actionData?.intent === intent && "result" in actionData ? actionData.result : undefined;
  const dataExportNotice: DataExportNotice | null =
    actionData?.intent === "dataExport" && "tooSoon" in actionData
      ? { kind: "tooSoon", at: actionData.tooSoon }
      : searchParams.get("dataExport") === "requested"
        ? { kind: "requested" }
        : searchParams.get("dataExport") === "expired"
          ? { kind: "expired" }
          : null;
  return (
    <main className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3 text-primary mb-4">{t("settings:title")}</h1>
      {!actionData && <SavedNotice saved={searchParams.get("saved")} />}
      <StayDiscountNotice discount={loaderData.stayDiscount} />
      <Section id="password" title={t("settings:password.title")}>
        <PasswordForm key={key} email={settings.email} result={resultFor("password")} />
      </Section>
      <Section id="email" title={t("settings:email.title")}>
        <EmailForm
          key={key}
          email={settings.email}
          pendingEmail={settings.pendingEmail}
          result={resultFor("email")}
        />
      </Section>
      <Section id="notifications" title={t("settings:notifications.title")}>
        <MailsOffNotice email={settings.email} reasons={settings.notificationsDisabled} />
        <NotificationsForm key={key} notifications={settings.notifications} />
        <p className="mt-3 mb-0">
          <Link to="/notifications" data-testid="notifications-link">
            {t("push:settingsLink")}
          </Link>
        </p>
      </Section>
      <Section id="invisible" title={t("settings:invisible.title")}>
        <InvisibleForm key={key} invisible={settings.invisible} />
      </Section>
      <Section id="read-receipts" title={t("settings:readReceipts.title")}>
        <ReadReceiptsForm
          key={key}
          showReceipts={loaderData.showReadReceipts}
          saved={searchParams.get("saved") === "readReceipts"}
        />
      </Section>
      <Section id="language" title={t("settings:language.title")}>
        <LanguageForm language={settings.language} />
      </Section>
      <Section id="sessions" title={t("settings:sessions.title")}>
        <SessionsSection sessions={settings.sessions} />
      </Section>
      <Section id="data-export" title={t("dataExport:section.title")}>
        <DataExportSection view={loaderData.dataExport} notice={dataExportNotice} />
      </Section>
      <Section id="delete" title={t("settings:delete.title")}>
        <DeleteLink />
      </Section>
    </main>
  );
}
