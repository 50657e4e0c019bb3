import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/middleware/guards.server";
import {
  findCampaignLink,
  listCampaignLinks,
  saveCampaignLink,
  setCampaignLinkActive,
} from "~/domain/landers/campaign-admin.server";
import { campaignLinkSchema } from "~/domain/landers/campaign-schema";
import { recentStaffActions } from "~/domain/staff/staff-actions.server";
import { staffActionViews } from "~/domain/staff/staff-action-view";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { CampaignLinks } from "~/ui/landers/campaign-links";
import type { Route } from "./+types/staff.campaigns";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["funnel", "staff"] };

const querySchema = z.object({
  edit: rowIdSchema.optional().catch(undefined),
  saved: rowIdSchema.optional().catch(undefined),
});
const toggleSchema = z.object({ intent: z.enum(["activate", "deactivate"]), id: rowIdSchema });

/** Staff only: the site's campaign links, a form for a new one or for the one being edited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireAdmin(context, request);
  const { site } = context.get(requestInfoContext);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [links, editing, actions] = await Promise.all([
    listCampaignLinks(site.id),
    query.edit ? findCampaignLink(site.id, query.edit) : null,
    recentStaffActions(staff.siteId, "campaign_link"),
  ]);
  if (query.edit && !editing) throw data(null, { status: 404 });
  return {
    links,
    editing,
    saved: links.find((link) => link.id === query.saved)?.token ?? null,
    staffActions: staffActionViews(actions, getLocale(context)),
    siteName: site.name,
    title: getInstance(context).t("funnel:campaigns.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireAdmin(context, request);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  if (formData.get("intent") !== "save") {
    const toggle = toggleSchema.safeParse(Object.fromEntries(formData));
    if (!toggle.success) throw data(null, { status: 400 });
    const done = await setCampaignLinkActive(staff, toggle.data.id, toggle.data.intent === "activate");
    if (!done) throw data(null, { status: 404 });
    return redirect(`/staff/campaigns?saved=${toggle.data.id}`);
  }
  const submission = parseWithZod(formData, { schema: campaignLinkSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await saveCampaignLink(staff, submission.value);
  if (!saved.ok && saved.error === "notFound") throw data(null, { status: 404 });
  if (!saved.ok) {
    return data(submission.reply({ fieldErrors: { token: [t("funnel:campaigns.validation.tokenTaken")] } }), {
      status: 400,
    });
  }
  return redirect(`/staff/campaigns?saved=${saved.id}`);
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffCampaignsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CampaignLinks {...loaderData} lastResult={actionData} />;
}
