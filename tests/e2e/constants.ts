/** The e2e server trusts this header as the visitor's country (GEOIP_HEADER). */
export const COUNTRY_HEADER = "X-Test-Country";
