import { DEFAULT_LOCALE } from "~/lib/i18n";
import { translatorFor } from "~/lib/translator.server";
import type { Site } from "./site.server";

type TextSite = Pick<
  Site,
  "name" | "domainLanguage" | "indexTitle" | "description" | "fictionalSingular" | "fictionalPlural"
>;

/** The language a site's own texts (its settings) are written in: its domain language, else nl. */
function siteLanguage(site: Pick<Site, "domainLanguage">): string {
  return site.domainLanguage?.slice(0, 2).toLowerCase() ?? DEFAULT_LOCALE;
}

/**
 * The site's texts for a page in `locale`: its settings on a page in the site's own language,
 * otherwise the translated defaults. A setting holds one language, and a site serves several
 * (Belgium's visitors read nl, fr and de on the Dutch site).
 */
export function siteTexts(site: TextSite, locale: string) {
  if (locale === siteLanguage(site)) {
    const { indexTitle, description, fictionalSingular, fictionalPlural } = site;
    return { indexTitle, description, fictionalSingular, fictionalPlural };
  }
  const t = translatorFor(locale);
  return {
    indexTitle: t("pages:siteDefaults.indexTitle", { siteName: site.name }),
    description: t("pages:siteDefaults.description"),
    fictionalSingular: t("pages:siteDefaults.fictionalSingular"),
    fictionalPlural: t("pages:siteDefaults.fictionalPlural"),
  };
}
