import { regionsBody, regionsCountry } from "~/domain/sites/public-calls.server";
import { noStore } from "~/lib/api-responses.server";
import { cachedJson } from "~/lib/cached-json.server";
import { requestInfoContext } from "~/middleware/context";
import { env } from "~/lib/env.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/api.regions";

/** GET /api/regions.php[?country=XX]: the regions of the visitor's (or the given) country. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { site, country: visitorCountry } = context.get(requestInfoContext);
  const requested = new URL(request.url).searchParams.get("country");
  const country = regionsCountry(requested, visitorCountry, site);
  if (!country) return Response.json({ error: "unknown_country" }, { status: 400, headers: noStore });
  // Without ?country= the answer follows the visitor's country: caches must key on its header too.
  const geoipHeader = env().GEOIP_HEADER;
  const vary: Record<string, string> =
    requested === null && geoipHeader ? { Vary: `Accept-Language, Cookie, ${geoipHeader}` } : {};
  return cachedJson(request, regionsBody(country, getInstance(context).t, getLocale(context)), vary);
}
