// The site of a request: any unknown host is the default site (with a bounded cache), and the
// site's own texts (title, description, the fictional-profile terms) are settings in the site's
// language, so pages in another language get the translated defaults.
import { beforeAll, describe, expect, it } from "vitest";
import { siteTexts } from "~/domain/sites/site-texts.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import * as home from "~/routes/home";
import { seedBaseData } from "../../prisma/seed/base-data";
import { forgetCachedReads } from "../fixtures/caches";
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
  it("serves any unknown host as the default site, and caches at most 200 hosts", async () => {
    forgetCachedReads();
    const hosts = Array.from({ length: 250 }, (_, i) => `bot-${i}.example`);
    for (const host of hosts) expect((await resolveSite(host)).id).toBe(nl.id);
    // The site renamed behind the cache: the last host asked for is still cached; one that 200 other
    // hosts followed is not.
    await db().site.update({ where: { id: nl.id }, data: { name: "Hernoemd" } });
    try {
      expect((await resolveSite(hosts.at(-1)!)).name).toBe(nl.name);
      expect((await resolveSite(hosts[49]!)).name).toBe("Hernoemd");
    } finally {
      await db().site.update({ where: { id: nl.id }, data: { name: nl.name } });
      forgetCachedReads();
    }
  });
});
