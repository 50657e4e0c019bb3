import type { TFunction } from "i18next";
import type { Site } from "./site.server";
import type { StaticPageContent } from "./static-page-content";
import { termsVersionDate } from "./terms-date";
import { siteTexts } from "./site-texts.server";

export const STATIC_PAGES = [
  "terms",
  "privacy",
  "cookies",
  "ban",
  "faq",
  "service",
  "return-policy",
] as const;
type StaticPageName = (typeof STATIC_PAGES)[number] | "pricing";

/** Numbers of rules kept outside the site's settings that the pages name. */
export interface StaticPageRules {
  /** New conversations a day for a paying member in the account's first week (trust level `known`). */
  firstWeekConversationsPerDay: number;
}

/** The values every static page may use, from the site's settings and company info. */
function pageValues(site: Site, locale: string) {
  const { company } = site;
  return {
    siteName: site.name,
    domain: site.domain,
    companyName: company.name,
    tradeNames: company.tradenames.join(", ") || company.name,
    address: `${company.address}, ${company.zip} ${company.city}`,
    city: company.city,
    country: new Intl.DisplayNames([locale], { type: "region" }).of(company.country) ?? company.country,
    kvk: company.kvk,
    vatNumbers: company.vatNumbers.join(", "),
    supportPhone: site.supportPhone || company.supportPhone,
    supportEmail: site.supportEmail || company.supportEmail,
    termsDate: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
      termsVersionDate(company.added),
    ),
    refundDays: site.refundDays,
    messageCredits: site.messageCredits,
    photoCredits: site.photoCredits,
    giftCredits: site.giftCredits,
    signupCredits: site.signupCredits,
    freeConversations: site.freeConversations,
    conversationsPerHour: site.newConversationsPerHour,
    conversationsPerDay: site.newConversationsPerDay,
    minAge: site.minAge,
    fictionalPlural: siteTexts(site, locale).fictionalPlural,
  };
}

/** A static page's text in the request's language, filled with the site's company info. */
export function staticPageContent(
  t: TFunction,
  page: StaticPageName,
  site: Site,
  locale: string,
  rules: StaticPageRules,
): StaticPageContent {
  return t(page, {
    ns: "pages",
    returnObjects: true,
    ...pageValues(site, locale),
    ...rules,
  }) as StaticPageContent;
}
