import { parseWithZod } from "@conform-to/zod/v4";
import { beforeAll, describe, expect, it } from "vitest";
import { reverseGeocode } from "~/domain/profiles/geocoder.server";
import { INTEREST_CODES } from "~/domain/core/interests";
import { ABOUT_ME_MAX, CITY_MAX, PROFILE_FIELD_VALUES } from "~/domain/profiles/profile-edit-fields";
import {
  aboutSchema,
  fieldsSchema,
  interestsSchema,
  locationSchema,
} from "~/domain/profiles/profile-edit-schemas";
import {
  loadOwnProfile,
  saveAboutMe,
  saveInterests,
  saveLivingArea,
  saveProfileFields,
} from "~/domain/profiles/profile-edit.server";
import { REGION_TABLE, type RegionEntry } from "~/domain/core/region-table";
import { isRegionOf, regionLabelInSentence, regionsOf } from "~/domain/core/regions";
import { PROFILE_COUNTRIES, regionLabelKey } from "~/domain/core/countries";
import { db } from "~/lib/db.server";
import { translatorFor } from "~/lib/translator.server";
import { loader as geocodeLoader } from "~/routes/api.geocode";
import * as membersRoute from "~/routes/members";
import * as profileRoute from "~/routes/profile";
import { PLACES } from "../../prisma/seed/places";
import { seedBaseData } from "../../prisma/seed/base-data";
import nlProfile from "../../locales/nl/profile.json";
import { errorsOf } from "../fixtures/form-errors";
import { createMember } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";

const nl = translatorFor("nl");
const de = translatorFor("de");
const translators = { nl, de };

let siteId: number;

beforeAll(async () => {
  const ids = await seedBaseData(db());
  siteId = ids.nl;
});

function form(entries: [string, string][]) {
  const formData = new FormData();
  for (const [k, v] of entries) formData.append(k, v);
  return formData;
}

describe("region lists", () => {
  it("has real regions for each of the 15 countries, with a label per country", () => {
    expect(PROFILE_COUNTRIES).toHaveLength(15);
    for (const country of PROFILE_COUNTRIES) {
      expect(regionsOf(country).length, country).toBeGreaterThan(2);
      expect(nlProfile.regionLabels).toHaveProperty(country);
      expect(regionLabelKey(country)).toBe(`profile:regionLabels.${country}`);
      expect(new Set(regionsOf(country)).size).toBe(regionsOf(country).length);
    }
    expect(regionsOf("NL")).toHaveLength(12);
    expect(regionsOf("DE")).toHaveLength(16);
    expect(regionsOf("AT")).toHaveLength(9);
    expect(regionsOf("CH")).toHaveLength(26);
    expect(regionsOf("PL")).toHaveLength(16);
    expect(regionsOf("US")).toContain("California");
    expect(regionsOf("XX")).toEqual([]);
    expect(regionLabelKey("XX")).toBe("profile:regionLabels.default");
    expect(nl(regionLabelKey("DE"))).toBe("Bundesland");
  });

  it("knows every region the demo members live in", () => {
    for (const place of PLACES) {
      for (const region of Object.keys(place.regions)) {
        expect(isRegionOf(place.country, region), `${place.country} ${region}`).toBe(true);
      }
    }
  });

  it("keeps a region to its own country", () => {
    expect(isRegionOf("NL", "Noord-Holland")).toBe(true);
    expect(isRegionOf("BE", "Noord-Holland")).toBe(false);
    expect(isRegionOf("BE", "Limburg")).toBe(true);
    expect(isRegionOf("XX", "Limburg")).toBe(false);
  });

  it("gives every region a way to be found by the geocoder", () => {
    for (const entries of Object.values(REGION_TABLE) as RegionEntry[][]) {
      for (const entry of entries) expect(Boolean(entry.codes?.length || entry.seat), entry.name).toBe(true);
    }
  });
});

