import { data } from "react-router";
import { z } from "zod";
import { STATIC_PAGES, staticPageContent } from "~/domain/sites/static-pages.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { StaticPage } from "~/ui/static-page";
import { staticPageRules } from "~/routes/+shared/static-page-rules";
import type { Route } from "./+types/pages.$page";
import { pageTitle } from "~/ui/page-title";

const paramsSchema = z.object({ page: z.enum(STATIC_PAGES) });

export function loader({ params, context }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  const { site } = context.get(requestInfoContext);
  const content = staticPageContent(
    getInstance(context).t,
    parsed.data.page,
    site,
    getLocale(context),
    staticPageRules,
  );
  return { content, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.content.title, data?.siteName) },
];

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  return <StaticPage content={loaderData.content} />;
}
