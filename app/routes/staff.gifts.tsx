import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import { findSiteGift, listSiteGifts, saveGift, setGiftActive } from "~/domain/chat/gift-admin.server";
import { giftSchema } from "~/domain/chat/gift-schema";
import { recentStaffActions } from "~/domain/staff/staff-actions.server";
import { staffActionViews } from "~/domain/staff/staff-action-view";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { requireAdmin } from "~/middleware/guards.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { readForm } from "~/middleware/request-body.server";
import { titleMeta } from "~/ui/page-title";
import { GiftsPage } from "~/ui/staff-site/gifts-page";
import type { Route } from "./+types/staff.gifts";

export const handle: TranslationHandle = { i18n: ["staffSite", "staff", "chat-extras"] };

const querySchema = z.object({
  edit: rowIdSchema.optional().catch(undefined),
  notice: z.enum(["saved", "unchanged"]).optional().catch(undefined),
});
const toggleSchema = z.object({ intent: z.enum(["activate", "deactivate"]), id: rowIdSchema });

/** Admins only: the site's gifts, switched-off ones too, and a form for a new or edited one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireAdmin(context, request);
  const { site } = context.get(requestInfoContext);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [gifts, editing, actions] = await Promise.all([
    listSiteGifts(staff.siteId),
    query.edit ? findSiteGift(staff.siteId, query.edit) : null,
    recentStaffActions(staff.siteId, "gift"),
  ]);
  if (query.edit && !editing) throw data(null, { status: 404 });
  return {
    gifts,
    editing,
    giftCredits: site.giftCredits,
    notice: query.notice ?? null,
    staffActions: staffActionViews(actions, getLocale(context)),
    title: getInstance(context).t("staffSite:gifts.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireAdmin(context, request);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  if (formData.get("intent") !== "save") {
    const toggle = toggleSchema.safeParse(Object.fromEntries(formData));
    if (!toggle.success) throw data(null, { status: 400 });
    const found = await setGiftActive(staff, toggle.data.id, toggle.data.intent === "activate");
    if (!found) throw data(null, { status: 404 });
    return redirect(`/staff/gifts?notice=saved#gift-${toggle.data.id}`);
  }
  const submission = parseWithZod(formData, { schema: giftSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await saveGift(staff, submission.value);
  if (!saved.ok && saved.error === "notFound") throw data(null, { status: 404 });
  if (!saved.ok) {
    return data(submission.reply({ fieldErrors: { code: [t("staffSite:errors.codeTaken")] } }), {
      status: 400,
    });
  }
  return redirect(`/staff/gifts?notice=${saved.changed ? "saved" : "unchanged"}#gift-${saved.id}`);
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffGiftsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <GiftsPage {...loaderData} lastResult={actionData} />;
}
