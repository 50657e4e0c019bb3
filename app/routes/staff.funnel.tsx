import { z } from "zod";
import { requireAdmin } from "~/middleware/guards.server";
import { FUNNEL_GROUPINGS } from "~/domain/landers/funnel";
import { funnelCsv, funnelCsvFilename } from "~/domain/landers/funnel-csv";
import { funnelPeriod, funnelReport } from "~/domain/landers/funnel.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { FunnelTable } from "~/ui/landers/funnel-table";
import type { Route } from "./+types/staff.funnel";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["funnel"] };

const querySchema = z.object({
  from: z.string().max(10).optional().catch(undefined),
  to: z.string().max(10).optional().catch(undefined),
  group: z.enum(FUNNEL_GROUPINGS).catch("lander"),
});

type Args = Route.LoaderArgs;

async function loadReport({ request, context }: Pick<Args, "request" | "context">) {
  requireAdmin(context, request);
  const { site } = context.get(requestInfoContext);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const report = await funnelReport({
    siteId: site.id,
    timeZone: site.timeZone,
    period: funnelPeriod(query, site.timeZone),
    grouping: query.group,
  });
  return report;
}

/** `?format=csv` answers with the report as a file instead of the page (a loader cannot). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    if (new URL(request.url).searchParams.get("format") !== "csv") return;
    const report = await loadReport({ request, context });
    return new Response(funnelCsv(report, getInstance(context).t), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${funnelCsvFilename(report)}"`,
        "Cache-Control": "no-store",
      },
    });
  },
];

/** Staff only: the funnel per lander, campaign link, network and sub1 over a period. */
export async function loader(args: Args) {
  const report = await loadReport(args);
  const { site } = args.context.get(requestInfoContext);
  return { report, siteName: site.name, title: getInstance(args.context).t("funnel:title") };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffFunnelRoute({ loaderData }: Route.ComponentProps) {
  return <FunnelTable report={loaderData.report} />;
}
