import { z } from "zod";
import { detectCountry } from "~/domain/sites/country.server";
import { publicSettings } from "~/domain/sites/public-settings.server";
import { resolveSite } from "~/domain/sites/site.server";
import { noStore } from "~/lib/api-responses.server";
import { env } from "~/lib/env.server";
import { requestInfoContext } from "~/middleware/context";
import { vapidKeys } from "~/lib/vapid-keys.server";
import type { Route } from "./+types/api.settings";

/** The forced domain's query parameter (docs/product.md, JSON calls). */
const FORCED_DOMAIN = "forced_domain";

/** A host as a browser's `location.host` gives it: dot-separated labels, perhaps a port. */
const forcedDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?(:\d{1,5})?$/);

/**
 * GET /api/settings.php[?forced_domain=host]: the public settings of a site, including the key
 * browsers subscribe to push with. The site is the forced domain's when given (a client sends the
 * host it was loaded from, and may call us through another), else the one the request reached; a
 * domain this installation does not serve gets the default site, as such a host would. Any other
 * query parameters (the page's, which clients pass along) are ignored. A malformed or repeated
 * forced domain is 400 `invalid_forced_domain`. Only public settings, whichever site: the rest
 * stays inside. `geoip_country` is the visitor's, by the answering site's fallback.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const info = context.get(requestInfoContext);
  const requested = new URL(request.url).searchParams.getAll(FORCED_DOMAIN);
  const domain = requested.length === 1 ? forcedDomain.safeParse(requested[0]) : null;
  if (requested.length > 1 || domain?.success === false) {
    return Response.json({ error: "invalid_forced_domain" }, { status: 400, headers: noStore });
  }
  const site = domain ? await resolveSite(domain.data) : info.site;
  const geoipHeader = env().GEOIP_HEADER;
  const country =
    site.id === info.site.id
      ? info.country
      : detectCountry(geoipHeader ? request.headers.get(geoipHeader) : null, site.geoipCountry);
  const { publicKey } = await vapidKeys();
  const settings = publicSettings(site, { country, pushPublicKey: publicKey });
  return Response.json({ settings }, { headers: { "Cache-Control": "private, max-age=300" } });
}
