import { createInstance } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveSite } from "~/domain/sites/site.server";
import { STATIC_PAGES, staticPageContent } from "~/domain/sites/static-pages.server";
import { db } from "~/lib/db.server";
import { resources } from "~/lib/i18n-resources.server";
import { staticPageRules } from "~/routes/+shared/static-page-rules";
import { seedBaseData } from "../../prisma/seed/base-data";
import { forgetCachedReads } from "../fixtures/caches";

describe("sites", () => {
  beforeAll(async () => {
    await seedBaseData(db());
    forgetCachedReads();
  });

  it("resolves the site and its settings by request host", async () => {
    const de = await resolveSite("herzklopfen.de");
    expect(de).toMatchObject({
      name: "Herzklopfen",
      domainLanguage: "de-DE",
      geoipCountry: "DE",
      enableSiteEntryPopup: "DE,AT",
    });
    expect((await resolveSite("www.herzklopfen.de:443")).id).toBe(de.id);
    expect((await resolveSite("HARTKLOP.NL")).name).toBe("Hartklop");
  });

  it("gives an unknown host the default site", async () => {
    const site = await resolveSite("localhost:3000");
    expect(site).toMatchObject({ name: "Hartklop", domain: "hartklop.nl" });
    expect(site.company.name).toBe("Hartklop Media B.V.");
  });

  it("sees a changed setting after the cache is cleared", async () => {
    await db().site.update({ where: { domain: "herzklopfen.de" }, data: { enableSiteEntryPopup: "no" } });
    expect((await resolveSite("herzklopfen.de")).enableSiteEntryPopup).toBe("DE,AT");
    forgetCachedReads();
    expect((await resolveSite("herzklopfen.de")).enableSiteEntryPopup).toBe("no");
  });

  it("fills every static page with the company info in each language", async () => {
    const site = await resolveSite("hartklop.nl");
    for (const locale of ["nl", "de", "en", "es", "fr", "it", "pl"]) {
      const i18n = createInstance({ resources, lng: locale, defaultNS: "common", initAsync: false });
      await i18n.init();
      for (const page of [...STATIC_PAGES, "pricing" as const]) {
        const content = staticPageContent(i18n.t, page, site, locale, staticPageRules);
        expect(content.title, `${locale} ${page}`).toBeTruthy();
        expect(content.sections.length, `${locale} ${page}`).toBeGreaterThan(2);
        expect(JSON.stringify(content), `${locale} ${page}`).not.toMatch(/\{\{|\}\}/);
      }
      const terms = JSON.stringify(staticPageContent(i18n.t, "terms", site, locale, staticPageRules));
      expect(terms).toContain("Hartklop Media B.V.");
      expect(terms).toContain("87654321");
      expect(terms).toContain("NL864512397B01");
      // The company was added after the 2023-12-01 baseline, so its date is the terms version.
      expect(terms).toContain("2024");
    }
    const nlTerms = staticPageContent((await nlI18n()).t, "terms", site, "nl", staticPageRules);
    expect(nlTerms.intro).toContain("15 maart 2024");
    // Premium's conversations are named with the limits that apply, never as unlimited.
    const nlPricing = JSON.stringify(
      staticPageContent((await nlI18n()).t, "pricing", site, "nl", staticPageRules),
    );
    expect(nlPricing).toContain(
      `maximaal ${site.newConversationsPerHour} per uur en ${site.newConversationsPerDay} per dag, in je eerste week maximaal 10 per dag`,
    );
    expect(nlPricing).toContain(`maximaal ${site.freeConversations} gesprekken`);
    expect(nlPricing).not.toMatch(/onbeperkt|voor altijd|Bancontact/);
  });
});

async function nlI18n() {
  const i18n = createInstance({ resources, lng: "nl", defaultNS: "common", initAsync: false });
  await i18n.init();
  return i18n;
}
