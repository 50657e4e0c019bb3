// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { normalizePlaceName, parsePlaceQuery } from "./place-query";
import { searchPlaces } from "./place-search.server";

describe("what a member typed as the place", () => {
  it("takes a name with an optional region or country after a comma", () => {
    expect(parsePlaceQuery("  Utrecht ")).toEqual({
      kind: "name",
      name: "Utrecht",
      qualifier: null,
      postcode: null,
    });
    expect(parsePlaceQuery("Hengelo, Overijssel")).toMatchObject({
      name: "Hengelo",
      qualifier: "Overijssel",
    });
    expect(parsePlaceQuery("")).toEqual({ kind: "empty" });
    expect(parsePlaceQuery(" , ")).toEqual({ kind: "empty" });
  });

  it("sets a Dutch postcode before or after the name aside", () => {
    expect(parsePlaceQuery("1012 AB Amsterdam")).toMatchObject({ name: "Amsterdam", postcode: "1012 AB" });
    expect(parsePlaceQuery("Amsterdam, 1012ab")).toMatchObject({ name: "Amsterdam", postcode: "1012 AB" });
  });

  it("tells a postcode alone from something that only looks like one", () => {
    expect(parsePlaceQuery("3511AB")).toEqual({ kind: "postcode", postcode: "3511 AB" });
    expect(parsePlaceQuery("3511 ab")).toEqual({ kind: "postcode", postcode: "3511 AB" });
    for (const bad of ["0123 AB", "1234 SS", "12345", "123", "1234 ABC", "1234"]) {
      expect(parsePlaceQuery(bad), bad).toEqual({ kind: "badPostcode" });
    }
  });

  it("compares names without case, accents, hyphens or apostrophes", () => {
    expect(normalizePlaceName("'s-Hertogenbosch")).toBe(normalizePlaceName("s Hertogenbosch"));
    expect(normalizePlaceName("Zürich")).toBe("zurich");
    expect(normalizePlaceName("Sint-Oedenrode")).toBe("sint oedenrode");
  });
});

describe("looking a place up in the offline city data", () => {
  // The city data loads once (about a second, longer on a busy machine).
  beforeAll(() => void searchPlaces("Utrecht", "NL"), 60_000);

  it("finds one place with its region and coordinates", () => {
    const found = searchPlaces("utrecht", "NL");
    expect(found).toMatchObject({
      status: "found",
      place: { country: "NL", region: "Utrecht", city: "Utrecht" },
    });
    if (found.status !== "found") return;
    expect(found.place.latitude).toBeCloseTo(52.09, 1);
    expect(found.place.longitude).toBeCloseTo(5.12, 1);
    expect(found.place.id).toMatch(/^\d+$/);
  });

  it("knows the names members use where GeoNames has another", () => {
    expect(searchPlaces("Den Haag", "NL")).toMatchObject({
      status: "found",
      place: { city: "Den Haag", region: "Zuid-Holland" },
    });
    expect(searchPlaces("den bosch", "NL")).toMatchObject({
      place: { city: "Den Bosch", region: "Noord-Brabant" },
    });
  });

  it("offers the places of an ambiguous name to choose from, and a region or the choice decides", () => {
    const ambiguous = searchPlaces("Hengelo", "NL");
    expect(ambiguous.status).toBe("choose");
    if (ambiguous.status !== "choose") return;
    expect(ambiguous.places.map((p) => p.region)).toEqual(["Overijssel", "Gelderland"]);
    expect(searchPlaces("Hengelo, Gelderland", "NL")).toMatchObject({ place: { region: "Gelderland" } });
    const chosen = searchPlaces("Hengelo", "NL", ambiguous.places[1]!.id);
    expect(chosen).toMatchObject({ status: "found", place: { region: "Gelderland" } });
    // A choice that is not one of the places of the name changes nothing.
    const utrecht = searchPlaces("Utrecht", "NL");
    const otherId = utrecht.status === "found" ? utrecht.place.id : "";
    expect(searchPlaces("Hengelo", "NL", otherId)).toMatchObject({ status: "choose" });
  });

  it("prefers the visitor's country, and looks further when it has no such place", () => {
    expect(searchPlaces("Bergen", "NL")).toMatchObject({ status: "found", place: { country: "NL" } });
    expect(searchPlaces("Bergen", "DE").status).toBe("choose");
    expect(searchPlaces("Antwerpen", "NL")).toMatchObject({ status: "found", place: { country: "BE" } });
  });

  it("says what it cannot look up: an unknown place, a postcode alone, a bad postcode", () => {
    expect(searchPlaces("Nergenshuizen", "NL")).toEqual({ status: "unknown" });
    expect(searchPlaces("3511 AB", "NL")).toEqual({ status: "postcode", postcode: "3511 AB" });
    expect(searchPlaces("0123 AB", "NL")).toEqual({ status: "badPostcode" });
    expect(searchPlaces("3511 AB Utrecht", "NL")).toMatchObject({
      status: "found",
      place: { city: "Utrecht" },
    });
    expect(searchPlaces("   ", "NL")).toEqual({ status: "empty" });
  });
});