describe.each(["nl", "de"] as const)("profile form rules (%s)", (language) => {
  const t = translators[language];

  it("about me: at most 2000 characters", () => {
    const ok = parseWithZod(
      form([
        ["intent", "about"],
        ["aboutMe", "a".repeat(ABOUT_ME_MAX)],
      ]),
      {
        schema: aboutSchema(t),
      },
    );
    expect(ok.status).toBe("success");
    const empty = parseWithZod(form([["intent", "about"]]), { schema: aboutSchema(t) });
    expect(empty.status === "success" && empty.value.aboutMe).toBe("");
    const tooLong = parseWithZod(
      form([
        ["intent", "about"],
        ["aboutMe", "a".repeat(ABOUT_ME_MAX + 1)],
      ]),
      {
        schema: aboutSchema(t),
      },
    );
    expect(errorsOf(tooLong.reply()).aboutMe).toEqual([
      t("profileEdit:validation.aboutMeTooLong", { max: ABOUT_ME_MAX }),
    ]);
  });

  it("living area: a known country, a region of that country, a city", () => {
    const parse = (entries: [string, string][]) =>
      parseWithZod(form([["intent", "location"], ...entries]), { schema: locationSchema(t) });
    const ok = parse([
      ["country", "NL"],
      ["region", "Noord-Holland"],
      ["city", " Haarlem "],
    ]);
    expect(ok.status === "success" && ok.value).toEqual({
      country: "NL",
      region: "Noord-Holland",
      city: "Haarlem",
      latitude: null,
      longitude: null,
    });
    const withCoordinates = parse([
      ["country", "NL"],
      ["region", "Noord-Holland"],
      ["city", "Amsterdam"],
      ["latitude", "52.37"],
      ["longitude", "4.89"],
    ]);
    expect(withCoordinates.status === "success" && withCoordinates.value.latitude).toBe(52.37);

    expect(
      errorsOf(
        parse([
          ["region", "Utrecht"],
          ["city", "Utrecht"],
        ]).reply(),
      ).country,
    ).toEqual([t("profileEdit:validation.countryRequired")]);
    expect(
      errorsOf(
        parse([
          ["country", "XX"],
          ["region", "Utrecht"],
          ["city", "Utrecht"],
        ]).reply(),
      ).country,
    ).toEqual([t("profileEdit:validation.countryInvalid")]);
    const label = regionLabelInSentence(t, "BE");
    expect(
      errorsOf(
        parse([
          ["country", "BE"],
          ["region", "Noord-Holland"],
          ["city", "Gent"],
        ]).reply(),
      ).region,
    ).toEqual([t("profileEdit:validation.regionInvalid", { label })]);
    expect(
      errorsOf(
        parse([
          ["country", "DE"],
          ["city", "Berlin"],
        ]).reply(),
      ).region,
    ).toEqual([t("profileEdit:validation.regionRequired", { label: regionLabelInSentence(t, "DE") })]);
    expect(
      errorsOf(
        parse([
          ["country", "NL"],
          ["region", "Utrecht"],
        ]).reply(),
      ).city,
    ).toEqual([t("profileEdit:validation.cityRequired")]);
    expect(
      errorsOf(
        parse([
          ["country", "NL"],
          ["region", "Utrecht"],
          ["city", "x".repeat(CITY_MAX + 1)],
        ]).reply(),
      ).city,
    ).toEqual([t("profileEdit:validation.cityTooLong", { max: CITY_MAX })]);
    expect(
      parse([
        ["country", "NL"],
        ["region", "Utrecht"],
        ["city", "x".repeat(CITY_MAX)],
      ]).status,
    ).toBe("success");
  });

  it("profile fields: only the values of their value sets", () => {
    const parse = (entries: [string, string][]) =>
      parseWithZod(form([["intent", "fields"], ...entries]), { schema: fieldsSchema(t) });
    const ok = parse([
      ["sexuality", "bi"],
      ["relationshipStatus", "living_together"],
      ["hairColor", "dark_blond"],
      ["eyeColor", "hazel"],
      ["bodyType", "slim"],
      ["tattoos", "some"],
      ["reason", "dating"],
    ]);
    expect(ok.status === "success" && ok.value).toMatchObject({ sexuality: "bi", hairColor: "dark_blond" });
    const cleared = parse([["sexuality", "hetero"]]);
    expect(cleared.status === "success" && cleared.value).toMatchObject({ hairColor: null, reason: null });
    const message = t("profileEdit:validation.valueInvalid");
    for (const name of Object.keys(PROFILE_FIELD_VALUES)) {
      const entries: [string, string][] = [["sexuality", "hetero"]];
      if (name === "sexuality") entries[0] = ["sexuality", "robot"];
      else entries.push([name, "purple"]);
      expect(errorsOf(parse(entries).reply())[name], name).toEqual([message]);
    }
    expect(errorsOf(parse([]).reply()).sexuality).toEqual([message]);
  });

  it("interests: only known codes, no duplicates", () => {
    const parse = (codes: string[]) =>
      parseWithZod(form([["intent", "interests"], ...codes.map((c): [string, string] => ["interests", c])]), {
        schema: interestsSchema(t),
      });
    const ok = parse(["music", "wine", "music"]);
    expect(ok.status === "success" && ok.value.interests).toEqual(["music", "wine"]);
    const one = parse(["tea"]);
    expect(one.status === "success" && one.value.interests).toEqual(["tea"]);
    const none = parse([]);
    expect(none.status === "success" && none.value.interests).toEqual([]);
    const bad = parse(["music", "skydiving"]);
    expect(bad.status).toBe("error");
    expect(Object.values(errorsOf(bad.reply())).flat()).toEqual([
      t("profileEdit:validation.interestInvalid"),
    ]);
  });
});

