// The site of a request: any unknown host is the default site (with a bounded cache), and the
// site's own texts (title, description, the fictional-profile terms) are settings in the site's
// language, so pages in another language get the translated defaults.
import { beforeAll, describe, expect, it } from "vitest";
import { siteTexts } from "~/domain/sites/site-texts.server";
import { SITE_CACHE_HOSTS, resolveSite, siteCacheSize, type Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import * as home from "~/routes/home";
import { seedBaseData } from "../../prisma/seed/base-data";
import { runRoute, siteRequest } from "../fixtures/run-route";

let nl: Site;
let de: Site;

beforeAll(async () => {
  await seedBaseData(db());
  nl = await resolveSite("hartklop.nl");
  de = await resolveSite("herzklopfen.de");
});

describe("siteTexts", () => {
  it("gives the site's settings on pages in the site's own language", () => {
    expect(siteTexts(nl, "nl")).toEqual({
      indexTitle: nl.indexTitle,
      description: nl.description,
      fictionalSingular: "fictief profiel",
      fictionalPlural: "fictieve profielen",
    });
    expect(siteTexts(de, "de").fictionalSingular).toBe(de.fictionalSingular);
  });

  it("gives the translated defaults on pages in another language", () => {
    expect(siteTexts(nl, "fr")).toEqual({
      indexTitle: "Hartklop : rencontres et chat avec des célibataires près de chez vous",
      description:
        "Rencontrez de nouvelles personnes, flirtez et discutez. Inscription, recherche et likes gratuits.",
      fictionalSingular: "profil fictif",
      fictionalPlural: "profils fictifs",
    });
    expect(siteTexts(de, "nl").fictionalPlural).toBe("fictieve profielen");
  });

  it("titles the home page in the page's language", async () => {
    const page = async (language: string) =>
      (
        await runRoute<{ title: string }>(
          await siteRequest("/", null, { cookie: `i18n_redirected=${language}` }),
          home.loader as never,
        )
      ).body!.title;
    expect(await page("nl")).toBe(nl.indexTitle);
    expect(await page("fr")).toBe("Hartklop : rencontres et chat avec des célibataires près de chez vous");
  });
});

describe("resolveSite", () => {
  it("serves any unknown host as the default site, and caches a bounded number of hosts", async () => {
    for (let i = 0; i < SITE_CACHE_HOSTS + 50; i++) {
      expect((await resolveSite(`bot-${i}.example`)).id).toBe(nl.id);
      expect(siteCacheSize()).toBeLessThanOrEqual(SITE_CACHE_HOSTS);
    }
  });
});
