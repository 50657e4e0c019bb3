import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/middleware/guards.server";
import { STAFF_PAYMENT_STATUSES, type StaffPaymentsOutcome } from "~/domain/payments/refund-view";
import { approveRefund, rejectRefund, unblockDirectDebit } from "~/domain/payments/refunds.server";
import { parsePaymentSearch, staffPaymentsOverview } from "~/domain/payments/staff-payments.server";
import { recentStaffActions } from "~/domain/staff/staff-actions.server";
import { staffActionViews } from "~/domain/staff/staff-action-view";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { StaffPayments } from "~/ui/payments/staff-payments";
import type { Route } from "./+types/staff.payments";
import { readFields } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["payments", "refunds", "staff"] };

const filterSchema = z.object({
  status: z.enum(STAFF_PAYMENT_STATUSES).optional().catch(undefined),
  q: z.string().trim().max(254).catch(""),
  before: rowIdSchema.optional().catch(undefined),
});

const decision = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["approve", "reject"]), requestId: rowIdSchema }),
  z.object({ intent: z.literal("unblock"), userId: rowIdSchema }),
]);

/** Staff page: recent payments, refund requests to decide, chargebacks and direct-debit blocks. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireAdmin(context, request);
  const filter = filterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [overview, actions] = await Promise.all([
    staffPaymentsOverview(
      {
        siteId: staff.siteId,
        status: filter.status,
        search: parsePaymentSearch(filter.q),
        before: filter.before,
      },
      getLocale(context),
    ),
    recentStaffActions(staff.siteId, "user"),
  ]);
  return {
    ...overview,
    filter: { status: filter.status ?? "", q: filter.q },
    staffActions: staffActionViews(actions, getLocale(context)),
    siteName: context.get(requestInfoContext).site.name,
    title: getInstance(context).t("refunds:staff.title"),
  };
}

/** Approve (refund through Mollie) or reject a request, or lift a direct-debit block; the page shows the outcome. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireAdmin(context, request);
  const parsed = decision.safeParse(await readFields(request));
  if (!parsed.success) throw data(null, { status: 400 });
  const input = parsed.data;
  if (input.intent === "unblock") {
    const unblocked = await unblockDirectDebit(input.userId, staff);
    return { outcome: { kind: unblocked ? "unblocked" : "notBlocked" } satisfies StaffPaymentsOutcome };
  }
  const decided =
    input.intent === "approve"
      ? await approveRefund(input.requestId, staff)
      : await rejectRefund(input.requestId, staff);
  if (decided.kind === "unknown") throw data(null, { status: 404 });
  return { outcome: { ...decided, requestId: input.requestId } satisfies StaffPaymentsOutcome };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffPaymentsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffPayments {...loaderData} outcome={actionData?.outcome} />;
}