describe("messages", () => {
  it("are in Dutch for nl, and resolve through their keys for another language", () => {
    expect(nl("profileEdit:validation.aboutMeTooLong", { max: 2000 })).toBe(
      "Over mij mag maximaal 2000 tekens lang zijn.",
    );
    expect(nl("profileEdit:validation.regionInvalid", { label: "provincie" })).toBe(
      "Deze provincie hoort niet bij het gekozen land.",
    );
    for (const key of ["aboutMeTooLong", "countryInvalid", "regionInvalid", "cityTooLong", "valueInvalid"]) {
      expect(de(`profileEdit:validation.${key}`)).not.toBe(`validation.${key}`);
    }
  });
});

describe("saving a profile", () => {
  it("saves about me, living area, fields and interests, and loads them for the owner", async () => {
    const { userId } = await createMember({ siteId, name: "Profieltest", city: "Utrecht" });
    await saveAboutMe(userId, "Hallo!");
    await saveLivingArea(userId, {
      country: "BE",
      region: "Antwerpen",
      city: "Mechelen",
      latitude: 51.03,
      longitude: 4.48,
    });
    await saveProfileFields(userId, {
      sexuality: "gay",
      relationshipStatus: "single",
      hairColor: "red",
      eyeColor: null,
      bodyType: "normal",
      tattoos: "none",
      reason: "chat",
    });
    await saveInterests(userId, ["wine", "music"]);
    const profile = await loadOwnProfile(userId);
    expect(profile).toMatchObject({
      aboutMe: "Hallo!",
      country: "BE",
      region: "Antwerpen",
      city: "Mechelen",
      sexuality: "gay",
      relationshipStatus: "single",
      hairColor: "red",
      eyeColor: null,
      reason: "chat",
      dateOfBirth: "1990-05-05",
    });
    expect(profile.age).toBeGreaterThanOrEqual(35);
    // In the order of the interest list, not the order given.
    expect(profile.interests).toEqual(INTEREST_CODES.filter((c) => c === "wine" || c === "music"));
    const stored = await db().profile.findUniqueOrThrow({
      where: { userId },
      select: { latitude: true, longitude: true },
    });
    expect(stored).toEqual({ latitude: 51.03, longitude: 4.48 });

    await saveInterests(userId, ["tea"]);
    expect((await loadOwnProfile(userId)).interests).toEqual(["tea"]);
    await saveInterests(userId, []);
    expect((await loadOwnProfile(userId)).interests).toEqual([]);
  });
});

describe("gender and whom the member seeks", () => {
  const post = async (userId: number, form: Record<string, string>) =>
    runRoute<{ intent: string; result: { error: Record<string, string[]> } }>(
      await siteRequest("/profile", userId, { form: { intent: "gender", ...form } }),
      profileRoute.action as never,
    );
  const stored = (userId: number) =>
    db().profile.findUniqueOrThrow({
      where: { userId },
      select: { gender: true, seekingGender: true, sexuality: true },
    });

  it("are saved from /profile, a fitting sexuality follows, and the search seeks the new gender", async () => {
    const { userId } = await createMember({ siteId, gender: "female", seekingGender: "male" });
    await db().profile.update({ where: { userId }, data: { sexuality: "hetero" } });

    const saved = await post(userId, { gender: "female", seekingGender: "female" });
    expect(saved).toMatchObject({ status: 302, location: "/profile?saved=gender#gender" });
    expect(await stored(userId)).toEqual({ gender: "female", seekingGender: "female", sexuality: "lesbian" });
    const page = await runRoute<{ filters: { gender: string } }>(
      await siteRequest("/members", userId),
      membersRoute.loader as never,
    );
    expect(page.body?.filters.gender).toBe("female");
    expect(
      (
        await runRoute<{ profile: unknown }>(
          await siteRequest("/profile", userId),
          profileRoute.loader as never,
        )
      ).body?.profile,
    ).toMatchObject({ gender: "female", seekingGender: "female" });

    await db().profile.update({ where: { userId }, data: { sexuality: "bi" } });
    await post(userId, { gender: "male", seekingGender: "female" });
    expect(await stored(userId)).toEqual({ gender: "male", seekingGender: "female", sexuality: "bi" });
  });

  it("refuses a value outside the list with a message in the member's language, and keeps the old ones", async () => {
    const { userId } = await createMember({ siteId, gender: "male", seekingGender: "female" });
    const refused = await post(userId, { gender: "other", seekingGender: "female" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ intent: "gender" });
    expect(refused.body?.result.error.gender).toEqual(["Kies een waarde uit de lijst."]);
    const missing = await post(userId, { gender: "male" });
    expect(missing.body?.result.error.seekingGender).toEqual(["Kies een waarde uit de lijst."]);
    expect(await stored(userId)).toMatchObject({ gender: "male", seekingGender: "female" });
  });
});

