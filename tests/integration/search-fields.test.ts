// The search_fields setting: /members shows and applies only the filters the site names.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SearchFilters } from "~/domain/search/filters";
import { enabledSearchFields, type SearchField } from "~/domain/search/search-fields";
import { db } from "~/lib/db.server";
import MembersRoute, * as members from "~/routes/members";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { forgetCachedReads } from "../fixtures/caches";

let siteId: number;

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
  await createMember({ siteId, name: "Anna", gender: "female", country: "NL", dateOfBirth: "1995-01-01" });
  await createMember({
    siteId,
    name: "Bea",
    gender: "female",
    country: "BE",
    region: "Antwerpen",
    dateOfBirth: "1960-01-01",
  });
  await createMember({ siteId, name: "Carl", gender: "male", country: "NL", dateOfBirth: "1995-01-01" });
});

async function setFields(fields: string[]) {
  await db().site.update({ where: { id: siteId }, data: { searchFields: fields }, select: { id: true } });
  forgetCachedReads();
}

beforeEach(() => setFields(["gender", "country", "countryregion", "min_age", "max_age"]));

type Data = { filters: SearchFilters; fields: SearchField[]; result: { members: { name: string }[] } };

async function search(query: string) {
  const outcome = await runRoute<Data>(await siteRequest(`/members?${query}`, null), members.loader as never);
  expect(outcome.status).toBe(200);
  const data = outcome.body!;
  const { html } = renderRoute({
    Component: MembersRoute as never,
    path: "/members",
    url: `/members?${query}`,
    loaderData: data,
  });
  return { ...data, names: data.result.members.map((m) => m.name).sort(), html };
}

const QUERY = "gender=female&country=BE&region=Antwerpen&region_of=BE&min_age=18&max_age=40";

describe("search_fields", () => {
  it("with every field, shows and applies every filter", async () => {
    const all = await search(QUERY);
    expect(all.filters).toEqual({
      gender: "female",
      country: "BE",
      region: "Antwerpen",
      minAge: 18,
      maxAge: 40,
    });
    expect(all.names).toEqual([]); // Bea is over 40
    for (const name of ["gender", "country", "region", "min_age", "max_age"]) {
      expect(all.html).toContain(`name="${name}"`);
    }
  });

  it("leaves out the filters the setting does not name, in the form and in the search", async () => {
    await setFields(["gender", "max_age"]);
    const some = await search(QUERY);
    expect(some.fields).toEqual(["gender", "max_age"]);
    expect(some.filters).toEqual({ gender: "female", country: null, region: null, minAge: null, maxAge: 40 });
    expect(some.names).toEqual(["Anna"]);
    expect(some.html).toContain('name="gender"');
    expect(some.html).toContain('name="max_age"');
    for (const name of ["country", "region", "min_age"]) expect(some.html).not.toContain(`name="${name}"`);
  });

  it("offers no region without the country, and no age filter without the age fields", async () => {
    await setFields(["countryregion", "country"]);
    const byCountry = await search(QUERY);
    expect(byCountry.filters).toEqual({
      gender: null,
      country: "BE",
      region: "Antwerpen",
      minAge: null,
      maxAge: null,
    });
    expect(byCountry.names).toEqual(["Bea"]);
    expect(byCountry.html).not.toContain('name="all_ages"');
    expect(byCountry.html).not.toContain('name="gender"');

    await setFields(["countryregion", "gender"]);
    const noCountry = await search(QUERY);
    expect(noCountry.filters).toMatchObject({ country: null, region: null });
    expect(noCountry.names).toEqual(["Anna", "Bea"]);
    expect(noCountry.html).not.toContain('name="region"');
  });

  it("reads the setting: names it knows, everything when unset", () => {
    expect(enabledSearchFields([])).toEqual(["gender", "country", "countryregion", "min_age", "max_age"]);
    expect(enabledSearchFields(["max_age", "bogus", "gender"])).toEqual(["gender", "max_age"]);
    expect(enabledSearchFields(["countryregion"])).toEqual([]);
  });
});
