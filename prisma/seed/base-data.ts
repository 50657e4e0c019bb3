import type { PrismaClient } from "../../app/generated/prisma/client";
import { INTEREST_CODES } from "../../app/domain/core/interests";
import type { SiteIds } from "./demo-data";

const PROFILE_FIELDS = [
  "gender",
  "age",
  "region",
  "city",
  "sexuality",
  "relationship_status",
  "hair_color",
  "eye_color",
  "body_type",
  "tattoos",
  "reason",
  "interests",
];
const SEARCH_FIELDS = ["gender", "country", "countryregion", "min_age", "max_age"];

/**
 * The gift catalogue every site starts with, each at the site's gift price (`giftCredits`); pictures
 * under public/gifts/, names translated as `chat-extras:gifts.<code>`.
 */
export const GIFT_CATALOGUE = [
  { code: "rose" },
  { code: "heart" },
  { code: "kiss" },
  { code: "chocolate" },
  { code: "cocktail" },
  { code: "teddy" },
  { code: "champagne" },
  { code: "diamond" },
] as const;

/**
 * Credit packages per currency (prices in cents, smallest first). The badge is the saving per credit
 * against the smallest package; the third is marked popular. Prices keep the cheapest credit at or
 * above a tenth of the seeded minimum message costs, so a message costs `messageCredits`.
 */
export const PACKAGE_PRICES: Record<string, [number, number, number, number]> = {
  EUR: [1995, 3995, 7995, 18995],
  PLN: [8995, 17995, 34995, 79995],
  GBP: [1699, 3499, 6999, 15999],
  CHF: [1990, 3790, 7590, 17990],
  USD: [2199, 4399, 8799, 19999],
  CAD: [2999, 5999, 11999, 26999],
  AUD: [3299, 6499, 12999, 29999],
  NZD: [3599, 6999, 13999, 31999],
};
export const PACKAGE_CREDITS = [50, 125, 300, 750] as const;

function creditPackages(siteId: number) {
  return Object.entries(PACKAGE_PRICES).flatMap(([currency, prices]) =>
    prices.map((priceCents, index) => {
      const perCredit = priceCents / PACKAGE_CREDITS[index]!;
      const smallestPerCredit = prices[0] / PACKAGE_CREDITS[0];
      return {
        siteId,
        currency,
        credits: PACKAGE_CREDITS[index]!,
        priceCents,
        discountPercent: Math.round((1 - perCredit / smallestPerCredit) * 100),
        variant: index,
        popular: index === 2,
        sortOrder: index,
      };
    }),
  );
}

/** The company, the two sites and the interest list; updates them in place when they exist. */
export async function seedBaseData(prisma: PrismaClient): Promise<SiteIds> {
  const companyData = {
    name: "Hartklop Media B.V.",
    address: "Herengracht 182",
    zip: "1016 BR",
    city: "Amsterdam",
    country: "NL",
    kvk: "87654321",
    tradenames: ["Hartklop", "Herzklopfen"],
    vatNumbers: ["NL864512397B01"],
    supportPhone: "+31 20 794 1200",
    supportEmail: "support@hartklop.nl",
    deleteDiscount: 20,
    added: new Date("2024-03-15T09:00:00Z"),
  };
  const existing = await prisma.company.findFirst({ where: { kvk: companyData.kvk }, select: { id: true } });
  const company = existing
    ? await prisma.company.update({ where: { id: existing.id }, data: companyData, select: { id: true } })
    : await prisma.company.create({ data: companyData, select: { id: true } });

  const shared = {
    companyId: company.id,
    visibleProfileFields: PROFILE_FIELDS,
    searchFields: SEARCH_FIELDS,
    messageCredits: 10,
    photoCredits: 15,
    giftCredits: 20,
    signupCredits: 20,
    messageLength: 1000,
    refundDays: 14,
    minAge: 18,
    minimumMessageCosts: {
      NL: { costs: 250, currency: "EUR" },
      BE: { costs: 250, currency: "EUR" },
      DE: { costs: 250, currency: "EUR" },
    },
  };
  const nlData = {
    ...shared,
    isDefault: true,
    name: "Hartklop",
    countries: ["NL", "BE"],
    domainLanguage: null,
    indexTitle: "Hartklop: daten en chatten met singles bij jou in de buurt",
    description: "Ontmoet nieuwe mensen, flirt en chat. Gratis aanmelden, zoeken en liken.",
    geoipCountry: "NL",
    geoipSelectedCountry: "NL",
    enableSiteEntryPopup: "yes",
    supportPhone: "+31 20 794 1200",
    supportEmail: "support@hartklop.nl",
    fictionalSingular: "fictief profiel",
    fictionalPlural: "fictieve profielen",
  };
  const deData = {
    ...shared,
    isDefault: false,
    name: "Herzklopfen",
    countries: ["DE", "AT", "CH"],
    domainLanguage: "de-DE",
    indexTitle: "Herzklopfen: Singles in deiner Nähe kennenlernen und chatten",
    description: "Neue Leute treffen, flirten und chatten. Kostenlos anmelden, suchen und liken.",
    geoipCountry: "DE",
    geoipSelectedCountry: "DE",
    enableSiteEntryPopup: "DE,AT",
    supportPhone: "+49 30 3080 9120",
    supportEmail: "support@herzklopfen.de",
    fictionalSingular: "fiktives Profil",
    fictionalPlural: "fiktive Profile",
  };
  const nl = await prisma.site.upsert({
    where: { domain: "hartklop.nl" },
    create: { domain: "hartklop.nl", ...nlData },
    update: nlData,
    select: { id: true },
  });
  const de = await prisma.site.upsert({
    where: { domain: "herzklopfen.de" },
    create: { domain: "herzklopfen.de", ...deData },
    update: deData,
    select: { id: true },
  });
  // Existing gifts keep their price and order: staff may have changed them.
  await prisma.gift.createMany({
    skipDuplicates: true,
    data: [nl.id, de.id].flatMap((siteId) =>
      GIFT_CATALOGUE.map(({ code }, sortOrder) => ({ siteId, code, image: `/gifts/${code}.svg`, sortOrder })),
    ),
  });
  // Existing packages keep their prices: staff may have changed them.
  await prisma.creditPackage.createMany({
    skipDuplicates: true,
    data: [nl.id, de.id].flatMap(creditPackages),
  });
  await prisma.interest.createMany({
    skipDuplicates: true,
    data: INTEREST_CODES.map((code, sortOrder) => ({ code, sortOrder })),
  });
  return { nl: nl.id, de: de.id };
}
