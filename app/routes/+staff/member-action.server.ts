import { data, type RouterContextProvider } from "react-router";
import { staffMemberFacts } from "~/domain/accounts/staff-member.server";
import { adminOnly, isMemberAction, notApplicable, type MemberAction } from "~/domain/staff/member-actions";
import { rowIdSchema } from "~/lib/row-id";
import { requestInfoContext } from "~/middleware/context";
import { requireAdmin, requireStaff } from "~/middleware/guards.server";

/**
 * The staff member, the member and the action of /staff/members/:id/:action, for loader and action
 * alike: an unknown action, an admin-only one for support, and a member of another site (or none)
 * all answer 404. `refusal` names why the action does not apply to the member now, or is null.
 */
export async function memberActionTarget(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: { id: string; action: string },
) {
  const slug = params.action;
  if (!isMemberAction(slug)) {
    requireStaff(context, request);
    throw data(null, { status: 404 });
  }
  const action: MemberAction = slug;
  const staff = adminOnly(action) ? requireAdmin(context, request) : requireStaff(context, request);
  const id = rowIdSchema.safeParse(params.id);
  const { site } = context.get(requestInfoContext);
  const member = id.success ? await staffMemberFacts(site, id.data) : null;
  if (!member) throw data(null, { status: 404 });
  return { staff, site, action, member, refusal: notApplicable(action, member) };
}
