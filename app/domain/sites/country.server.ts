import { env } from "~/lib/env.server";

const UNKNOWN_COUNTRY_CODES = new Set(["XX", "T1", "A1", "A2", "O1", "EU", "AP"]);

/** The visitor's country: a trusted proxy header when configured and usable, else the site's geoip_country. */
export function detectCountry(request: Request, siteGeoipCountry: string): string {
  const header = env().GEOIP_HEADER;
  const value = header ? request.headers.get(header)?.trim().toUpperCase() : undefined;
  if (value && /^[A-Z]{2}$/.test(value) && !UNKNOWN_COUNTRY_CODES.has(value)) return value;
  return siteGeoipCountry.toUpperCase();
}
