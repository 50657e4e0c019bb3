import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import { DISPOSABLE_EMAIL_MESSAGE } from "~/domain/accounts/disposable-email.server";
import { staffChangeSchema, staffInviteSchema } from "~/domain/accounts/staff-account-schemas";
import {
  changeStaffRole,
  inviteStaff,
  listStaff,
  revokeStaff,
} from "~/domain/accounts/staff-accounts.server";
import type { TranslationHandle } from "~/lib/i18n";
import { requestInfoContext } from "~/middleware/context";
import { requireAdmin } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { linkOrigin } from "~/middleware/link-origin.server";
import { readForm } from "~/middleware/request-body.server";
import { titleMeta } from "~/ui/page-title";
import { StaffTeam } from "~/ui/staff/staff-team";
import type { Route } from "./+types/staff.team";

export const handle: TranslationHandle = { i18n: ["staffAdmin"] };

const NOTICES = ["invited", "made", "changed", "revoked"] as const;
const querySchema = z.object({ done: z.enum(NOTICES).optional().catch(undefined) });

/** Admin only: the site's staff with their roles, the invitation form and the role buttons. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const { site } = context.get(requestInfoContext);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return {
    staff: await listStaff(admin.siteId),
    selfId: admin.id,
    notice: query.done ?? null,
    siteName: site.name,
    title: getInstance(context).t("staffAdmin:team.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { site } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  if (formData.get("intent") === "invite") {
    const submission = parseWithZod(formData, { schema: staffInviteSchema(t) });
    if (submission.status !== "success")
      return data({ invite: submission.reply(), refusal: null }, { status: 400 });
    const invited = await inviteStaff(admin, submission.value, {
      site,
      origin: linkOrigin(request, site),
      language: getLocale(context),
    });
    if (!invited.ok) {
      const message =
        invited.error === "disposable"
          ? t(DISPOSABLE_EMAIL_MESSAGE)
          : t(`staffAdmin:team.errors.${invited.error}`);
      const reply = submission.reply({ fieldErrors: { email: [message] } });
      return data({ invite: reply, refusal: null }, { status: 400 });
    }
    return redirect(`/staff/team?done=${invited.created ? "invited" : "made"}`);
  }
  const change = staffChangeSchema.safeParse(Object.fromEntries(formData));
  if (!change.success) throw data(null, { status: 400 });
  const result =
    change.data.intent === "role"
      ? await changeStaffRole(admin, change.data.id, change.data.role)
      : await revokeStaff(admin, change.data.id);
  if (!result.ok && result.error === "notFound") throw data(null, { status: 404 });
  if (!result.ok) return data({ invite: undefined, refusal: "self" as const }, { status: 400 });
  return redirect(`/staff/team?done=${change.data.intent === "role" ? "changed" : "revoked"}`);
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffTeamRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffTeam {...loaderData} lastResult={actionData?.invite} refusal={actionData?.refusal ?? null} />;
}
