// The bodies of the public JSON calls (/api/interests.php, /api/regions.php,
// /api/companyinfo.php): public facts only, labels in the reader's language.
import type { TFunction } from "i18next";
import { INTEREST_CODES } from "~/domain/core/interests";
import { isProfileCountry, regionLabelKey } from "~/domain/core/countries";
import { regionsOf } from "~/domain/core/regions";
import type { Site } from "./site.server";
import { termsVersionDate } from "./terms-date";

export function interestsBody(t: TFunction, language: string) {
  return {
    language,
    interests: INTEREST_CODES.map((code) => ({ code, name: t(`profile:interests.${code}`) })),
  };
}

/**
 * The country whose regions are asked for: `?country=` when given (null when it is not one of
 * ours), otherwise the visitor's country, or the site's preselected one for a visitor from elsewhere.
 */
export function regionsCountry(requested: string | null, visitorCountry: string, site: Site): string | null {
  if (requested !== null) {
    const code = requested.trim().toUpperCase();
    return isProfileCountry(code) ? code : null;
  }
  if (isProfileCountry(visitorCountry)) return visitorCountry;
  const fallback = site.geoipSelectedCountry.toUpperCase();
  return isProfileCountry(fallback) ? fallback : "NL";
}

export function regionsBody(country: string, t: TFunction, language: string) {
  return {
    language,
    country,
    country_name: t(`profile:countries.${country}`),
    label: t(regionLabelKey(country)),
    regions: regionsOf(country),
  };
}

/** The company info, as the site's terms and footer show it. */
export function companyInfoBody(company: Site["company"], t: TFunction, language: string) {
  return {
    language,
    name: company.name,
    address: company.address,
    zip: company.zip,
    city: company.city,
    country: company.country,
    country_name: t(`profile:countries.${company.country}`, { defaultValue: company.country }),
    kvk: company.kvk,
    tradenames: company.tradenames,
    vat_numbers: company.vatNumbers,
    support_phone: company.supportPhone,
    support_email: company.supportEmail,
    delete_discount: company.deleteDiscount,
    added: company.added.toISOString(),
    terms_date: termsVersionDate(company.added).toISOString(),
  };
}
