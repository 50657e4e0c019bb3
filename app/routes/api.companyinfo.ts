import { companyInfoBody } from "~/domain/sites/public-calls.server";
import { cachedJson } from "~/lib/cached-json.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/api.companyinfo";

/** GET /api/companyinfo.php: the public facts of the company behind the site. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = context.get(requestInfoContext);
  return cachedJson(request, companyInfoBody(site.company, getInstance(context).t, getLocale(context)));
}
