import { isProfileCountry } from "~/domain/core/countries";
import { cityIndex, placeOfCity, type City, type ResolvedPlace } from "./geocoder.server";
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
  city: City;
  /** The name to show and store: the typed local name, or GeoNames' own. */
  name: string;
}

interface NameIndex {
  byName: Map<string, City[]>;
  names: string[];
}

let nameIndex: NameIndex | undefined;

function names(): NameIndex {
  if (nameIndex) return nameIndex;
  const byName = new Map<string, City[]>();
  for (const city of cityIndex().cities) {
    const key = normalizePlaceName(city.name);
    const list = byName.get(key);
    if (list) list.push(city);
    else byName.set(key, [city]);
  }
  nameIndex = { byName, names: [...byName.keys()] };
  return nameIndex;
}

function exactMatches(key: string): Candidate[] {
  const { byName } = names();
  const found: Candidate[] = (byName.get(key) ?? []).map((city) => ({ city, name: city.name }));
  for (const [local, geonames, country] of LOCAL_NAMES) {
    if (normalizePlaceName(local) !== key) continue;
    for (const city of byName.get(normalizePlaceName(geonames)) ?? []) {
      if (city.country === country) found.push({ city, name: local });
    }
  }
  return found;
}

/** "Alphen" → "Alphen aan den Rijn", "Bergen" → "Bergen op Zoom": names that start with the typed one. */
function prefixMatches(key: string): Candidate[] {
  const { byName, names: all } = names();
  const prefixes = [`${key} `];
  return all
    .filter((name) => prefixes.some((prefix) => name.startsWith(prefix)))
    .flatMap((name) => byName.get(name)!.map((city) => ({ city, name: city.name })));
}

function withQualifier(candidates: Candidate[], qualifier: string | null): Candidate[] {
  if (!qualifier) return candidates;
  const wanted = normalizePlaceName(qualifier);
  const matching = candidates.filter(({ city }) => {
    const place = placeOfCity(city);
    return (
      normalizePlaceName(city.country) === wanted ||
      (place?.region != null && normalizePlaceName(place.region).startsWith(wanted))
    );
  });
  // A qualifier that matches nothing (a typo, a municipality) does not hide the places themselves.
  return matching.length > 0 ? matching : candidates;
}

/** One place per name and region (GeoNames lists some towns twice), the largest first. */
function distinctPlaces(candidates: Candidate[]): ResolvedPlace[] {
  const sorted = [...candidates].sort((a, b) => (b.city.population ?? 0) - (a.city.population ?? 0));
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
    const here = candidates.filter(({ city }) => city.country === preferCountry);
    if (here.length > 0) candidates = here;
  }
  const places = distinctPlaces(candidates);
  if (places.length === 0) return { status: "unknown" };
  const chosen = chosenId ? places.find((place) => place.id === chosenId) : undefined;
  if (chosen) return { status: "found", place: chosen };
  if (places.length === 1) return { status: "found", place: places[0]! };
  return { status: "choose", places: places.slice(0, MAX_CHOICES) };
}
