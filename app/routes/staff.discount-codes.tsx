import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  createDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
} from "~/domain/payments/discount-code-admin.server";
import { discountCodeSchema } from "~/domain/payments/discount-code-schema";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { requestInfoContext } from "~/middleware/context";
import { requireAdmin } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { readForm } from "~/middleware/request-body.server";
import { titleMeta } from "~/ui/page-title";
import { DiscountCodes } from "~/ui/staff/discount-codes";
import type { Route } from "./+types/staff.discount-codes";

export const handle: TranslationHandle = { i18n: ["discounts", "payments", "profile", "staffAdmin"] };

const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  created: z.string().max(50).optional().catch(undefined),
  on: z.string().max(50).optional().catch(undefined),
  off: z.string().max(50).optional().catch(undefined),
});
const toggleSchema = z.object({ intent: z.enum(["activate", "deactivate"]), id: rowIdSchema });

/** Admin only: the site's discount codes (newest first, with uses and revenue) and a form for a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const { site } = context.get(requestInfoContext);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listDiscountCodes(admin.siteId, query.page);
  const notice = query.created
    ? { kind: "created" as const, code: query.created }
    : query.on
      ? { kind: "activated" as const, code: query.on }
      : query.off
        ? { kind: "deactivated" as const, code: query.off }
        : null;
  return {
    ...list,
    notice,
    locale: getLocale(context),
    timeZone: site.timeZone,
    siteName: site.name,
    title: getInstance(context).t("staffAdmin:codes.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { site } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  if (formData.get("intent") !== "create") {
    const toggle = toggleSchema.safeParse(Object.fromEntries(formData));
    if (!toggle.success) throw data(null, { status: 400 });
    const active = toggle.data.intent === "activate";
    const done = await setDiscountCodeActive(admin, toggle.data.id, active);
    if (!done) throw data(null, { status: 404 });
    return redirect(`/staff/discount-codes?${active ? "on" : "off"}=${encodeURIComponent(done.code)}`);
  }
  const submission = parseWithZod(formData, { schema: discountCodeSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const created = await createDiscountCode(admin, submission.value, site.timeZone);
  if (!created.ok) {
    const fieldErrors: Record<string, string[]> =
      created.error === "codeTaken"
        ? { code: [t("staffAdmin:codes.errors.codeTaken")] }
        : { member: [t("staffAdmin:codes.errors.memberNotFound")] };
    return data(submission.reply({ fieldErrors }), { status: 400 });
  }
  return redirect(`/staff/discount-codes?created=${encodeURIComponent(created.code)}`);
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffDiscountCodesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <DiscountCodes {...loaderData} lastResult={actionData} />;
}
