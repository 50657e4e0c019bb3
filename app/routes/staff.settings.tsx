import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import { isSettingSection, sectionSchema, type SettingValues } from "~/domain/sites/site-settings";
import { readSiteSettings, saveSiteSettings } from "~/domain/sites/site-settings.server";
import { recentStaffActions } from "~/domain/staff/staff-actions.server";
import { staffActionViews } from "~/domain/staff/staff-action-view";
import type { TranslationHandle } from "~/lib/i18n";
import { requireAdmin } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { readForm } from "~/middleware/request-body.server";
import { SiteSettingsPage } from "~/ui/staff-site/site-settings-page";
import { titleMeta } from "~/ui/page-title";
import { SETTING_CHOICES } from "./+staff/setting-choices";
import type { Route } from "./+types/staff.settings";

export const handle: TranslationHandle = { i18n: ["profile", "staff", "staffSite"] };

const noticeSchema = z.object({
  saved: z.string().optional().catch(undefined),
  unchanged: z.string().optional().catch(undefined),
});

/** Admins only: every setting of their own site, one form per section. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireAdmin(context, request);
  const notice = noticeSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [settings, actions] = await Promise.all([
    readSiteSettings(staff.siteId),
    recentStaffActions(staff.siteId, "site"),
  ]);
  return {
    settings,
    choices: SETTING_CHOICES,
    saved: isSettingSection(notice.saved) ? notice.saved : null,
    unchanged: isSettingSection(notice.unchanged) ? notice.unchanged : null,
    staffActions: staffActionViews(actions, getLocale(context)),
    title: getInstance(context).t("staffSite:settings.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireAdmin(context, request);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  const section = formData.get("intent");
  if (!isSettingSection(section)) throw data(null, { status: 400 });
  const submission = parseWithZod(formData, { schema: sectionSchema(section, SETTING_CHOICES, t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent: _, ...values } = submission.value as { intent: string } & SettingValues;
  const { changed } = await saveSiteSettings(staff, section, values);
  const notice = changed.length > 0 ? "saved" : "unchanged";
  return redirect(`/staff/settings?${notice}=${section}#${section}`);
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SiteSettingsPage {...loaderData} lastResult={actionData} />;
}
