import { isProfileCountry } from "~/domain/core/countries";
import { cityIndex, placeOfCity, type ResolvedPlace } from "./geocoder.server";
import { normalizePlaceName, parsePlaceQuery } from "./place-query";

/** At most this many places are offered to choose from. */
const MAX_CHOICES = 8;

/**
 * Names members use for places whose GeoNames name is another (an exonym, or a part of the
 * municipality): [the name members type and see, GeoNames' name, country].
 */
const LOCAL_NAMES: readonly (readonly [string, string, string])[] = [
  ["Den Haag", "The Hague", "NL"],
  ["'s-Gravenhage", "The Hague", "NL"],
  ["Den Bosch", "'s-Hertogenbosch", "NL"],
  ["Almere", "Almere Stad", "NL"],
  ["Noordwijk", "Noordwijk-Binnen", "NL"],
  ["Velsen", "Velsen-Zuid", "NL"],
  ["Brussel", "Brussels", "BE"],
  ["Bruxelles", "Brussels", "BE"],
  ["Wien", "Vienna", "AT"],
  ["München", "Munich", "DE"],
  ["Roma", "Rome", "IT"],
  ["Milano", "Milan", "IT"],
  ["Napoli", "Naples", "IT"],
  ["Torino", "Turin", "IT"],
  ["Firenze", "Florence", "IT"],
  ["Genova", "Genoa", "IT"],
  ["Warszawa", "Warsaw", "PL"],
];

interface Candidate {
  /** The city's index in the city table. */
  city: number;
  /** The name to show and store: the typed local name, or GeoNames' own. */
  name: string;
}

/**
 * The cities ordered by their compared name (normalizePlaceName), then by their place in the table.
 * Only the order is kept, not the 64,000 compared names: a search compares the 16 or so names its
 * binary search visits.
 */
let byName: Uint32Array | undefined;

function nameOrder(): Uint32Array {
  if (byName) return byName;
  const { cities } = cityIndex();
  const keys = Array.from({ length: cities.count }, (_, city) => normalizePlaceName(cities.name(city)));
  const order = Uint32Array.from(keys.keys());
  order.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
  byName = order;
  return byName;
}

const keyOf = (city: number) => normalizePlaceName(cityIndex().cities.name(city));

/** The first position in the name order whose compared name is not below `key`. */
function firstAtOrAfter(key: string): number {
  const order = nameOrder();
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyOf(order[middle]!) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The cities named `key` (compared), in table order. */
function citiesNamed(key: string): number[] {
  const order = nameOrder();
  const found: number[] = [];
  for (let at = firstAtOrAfter(key); at < order.length && keyOf(order[at]!) === key; at++)
    found.push(order[at]!);
  return found;
}

function exactMatches(key: string): Candidate[] {
  const { cities } = cityIndex();
  const found: Candidate[] = citiesNamed(key).map((city) => ({ city, name: cities.name(city) }));
  for (const [local, geonames, country] of LOCAL_NAMES) {
    if (normalizePlaceName(local) !== key) continue;
    for (const city of citiesNamed(normalizePlaceName(geonames))) {
      if (cities.country(city) === country) found.push({ city, name: local });
    }
  }
  return found;
}

/**
 * "Alphen" → "Alphen aan den Rijn", "Bergen" → "Bergen op Zoom": names that start with the typed one,
 * each name's cities together, the names in the order of their first city in the table.
 */
function prefixMatches(key: string): Candidate[] {
  const { cities } = cityIndex();
  const order = nameOrder();
  const prefix = `${key} `;
  const groups: number[][] = [];
  let last: string | undefined;
  for (let at = firstAtOrAfter(prefix); at < order.length; at++) {
    const name = keyOf(order[at]!);
    if (!name.startsWith(prefix)) break;
    if (name === last) groups.at(-1)!.push(order[at]!);
    else groups.push([order[at]!]);
    last = name;
  }
  return groups
    .sort((a, b) => a[0]! - b[0]!)
    .flatMap((group) => group.map((city) => ({ city, name: cities.name(city) })));
}

function withQualifier(candidates: Candidate[], qualifier: string | null): Candidate[] {
  if (!qualifier) return candidates;
  const wanted = normalizePlaceName(qualifier);
  const { cities } = cityIndex();
  const matching = candidates.filter(({ city }) => {
    const place = placeOfCity(city);
    return (
      normalizePlaceName(cities.country(city)) === wanted ||
      (place?.region != null && normalizePlaceName(place.region).startsWith(wanted))
    );
  });
  // A qualifier that matches nothing (a typo, a municipality) does not hide the places themselves.
  return matching.length > 0 ? matching : candidates;
}

/** One place per name and region (GeoNames lists some towns twice), the largest first. */
function distinctPlaces(candidates: Candidate[]): ResolvedPlace[] {
  const { cities } = cityIndex();
  const sorted = [...candidates].sort((a, b) => cities.population(b.city) - cities.population(a.city));
  const seen = new Set<string>();
  const places: ResolvedPlace[] = [];
  for (const { city, name } of sorted) {
    const place = placeOfCity(city, name);
    if (!place) continue;
    const key = `${place.country}|${place.region ?? ""}|${normalizePlaceName(place.city)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    places.push(place);
  }
  return places;
}

export type PlaceSearch =
  | { status: "found"; place: ResolvedPlace }
  | { status: "choose"; places: ResolvedPlace[] }
  | { status: "unknown" }
  | { status: "postcode"; postcode: string }
  | { status: "badPostcode" }
  | { status: "empty" };

/**
 * The places a member may mean by what they typed (see place-query.ts), from the offline city data
 * of our 15 countries: the exact name (or a local name for it), else names that begin with it.
 * Places in `preferCountry` (where the visitor is) come first and alone when there are any. One
 * place is found; several are to choose from (`chosenId` picks one of them); none is unknown.
 */
export function searchPlaces(
  text: string,
  preferCountry: string | null,
  chosenId?: string | null,
): PlaceSearch {
  const query = parsePlaceQuery(text);
  if (query.kind !== "name")
    return query.kind === "postcode"
      ? { status: "postcode", postcode: query.postcode }
      : { status: query.kind };
  const key = normalizePlaceName(query.name);
  if (key === "") return { status: "unknown" };
  let candidates = exactMatches(key);
  if (candidates.length === 0) candidates = prefixMatches(key);
  candidates = withQualifier(candidates, query.qualifier);
  if (preferCountry && isProfileCountry(preferCountry)) {
    const { cities } = cityIndex();
    const here = candidates.filter(({ city }) => cities.country(city) === preferCountry);
    if (here.length > 0) candidates = here;
  }
  const places = distinctPlaces(candidates);
  if (places.length === 0) return { status: "unknown" };
  const chosen = chosenId ? places.find((place) => place.id === chosenId) : undefined;
  if (chosen) return { status: "found", place: chosen };
  if (places.length === 1) return { status: "found", place: places[0]! };
  return { status: "choose", places: places.slice(0, MAX_CHOICES) };
}
