import { z } from "zod";
import { StaffActionKind, StaffActionTarget } from "~/generated/prisma/enums";
import {
  staffActionExport,
  staffActionLog,
  staffOfLog,
  type StaffActionFilter,
} from "~/domain/staff/staff-action-log.server";
import { staffActionsCsv, staffActionsCsvFilename } from "~/domain/staff/staff-actions-csv";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { requestInfoContext } from "~/middleware/context";
import { requireAdmin } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { titleMeta } from "~/ui/page-title";
import { StaffActionLog } from "~/ui/staff/staff-action-log";
import type { Route } from "./+types/staff.actions";

export const handle: TranslationHandle = { i18n: ["staffAdmin"] };

const day = z.iso.date().optional().catch(undefined);
/** The GET form's filters; a value that is not one is simply not applied. */
const querySchema = z.object({
  staff: rowIdSchema.optional().catch(undefined),
  action: z.enum(StaffActionKind).optional().catch(undefined),
  targetType: z.enum(StaffActionTarget).optional().catch(undefined),
  targetId: rowIdSchema.optional().catch(undefined),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

type Args = Pick<Route.LoaderArgs, "request" | "context">;

function readQuery({ request, context }: Args) {
  const admin = requireAdmin(context, request);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const filter: StaffActionFilter = {
    staffId: query.staff,
    action: query.action,
    targetType: query.targetType,
    targetId: query.targetId,
    from: query.from,
    to: query.to,
  };
  return { admin, query, filter, site: context.get(requestInfoContext).site };
}

/** `?format=csv` answers with the filtered log as a file instead of the page (a loader cannot). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    if (new URL(request.url).searchParams.get("format") !== "csv") return;
    const { admin, filter, site } = readQuery({ request, context });
    const rows = await staffActionExport(admin.siteId, site.timeZone, filter);
    return new Response(staffActionsCsv(rows, getInstance(context).t), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${staffActionsCsvFilename(filter.from, filter.to)}"`,
        "Cache-Control": "no-store",
      },
    });
  },
];

/** Admin only: the site's staff action log, filtered and paged. */
export async function loader(args: Route.LoaderArgs) {
  const { admin, query, filter, site } = readQuery(args);
  const [log, staff] = await Promise.all([
    staffActionLog(admin.siteId, site.timeZone, filter, query.page),
    staffOfLog(admin.siteId),
  ]);
  const { page: _page, ...filters } = query;
  return {
    ...log,
    staff,
    filters: Object.fromEntries(
      Object.entries(filters).map(([key, value]) => [key, value === undefined ? undefined : String(value)]),
    ) as Record<string, string | undefined>,
    locale: getLocale(args.context),
    timeZone: site.timeZone,
    siteName: site.name,
    title: getInstance(args.context).t("staffAdmin:log.title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffActionsRoute({ loaderData }: Route.ComponentProps) {
  return <StaffActionLog {...loaderData} />;
}
