const UNKNOWN_COUNTRY_CODES = new Set(["XX", "T1", "A1", "A2", "O1", "EU", "AP"]);

/**
 * The visitor's country: the trusted proxy header's value (`geoipHeader`, null when none is
 * configured or sent) when usable, else the site's geoip_country.
 */
export function detectCountry(geoipHeader: string | null | undefined, siteGeoipCountry: string): string {
  const value = geoipHeader?.trim().toUpperCase();
  if (value && /^[A-Z]{2}$/.test(value) && !UNKNOWN_COUNTRY_CODES.has(value)) return value;
  return siteGeoipCountry.toUpperCase();
}
