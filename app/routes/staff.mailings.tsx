import type { TranslationHandle } from "~/lib/i18n";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/middleware/guards.server";
import { mailingSchema } from "~/domain/notifications/mailing-schema";
import { MAILING_NOTICES } from "~/domain/notifications/mailing-types";
import { createMailing, listMailings, startMailing } from "~/domain/notifications/mailings.server";
import { recentStaffActions } from "~/domain/staff/staff-actions.server";
import { staffActionViews } from "~/domain/staff/staff-action-view";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { StaffMailings } from "~/ui/mailings/staff-mailings";
import type { Route } from "./+types/staff.mailings";
import { readForm } from "~/middleware/request-body.server";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["mailings", "settings", "staff"] };

const sendForm = z.object({
  intent: z.literal("send"),
  mailingId: rowIdSchema,
});

/** Staff page: write a promotions or news mailing, send it (in batches, by a job) and follow its count. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireAdmin(context, request);
  const { site } = context.get(requestInfoContext);
  const done = new URL(request.url).searchParams.get("done");
  const notice = MAILING_NOTICES.find((n) => n === done) ?? null;
  return {
    mailings: await listMailings(site.id),
    staffActions: staffActionViews(await recentStaffActions(staff.siteId, "mailing"), getLocale(context)),
    notice,
    defaultLanguage: getLocale(context),
    siteName: site.name,
    title: getInstance(context).t("mailings:staff.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireAdmin(context, request);
  const { site } = context.get(requestInfoContext);
  const formData = await readForm(request);
  if (formData.get("intent") === "send") {
    const parsed = sendForm.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw data(null, { status: 400 });
    if (!(await startMailing(parsed.data.mailingId, staff))) throw data(null, { status: 404 });
    return redirect("/staff/mailings?done=sending");
  }
  const submission = parseWithZod(formData, { schema: mailingSchema(getInstance(context).t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await createMailing({ ...submission.value, siteId: site.id, createdById: staff.id });
  return redirect("/staff/mailings?done=created");
}

export const meta: Route.MetaFunction = ({ data: page }) =>
  titleMeta(page, { name: "robots", content: "noindex" });

export default function StaffMailingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffMailings {...loaderData} lastResult={actionData} />;
}
