// The public JSON calls: /api/interests.php, /api/regions.php and
// /api/companyinfo.php in the reader's language, with ETags, five minutes' caching and 304.
import { beforeAll, describe, expect, it } from "vitest";
import { INTEREST_CODES } from "~/domain/core/interests";
import { regionsOf } from "~/domain/core/regions";
import { db } from "~/lib/db.server";
import * as companyInfo from "~/routes/api.companyinfo";
import * as interests from "~/routes/api.interests";
import * as regions from "~/routes/api.regions";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";

beforeAll(async () => {
  await seedBaseData(db());
});

type Loader = (args: never) => unknown;

/** Calls a JSON route as a visitor (or member) and returns its Response. */
async function call(
  loader: Loader,
  path: string,
  headers: Record<string, string> = {},
  userId: number | null = null,
) {
  let response: Response | undefined;
  const outcome = await runRoute(await siteRequest(path, userId, { headers }), [
    async (args: never) => (response = (await loader(args)) as Response),
  ] as never);
  if (!response) throw new Error(`no response: ${JSON.stringify(outcome)}`);
  return response;
}

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe("GET /api/interests.php", () => {
  it("lists every interest code with its name in the reader's language", async () => {
    const nl = await call(interests.loader as Loader, "/api/interests.php");
    expect(nl.status).toBe(200);
    expect(nl.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const body = await json(nl);
    expect(body.language).toBe("nl");
    const list = body.interests as { code: string; name: string }[];
    expect(list.map((i) => i.code)).toEqual([...INTEREST_CODES]);
    expect(list.find((i) => i.code === "kissing")!.name).toBe("Zoenen");

    const de = await json(
      await call(interests.loader as Loader, "/api/interests.php", { Cookie: "i18n_redirected=de" }),
    );
    expect(de.language).toBe("de");
    expect((de.interests as { code: string; name: string }[]).find((i) => i.code === "kissing")!.name).toBe(
      "Küssen",
    );
  });
});

describe("GET /api/regions.php", () => {
  it("gives the visitor's country's regions, or those of ?country=, labelled in the reader's language", async () => {
    const own = await json(await call(regions.loader as Loader, "/api/regions.php"));
    expect(own).toMatchObject({
      language: "nl",
      country: "NL",
      country_name: "Nederland",
      label: "Provincie",
    });
    expect(own.regions).toEqual(regionsOf("NL"));
    expect(own.regions).toContain("Utrecht");

    const germany = await json(
      await call(regions.loader as Loader, "/api/regions.php?country=de", { Cookie: "i18n_redirected=en" }),
    );
    expect(germany).toMatchObject({ language: "en", country: "DE", country_name: "Germany", label: "State" });
    expect(germany.regions).toContain("Bayern");
  });

  it("answers 400 for a country it does not know", async () => {
    const response = await call(regions.loader as Loader, "/api/regions.php?country=ZZ");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "unknown_country" });
  });
});

describe("GET /api/companyinfo.php", () => {
  it("gives the site's company's public facts and no secrets", async () => {
    const body = await json(
      await call(companyInfo.loader as Loader, "/api/companyinfo.php", { Cookie: "i18n_redirected=pl" }),
    );
    expect(body).toEqual({
      language: "pl",
      name: "Hartklop Media B.V.",
      address: "Herengracht 182",
      zip: "1016 BR",
      city: "Amsterdam",
      country: "NL",
      country_name: "Holandia",
      kvk: "87654321",
      tradenames: ["Hartklop", "Herzklopfen"],
      vat_numbers: ["NL864512397B01"],
      support_phone: "+31 20 794 1200",
      support_email: "support@hartklop.nl",
      delete_discount: 20,
      added: "2024-03-15T09:00:00.000Z",
      terms_date: "2024-03-15T09:00:00.000Z",
    });
  });
});

describe("caching", () => {
  const routes: [string, Loader, string][] = [
    ["interests", interests.loader as Loader, "/api/interests.php"],
    ["regions", regions.loader as Loader, "/api/regions.php?country=NL"],
    ["companyinfo", companyInfo.loader as Loader, "/api/companyinfo.php"],
  ];

  it.each(routes)(
    "%s: an ETag of the body, public for 5 minutes, 304 when the browser has it",
    async (_, loader, path) => {
      const first = await call(loader, path);
      const etag = first.headers.get("ETag");
      expect(etag).toMatch(/^"[\w-]{20,}"$/);
      expect(first.headers.get("Cache-Control")).toBe("public, max-age=300");
      expect(first.headers.get("Vary")).toContain("Accept-Language");
      // The same body gives the same tag (any app process computes it alike).
      expect((await call(loader, path)).headers.get("ETag")).toBe(etag);
      // Logged in or not, the answer is the same.
      const member = await createMember();
      expect((await call(loader, path, {}, member.userId)).headers.get("ETag")).toBe(etag);

      const cached = await call(loader, path, { "If-None-Match": `W/"other", ${etag}` });
      expect(cached.status).toBe(304);
      expect(await cached.text()).toBe("");
      expect(cached.headers.get("ETag")).toBe(etag);

      const stale = await call(loader, path, { "If-None-Match": '"something-else"' });
      expect(stale.status).toBe(200);
      // Another language is another body, with another tag.
      const english = await call(loader, path, { Cookie: "i18n_redirected=en", "If-None-Match": etag! });
      expect(english.status).toBe(200);
      expect(english.headers.get("ETag")).not.toBe(etag);
    },
  );
});
