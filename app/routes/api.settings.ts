import { publicSettings } from "~/domain/sites/public-settings.server";
import { requestInfoContext } from "~/middleware/context";
import { vapidKeys } from "~/lib/vapid-keys.server";
import type { Route } from "./+types/api.settings";

/**
 * GET /api/settings.php: the public settings of the site the request reached,
 * including the key browsers subscribe to push with. Private: `geoip_country` is the visitor's.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { site, country } = context.get(requestInfoContext);
  const { publicKey } = await vapidKeys();
  const settings = publicSettings(site, { country, pushPublicKey: publicKey });
  return Response.json({ settings }, { headers: { "Cache-Control": "private, max-age=300" } });
}
