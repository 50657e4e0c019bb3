/**
 * What a member typed as where they live, taken apart for the place search (place-search.server.ts):
 * a place name, optionally followed by a region or country after a comma ("Hengelo, Overijssel"),
 * optionally with a Dutch postcode before or after it ("1012 AB Amsterdam").
 *
 * A postcode is recognised but not looked up: the offline place data (GeoNames cities) has no
 * postcodes (docs/decisions/0065-signup-steps.md). A postcode next to a name is set aside, a
 * postcode alone asks for the name, and something that looks like a postcode but is not one says so.
 */
export type PlaceQuery =
  | { kind: "empty" }
  | { kind: "postcode"; postcode: string }
  | { kind: "badPostcode" }
  | { kind: "name"; name: string; qualifier: string | null; postcode: string | null };

/** Longest text the place field takes (longer is no place name). */
export const PLACE_TEXT_MAX = 100;

// A Dutch postcode: four digits not starting with 0, two letters, and never SA, SD or SS.
const POSTCODE = String.raw`[1-9][0-9]{3} ?(?!sa|sd|ss)[a-z]{2}`;
const POSTCODE_ONLY = new RegExp(`^${POSTCODE}$`, "i");
const POSTCODE_FIRST = new RegExp(`^(${POSTCODE})(?:\\s*,\\s*|\\s+)(.+)$`, "i");
const POSTCODE_LAST = new RegExp(`^(.+?)(?:\\s*,\\s*|\\s+)(${POSTCODE})$`, "i");
/** Digits with at most a few letters: meant as a postcode, whatever else it is. */
const POSTCODE_LIKE = /^\d[\d ]*[a-z]{0,3}$/i;

/** 1234AB, 1234 ab → "1234 AB". */
function formatPostcode(raw: string): string {
  const compact = raw.replace(/\s/g, "").toUpperCase();
  return `${compact.slice(0, 4)} ${compact.slice(4)}`;
}

export function parsePlaceQuery(text: string): PlaceQuery {
  const input = text.replace(/\s+/g, " ").trim();
  if (input === "") return { kind: "empty" };
  if (POSTCODE_ONLY.test(input)) return { kind: "postcode", postcode: formatPostcode(input) };
  if (POSTCODE_LIKE.test(input)) return { kind: "badPostcode" };

  let rest = input;
  let postcode: string | null = null;
  const first = POSTCODE_FIRST.exec(rest);
  const last = first ? null : POSTCODE_LAST.exec(rest);
  if (first) {
    postcode = formatPostcode(first[1]!);
    rest = first[2]!;
  } else if (last) {
    postcode = formatPostcode(last[2]!);
    rest = last[1]!;
  }
  const [name = "", ...qualifier] = rest.split(",").map((part) => part.trim());
  if (name === "") return postcode ? { kind: "postcode", postcode } : { kind: "empty" };
  if (POSTCODE_LIKE.test(name)) return { kind: "badPostcode" };
  const joined = qualifier.filter(Boolean).join(", ");
  return { kind: "name", name, qualifier: joined === "" ? null : joined, postcode };
}

/**
 * A place name as compared: lower case, without accents, with hyphens, dots and apostrophes as
 * spaces ("'s-Hertogenbosch" and "s Hertogenbosch" are the same name).
 */
export function normalizePlaceName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[-‐‑.'’`´/]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
