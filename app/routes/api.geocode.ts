import { data } from "react-router";
import { reverseGeocode } from "~/domain/profiles/geocoder.server";
import { clientIp } from "~/lib/client-ip.server";
import { GEOCODES_PER_IP } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import type { Route } from "./+types/api.geocode";

const headers = { "Cache-Control": "no-store" };

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/**
 * GET /api/geocode.php?lat=&lon=: the nearest place {country, region, city}, or
 * `false` when the coordinates are invalid or no city of our countries lies near. No login needed;
 * limited per IP address.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await withinLimit(GEOCODES_PER_IP, clientIp(request))))
    return data(false, { status: 429, headers: { ...headers, "Retry-After": "60" } });
  const url = new URL(request.url);
  const lat = coordinate(url.searchParams.get("lat"), 90);
  const lon = coordinate(url.searchParams.get("lon"), 180);
  const place = lat === null || lon === null ? null : reverseGeocode(lat, lon);
  return data(place ?? false, { headers });
}
