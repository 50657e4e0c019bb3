import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  findSitePackage,
  listSitePackages,
  movePackage,
  savePackage,
  setPackageActive,
} from "~/domain/credits/package-admin.server";
import { packageSchema } from "~/domain/credits/package-schema";
import { recentStaffActions } from "~/domain/staff/staff-actions.server";
import { staffActionViews } from "~/domain/staff/staff-action-view";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { requireAdmin } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { readForm } from "~/middleware/request-body.server";
import { titleMeta } from "~/ui/page-title";
import { PackagesPage } from "~/ui/staff-site/packages-page";
import type { Route } from "./+types/staff.packages";

export const handle: TranslationHandle = { i18n: ["staffSite", "staff"] };

const querySchema = z.object({
  edit: rowIdSchema.optional().catch(undefined),
  notice: z.enum(["saved", "unchanged"]).optional().catch(undefined),
});
const rowActionSchema = z.object({
  intent: z.enum(["activate", "deactivate", "up", "down"]),
  id: rowIdSchema,
});

/** Admins only: the site's credit packages in every currency, and a form for a new or edited one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireAdmin(context, request);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [packages, editing, actions] = await Promise.all([
    listSitePackages(staff.siteId),
    query.edit ? findSitePackage(staff.siteId, query.edit) : null,
    recentStaffActions(staff.siteId, "credit_package"),
  ]);
  if (query.edit && !editing) throw data(null, { status: 404 });
  return {
    packages,
    editing,
    notice: query.notice ?? null,
    staffActions: staffActionViews(actions, getLocale(context)),
    title: getInstance(context).t("staffSite:packages.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireAdmin(context, request);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  if (formData.get("intent") !== "save") {
    const row = rowActionSchema.safeParse(Object.fromEntries(formData));
    if (!row.success) throw data(null, { status: 400 });
    const { intent, id } = row.data;
    const found =
      intent === "up" || intent === "down"
        ? await movePackage(staff, id, intent)
        : await setPackageActive(staff, id, intent === "activate");
    if (!found) throw data(null, { status: 404 });
    return redirect(`/staff/packages?notice=saved#package-${id}`);
  }
  const submission = parseWithZod(formData, { schema: packageSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await savePackage(staff, submission.value);
  if (!saved.ok && saved.error === "notFound") throw data(null, { status: 404 });
  if (!saved.ok) {
    return data(submission.reply({ fieldErrors: { credits: [t("staffSite:errors.creditsTaken")] } }), {
      status: 400,
    });
  }
  return redirect(`/staff/packages?notice=${saved.changed ? "saved" : "unchanged"}#package-${saved.id}`);
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffPackagesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PackagesPage {...loaderData} lastResult={actionData} />;
}