describe("reverse geocoder", () => {
  it("finds the nearest city with its region", () => {
    expect(reverseGeocode(52.37, 4.89)).toEqual({
      country: "NL",
      region: "Noord-Holland",
      city: "Amsterdam",
    });
    expect(reverseGeocode(52.52, 13.4)).toEqual({ country: "DE", region: "Berlin", city: "Berlin" });
    expect(reverseGeocode(51.5, -0.12)).toMatchObject({ country: "GB", region: "Greater London" });
    expect(reverseGeocode(55.95, -3.19)).toMatchObject({ country: "GB", region: "Scotland" });
    expect(reverseGeocode(53.35, -6.26)).toMatchObject({ country: "IE", region: "Dublin" });
    expect(reverseGeocode(51.22, 4.4)).toMatchObject({ country: "BE", region: "Antwerpen" });
    expect(reverseGeocode(50.63, 5.57)).toMatchObject({ country: "BE", region: "Luik" });
  });

  it("returns every region it finds from the region lists", () => {
    const points: [number, number][] = [
      [48.14, 11.58],
      [45.46, 9.19],
      [48.86, 2.35],
      [47.37, 8.54],
      [40.42, -3.7],
      [34.05, -118.24],
      [43.65, -79.38],
      [-33.87, 151.21],
      [-36.85, 174.76],
      [50.06, 19.94],
      [48.21, 16.37],
    ];
    for (const [lat, lon] of points) {
      const place = reverseGeocode(lat, lon);
      expect(place, `${lat},${lon}`).not.toBeNull();
      expect(isRegionOf(place!.country, place!.region!), `${lat},${lon} ${place?.region}`).toBe(true);
    }
  });

  it("finds nothing in the middle of the ocean or outside the 15 countries, or for bad input", () => {
    expect(reverseGeocode(40, -30)).toBeNull();
    expect(reverseGeocode(0, 0)).toBeNull();
    expect(reverseGeocode(35.68, 139.69)).toBeNull(); // Tokyo
    expect(reverseGeocode(91, 0)).toBeNull();
    expect(reverseGeocode(Number.NaN, 4)).toBeNull();
  });
});

describe("GET /api/geocode.php", () => {
  async function call(query: string, ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`) {
    const request = new Request(`https://hartklop.test/api/geocode.php${query}`, {
      headers: { "X-Client-Ip": ip },
    });
    const result = (await geocodeLoader({ request, params: {}, context: {} } as never)) as {
      data: unknown;
      init: ResponseInit | null;
    };
    return { body: result.data, status: result.init?.status ?? 200 };
  }

  it("answers the place as JSON, or false", async () => {
    expect(await call("?lat=52.37&lon=4.89")).toEqual({
      status: 200,
      body: { country: "NL", region: "Noord-Holland", city: "Amsterdam" },
    });
    expect(await call("?lat=40&lon=-30")).toEqual({ status: 200, body: false });
    expect(await call("?lat=abc&lon=4.89")).toEqual({ status: 200, body: false });
    expect(await call("?lat=52.37")).toEqual({ status: 200, body: false });
    expect(await call("?lat=200&lon=4")).toEqual({ status: 200, body: false });
  });

  it("limits each address to 60 look-ups a minute", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 60; i += 1) expect((await call("?lat=52.52&lon=13.4", ip)).status).toBe(200);
    expect(await call("?lat=52.52&lon=13.4", ip)).toEqual({ status: 429, body: false });
    expect((await call("?lat=52.52&lon=13.4", "198.51.100.8")).status).toBe(200);
  });
});
