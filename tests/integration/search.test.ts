import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/middleware/session.server";
import { loggedOutSearchAllowed } from "~/domain/sites/visitor-access.server";
import { PAGE_SIZE, parseSearchParams, searchQuery, type SearchFilters } from "~/domain/search/filters";
import {
  ageRangeFor,
  bodyTypesFor,
  matchFinderQuery,
  parseMatchFinderParams,
} from "~/domain/search/match-finder";
import { readListingVersion } from "~/domain/search/listing-cache.server";
import { findMatches } from "~/domain/search/match-finder.server";
import { birthDateRange, isSearchCountry, searchMembers, searchRegions } from "~/domain/search/search.server";
import { searchViewer, type SearchViewer } from "~/domain/search/search-viewer.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import type { BodyType, Gender, UserStatus } from "~/generated/prisma/enums";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { rootMiddleware } from "~/middleware/root.server";
import { translatorFor } from "~/lib/translator.server";
import * as matchFinderRoute from "~/routes/match-finder";
import * as membersRoute from "~/routes/members";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { trackingCookie } from "../fixtures/run-route";
import { forgetCachedReads } from "../fixtures/caches";

let site: Site;
let deSiteId: number;
let seq = 0;

const TODAY = new Date();
/** A birth date that makes someone `age` today, `daysSinceBirthday` days after their birthday. */
function bornAt(age: number, daysSinceBirthday = 100): Date {
  const birthday = Date.UTC(TODAY.getUTCFullYear() - age, TODAY.getUTCMonth(), TODAY.getUTCDate());
  return new Date(birthday - daysSinceBirthday * 86_400_000);
}

interface MemberOptions {
  gender?: Gender;
  seekingGender?: Gender;
  age?: number;
  dateOfBirth?: Date;
  country?: string;
  region?: string | null;
  siteId?: number;
  status?: UserStatus;
  invisible?: boolean;
  disabled?: boolean;
  photo?: boolean;
  createdAt?: Date;
  bodyType?: BodyType;
}

/** A member with a profile (and, with `photo`, an approved public main photo). */
async function member(options: MemberOptions = {}) {
  const n = ++seq;
  const created = await createMember({
    siteId: options.siteId ?? site.id,
    userStatus: options.status ?? "confirmed",
    invisible: options.invisible ?? false,
    gender: options.gender ?? "female",
    seekingGender: options.seekingGender ?? "male",
    dateOfBirth: (options.dateOfBirth ?? bornAt(options.age ?? 30)).toISOString(),
    country: options.country ?? "NL",
    region: options.region === undefined ? "Utrecht" : options.region,
    city: "Ergens",
    profileStatus: options.disabled ? "disabled" : "active",
    createdAt: options.createdAt ?? new Date(Date.UTC(2025, 0, 1) + n * 60_000),
    photos: options.photo ? [{ status: "active", visibility: "public" }] : [],
  });
  // The fixture gives every member a body type and no deletion date: set them as this member has them.
  await db().user.update({
    where: { id: created.userId },
    data: {
      deletedAt: options.status === "deleted" ? new Date() : null,
      profile: { update: { bodyType: options.bodyType ?? null } },
    },
    select: { id: true },
  });
  return created;
}

const filters = (overrides: Partial<SearchFilters>): SearchFilters => ({
  gender: null,
  country: null,
  region: null,
  minAge: null,
  maxAge: null,
  ...overrides,
});

async function search(f: Partial<SearchFilters>, viewer: SearchViewer | null = null, page = 1) {
  return searchMembers({
    siteId: site.id,
    visibleFields: site.visibleProfileFields,
    viewer,
    listingVersion: viewer ? viewer.listingVersion : await readListingVersion(),
    filters: filters(f),
    page,
    withSimilar: true,
  });
}

const ids = (members: { id: number }[]) => members.map((m) => m.id);

// ---- running route loaders behind the real request middlewares ---------------------------------

type Handler = (args: never) => unknown;

async function runRoute(handler: Handler, request: Request) {
  const context = new RouterContextProvider();
  const args = { request, context, params: {}, unstable_pattern: "" } as unknown as Parameters<
    MiddlewareFunction<Response>
  >[0];
  let outcome: { value?: unknown; thrown?: unknown } = {};
  const chain = rootMiddleware;
  const call = async (index: number): Promise<Response> => {
    if (index === chain.length) {
      try {
        outcome = { value: await handler(args as never) };
      } catch (error) {
        outcome = { thrown: error };
      }
      return new Response(null);
    }
    return (await chain[index]!(args, () => call(index + 1))) as Response;
  };
  await call(0);
  return outcome;
}

function request(path: string, { cookie, page = false }: { cookie?: string; page?: boolean } = {}) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: "10.9.8.7" });
  if (cookie) headers.set("Cookie", cookie);
  // As a browser asks for a page: the session's statement then also reads the search's viewer.
  if (page) headers.set("Accept", "text/html");
  return new Request(`http://hartklop.nl${path}`, { headers });
}

async function cookieFor(userId: number) {
  return (await createSession(userId, request("/login"))).split(";")[0]!;
}

type MembersData = Awaited<ReturnType<typeof membersRoute.loader>>;
type MatchFinderData = Awaited<ReturnType<typeof matchFinderRoute.loader>>;

async function loadMembers(path: string, cookie?: string, { page = false } = {}) {
  const { value, thrown } = await runRoute(membersRoute.loader, request(path, { cookie, page }));
  if (thrown) throw thrown;
  return value as MembersData;
}

async function setLoggedOutSearch(
  loggedOutSearch: "none" | "all",
  loggedOutSearchTrafficsource: "none" | "all",
) {
  await db().site.update({
    where: { id: site.id },
    data: { loggedOutSearch, loggedOutSearchTrafficsource },
    select: { id: true },
  });
  forgetCachedReads();
}

beforeAll(async () => {
  const sites = await seedBaseData(db());
  deSiteId = sites.de;
  forgetCachedReads();
  site = await resolveSite("hartklop.nl");
});

afterAll(async () => {
  await stopJobs();
});

describe("filters", () => {
  const country = "AU";
  let m: Record<string, number>;

  beforeAll(async () => {
    const make = async (o: MemberOptions) => (await member({ country, region: "Victoria", ...o })).profileId;
    m = {
      woman30: await make({ age: 30 }),
      man30: await make({ gender: "male", seekingGender: "female", age: 30 }),
      womanNsw: await make({ age: 31, region: "New South Wales" }),
      // Exactly 25 today, turning 46 tomorrow, 46 since today: the edges of a 25-45 search.
      turned25Today: await make({ dateOfBirth: bornAt(25, 0) }),
      turns46Tomorrow: await make({ dateOfBirth: bornAt(46, -1) }),
      turned46Today: await make({ dateOfBirth: bornAt(46, 0) }),
      woman60: await make({ age: 60 }),
    };
  });

  it("filters by gender, country and region", async () => {
    expect(ids((await search({ gender: "male", country })).members)).toEqual([m.man30]);
    const women = ids((await search({ gender: "female", country })).members);
    expect(women).not.toContain(m.man30);
    expect(women).toHaveLength(6);
    expect(ids((await search({ gender: "female", country, region: "New South Wales" })).members)).toEqual([
      m.womanNsw,
    ]);
    expect((await search({ country })).numResults).toBe(7);
  });

  it("filters by age range, both ends included, and all ages", async () => {
    const found = ids((await search({ country, minAge: 25, maxAge: 45 })).members);
    expect(found).toEqual(
      expect.arrayContaining([m.woman30, m.man30, m.womanNsw, m.turned25Today, m.turns46Tomorrow]),
    );
    expect(found).not.toContain(m.turned46Today);
    expect(found).not.toContain(m.woman60);
    expect(ids((await search({ country, minAge: 46, maxAge: 99 })).members).sort()).toEqual(
      [m.turned46Today, m.woman60].sort(),
    );
    expect((await search({ country, minAge: null, maxAge: null })).numResults).toBe(7);
  });

  it("turns an age range into birth dates", () => {
    const today = new Date(Date.UTC(2026, 5, 15));
    expect(birthDateRange(25, 45, today)).toEqual({ earliest: "1980-06-16", latest: "2001-06-15" });
    expect(birthDateRange(null, null, today)).toEqual({ earliest: null, latest: null });
  });

  it("reads the filters leniently from the URL and writes them back", () => {
    const read = (query: string) => parseSearchParams(new URLSearchParams(query), isSearchCountry);
    expect(read("").given).toBe(false);
    expect(read("page=3")).toMatchObject({ given: false, page: 3 });
    expect(read("gender=female&country=nl&min_age=45&max_age=25")).toMatchObject({
      given: true,
      filters: { gender: "female", country: "NL", minAge: 25, maxAge: 45 },
    });
    expect(read("gender=alien&country=XX&min_age=5&max_age=300&page=-2")).toMatchObject({
      filters: { gender: null, country: null, minAge: 18, maxAge: 99 },
      page: 1,
    });
    expect(read("min_age=30&max_age=40&all_ages=1").filters).toMatchObject({ minAge: null, maxAge: null });
    // A range chosen in a form that showed "all ages" ticked wins over the box left ticked; the box
    // ticked after a search for a range means all ages; the full range with the box, all ages.
    const chosen = read("min_age=30&max_age=40&all_ages=1&ages_were=all").filters;
    expect(chosen).toMatchObject({ minAge: 30, maxAge: 40 });
    expect(read("min_age=30&max_age=40&all_ages=1&ages_were=range").filters).toMatchObject({
      minAge: null,
      maxAge: null,
    });
    expect(read("min_age=18&max_age=99&all_ages=1&ages_were=all").filters).toMatchObject({
      minAge: null,
      maxAge: null,
    });
    const f = filters({ gender: "female", country: "NL", region: "Utrecht", minAge: 25, maxAge: 45 });
    expect(searchQuery(f, 2)).toBe("gender=female&country=NL&region=Utrecht&min_age=25&max_age=45&page=2");
    expect(read(searchQuery(f, 2))).toEqual({ given: true, filters: f, page: 2 });
    expect(searchQuery(filters({}))).toBe("gender=&country=&all_ages=1");
  });
});

describe("region only together with a country", () => {
  it("ignores a region without a country, or one left over from another country", () => {
    const read = (query: string) => parseSearchParams(new URLSearchParams(query), isSearchCountry).filters;
    expect(read("region=Utrecht").region).toBeNull();
    expect(read("country=&region=Utrecht").region).toBeNull();
    expect(read("country=NL&region=Utrecht").region).toBe("Utrecht");
    expect(read("country=NL&region=Utrecht&region_of=NL").region).toBe("Utrecht");
    // Limburg exists in both NL and BE: after switching the country the old choice does not carry over.
    expect(read("country=BE&region=Limburg&region_of=NL").region).toBeNull();
  });

  it("offers the regions of the chosen country, including those members have", async () => {
    await member({ country: "FR", region: "Île-de-France" });
    await member({ country: "FR", region: "Région Inventée" });
    const regions = await searchRegions("FR", await readListingVersion());
    expect(regions).toContain("Île-de-France");
    expect(regions).toContain("Région Inventée");
    expect(await searchRegions("XX", await readListingVersion())).toEqual([]);
  });

  it("shows no region field without a country and drops a region that does not belong to it", async () => {
    const noCountry = await loadMembers("/members?gender=&country=&region=Utrecht&all_ages=1");
    expect(noCountry.filters.region).toBeNull();
    expect(noCountry.regions).toEqual([]);
    const withCountry = await loadMembers("/members?country=NL&region=Atlantis&all_ages=1");
    expect(withCountry.filters).toMatchObject({ country: "NL", region: null });
    expect(withCountry.regions).toContain("Utrecht");
  });
});

describe("paging", () => {
  const country = "CA";
  let expected: number[];

  beforeAll(async () => {
    const created: { profileId: number; photo: boolean; createdAt: number }[] = [];
    for (let i = 0; i < 60; i++) {
      const photo = i % 3 === 0;
      // Groups of four share one creation time, so the id has to break the ties.
      const createdAt = Date.UTC(2025, 5, 1) + Math.floor(i / 4) * 3_600_000;
      const { profileId } = await member({
        country,
        region: "Ontario",
        photo,
        createdAt: new Date(createdAt),
      });
      created.push({ profileId, photo, createdAt });
    }
    expected = created
      .sort(
        (a, b) => Number(b.photo) - Number(a.photo) || b.createdAt - a.createdAt || b.profileId - a.profileId,
      )
      .map((c) => c.profileId);
  });

  it("pages through all results in a stable order, 24 per page", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => search({ country }, null, page)));
    expect(pages.map((p) => p.members.length)).toEqual([PAGE_SIZE, PAGE_SIZE, 12]);
    expect(pages.every((p) => p.numResults === 60 && p.pageCount === 3 && !p.moreResults)).toBe(true);
    const all = pages.flatMap((p) => ids(p.members));
    expect(new Set(all).size).toBe(60);
    // Members with a main photo first, then the newest, then the highest id.
    expect(all).toEqual(expected);
    const again = await search({ country }, null, 2);
    expect(ids(again.members)).toEqual(ids(pages[1]!.members));
  });

  it("shows the last page for a page past the end", async () => {
    const result = await search({ country }, null, 9);
    expect(result.page).toBe(3);
    expect(ids(result.members)).toEqual(expected.slice(48));
  });

  it("only shows an approved public main photo on the card", async () => {
    const result = await search({ country }, null, 1);
    expect(result.members[0]!.mainPhotoId).not.toBeNull();
    expect(result.members.at(-1)!.mainPhotoId).toBeNull();
  });

  it("keeps the filters in the page links", async () => {
    const data = await loadMembers(`/members?country=${country}&gender=&all_ages=1&page=2`);
    expect(data.result.page).toBe(2);
    expect(searchQuery(data.filters, 3)).toBe(`gender=&country=${country}&all_ages=1&page=3`);
  });
});

describe("more than a thousand matches", () => {
  /** Counting stops here: the pages go on, the count says "more than". */
  const COUNT_LIMIT = 1000;
  const country = "US";
  const total = COUNT_LIMIT + 30;

  beforeAll(async () => {
    const emails = Array.from({ length: total }, (_, i) => `bulk-${i}@example.com`);
    await db().user.createMany({
      data: emails.map((email) => ({ siteId: site.id, email, status: "confirmed" })),
    });
    const users = await db().user.findMany({ where: { email: { in: emails } }, select: { id: true } });
    await db().profile.createMany({
      data: users.map((u, i) => ({
        userId: u.id,
        name: `Bulk${i}`,
        gender: "female" as const,
        seekingGender: "male" as const,
        dateOfBirth: bornAt(30 + (i % 20)),
        country,
        region: "Texas",
      })),
    });
  });

  const firstBulkUser = () =>
    db().user.findFirstOrThrow({ where: { email: "bulk-0@example.com" }, select: { id: true } });

  it("stops counting at 1,000 and keeps the pages going", async () => {
    const first = await search({ country });
    expect(first).toMatchObject({
      numResults: COUNT_LIMIT,
      moreResults: true,
      morePages: true,
      pageCount: 42,
    });
    const fortyThird = await search({ country }, null, 43);
    expect(fortyThird.members).toHaveLength(total - 42 * PAGE_SIZE);
    expect(fortyThird).toMatchObject({ page: 43, pageCount: 43, morePages: false });
    const beyond = await search({ country }, null, 60);
    expect(beyond).toMatchObject({ page: 43, numResults: total, moreResults: false, pageCount: 43 });
  });

  it("reads the listing further when a member pages past what was read for the first pages", async () => {
    const order = await db().profile.findMany({
      where: { country },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    // Page 1 reads the first five pages' listing; pages 6 and 12 lie beyond it.
    for (const page of [1, 5, 6, 12]) {
      const result = await search({ country }, null, page);
      const from = (page - 1) * PAGE_SIZE;
      expect(ids(result.members), `page ${page}`).toEqual(ids(order.slice(from, from + PAGE_SIZE)));
    }
  });

  it("says more than 1,000 to a viewer it leaves out, from the shared count", async () => {
    const viewer = await member({ country, region: "Texas", gender: "female", seekingGender: "female" });
    await db().block.create({
      data: { blockerId: viewer.userId, blockedId: (await firstBulkUser()).id },
      select: { id: true },
    });
    const result = await search({ gender: "female", country }, await searchViewer(viewer.userId));
    expect(result).toMatchObject({ numResults: COUNT_LIMIT, moreResults: true });
    expect(ids(result.members)).not.toContain(viewer.profileId);
    await db().user.delete({ where: { id: viewer.userId }, select: { id: true } });
  });

  it("stops counting similar results at 1,000 too", async () => {
    const few = await search({ gender: "female", country, region: "Nowhere" });
    expect(few.numResults).toBe(0);
    expect(few.similar).toMatchObject({ numResults: COUNT_LIMIT, moreResults: true });
    expect(translatorFor("nl")("search:results.similarCountMore", { count: COUNT_LIMIT })).toMatch(
      /^Meer dan 1\.000 vergelijkbare leden/,
    );
  });

  it("says so in nl, with thousands separators", () => {
    const nl = translatorFor("nl");
    expect(nl("search:results.countMore", { count: COUNT_LIMIT })).toBe("Meer dan 1.000 leden gevonden");
    expect(nl("search:results.count", { count: 1 })).toBe("1 lid gevonden");
    expect(nl("search:results.count", { count: 24 })).toBe("24 leden gevonden");
    // Other languages resolve the same keys (translations follow later).
    const de = translatorFor("de");
    expect(de("search:results.countMore", { count: COUNT_LIMIT })).not.toContain("search:");
  });
});

describe("default search and ordering", () => {
  const country = "IE";
  let viewer: { userId: number; profileId: number };
  let m: Record<string, number>;

  beforeAll(async () => {
    viewer = await member({ gender: "male", seekingGender: "female", country, region: "Dublin" });
    const make = async (o: MemberOptions) => (await member({ country, ...o })).profileId;
    m = {
      corkPhotoNewest: await make({ region: "Cork", photo: true, createdAt: new Date("2025-09-01") }),
      dublinNoPhoto: await make({ region: "Dublin", createdAt: new Date("2025-08-01") }),
      dublinPhotoOld: await make({ region: "Dublin", photo: true, createdAt: new Date("2024-01-01") }),
      galwayNoPhoto: await make({ region: "Galway", createdAt: new Date("2025-07-01") }),
      man: await make({ gender: "male", region: "Dublin", photo: true }),
    };
  });

  it("searches what the member seeks in their own country, own region first", async () => {
    const data = await loadMembers("/members", await cookieFor(viewer.userId));
    expect(data.filters).toEqual(filters({ gender: "female", country }));
    expect(ids(data.result.members)).toEqual([
      m.dublinPhotoOld,
      m.dublinNoPhoto,
      m.corkPhotoNewest,
      m.galwayNoPhoto,
    ]);
  });

  it("gives visitors the country they are in, any gender, newest with a photo first", async () => {
    const data = await loadMembers("/members");
    expect(data.filters).toEqual(filters({ country: "NL" }));
    const visitor = await search({ country });
    expect(ids(visitor.members)).toEqual([
      m.corkPhotoNewest,
      m.man,
      m.dublinPhotoOld,
      m.dublinNoPhoto,
      m.galwayNoPhoto,
      viewer.profileId,
    ]);
  });
});

describe("similar results", () => {
  const country = "NZ";
  let m: Record<string, number>;

  beforeAll(async () => {
    const make = async (o: MemberOptions) =>
      (await member({ country, region: "Wellington", ...o })).profileId;
    m = {
      match: await make({ age: 30 }),
      otherRegion: await make({ age: 32, region: "Auckland", photo: true }),
      tenYearsOlder: await make({ age: 45 }),
      tooOld: await make({ age: 50 }),
      man: await make({ gender: "male", seekingGender: "female", age: 30 }),
    };
    await member({ country: "GB", region: "Kent", age: 30 });
  });

  it("adds same gender and country, any region, age ±10, without those already shown", async () => {
    const result = await search({ gender: "female", country, region: "Wellington", minAge: 25, maxAge: 35 });
    expect(ids(result.members)).toEqual([m.match]);
    expect(result.numResults).toBe(1);
    expect(result.similar).not.toBeNull();
    // The chosen region still comes first among the similar members.
    expect(ids(result.similar!.members)).toEqual([m.tenYearsOlder, m.otherRegion]);
    expect(result.similar!.numResults).toBe(2);
  });

  it("widens the ages as far as 18 and 99, and keeps all ages", async () => {
    const make = async (age: number) => (await member({ country: "BE", region: "Antwerpen", age })).profileId;
    const youngestAndOldest = [await make(18), await make(99)];
    const widened = await search({ gender: "female", country: "BE", region: "Gent", minAge: 20, maxAge: 95 });
    expect(widened.numResults).toBe(0);
    expect(ids(widened.similar!.members).sort()).toEqual(youngestAndOldest.sort());
    const allAges = await search({ gender: "female", country: "BE", region: "Gent" });
    expect(ids(allAges.similar!.members).sort()).toEqual(youngestAndOldest.sort());
  });

  it("has none when the filters fill a page", async () => {
    const result = await search({ country: "CA" });
    expect(result.similar).toBeNull();
  });
});

describe("who never appears", () => {
  const country = "PL";
  let viewer: { userId: number; profileId: number };
  let m: Record<string, { userId: number; profileId: number }>;

  beforeAll(async () => {
    const make = (o: MemberOptions) => member({ country, region: "Mazowieckie", ...o });
    viewer = await make({ gender: "female", seekingGender: "female" });
    m = {
      visible: await make({}),
      invisible: await make({ invisible: true }),
      disabled: await make({ disabled: true }),
      unconfirmed: await make({ status: "not_confirmed" }),
      deleted: await make({ status: "deleted" }),
      blockedByViewer: await make({}),
      blockedViewer: await make({}),
      otherSite: await make({ siteId: deSiteId }),
    };
    await db().block.createMany({
      data: [
        { blockerId: viewer.userId, blockedId: m.blockedByViewer!.userId },
        { blockerId: m.blockedViewer!.userId, blockedId: viewer.userId },
      ],
    });
  });

  it("hides invisible, disabled, unconfirmed and deleted members, and members of other sites", async () => {
    const found = ids((await search({ country })).members);
    expect(found.sort()).toEqual(
      [
        viewer.profileId,
        m.visible!.profileId,
        m.blockedByViewer!.profileId,
        m.blockedViewer!.profileId,
      ].sort(),
    );
  });

  it("hides the viewer and members hidden by a block, in both directions, also from similar results", async () => {
    const me = await searchViewer(viewer.userId);
    const result = await search(
      { gender: "female", country, region: "Mazowieckie", minAge: 30, maxAge: 30 },
      me,
    );
    expect(ids(result.members)).toEqual([m.visible!.profileId]);
    expect(result.similar?.numResults ?? 0).toBe(0);
    const blockedSide = await searchViewer(m.blockedByViewer!.userId);
    expect(ids((await search({ country }, blockedSide)).members)).not.toContain(viewer.profileId);
  });

  it("hides them as well when the page reads its viewer with the session, as a document and as data", async () => {
    const cookie = await cookieFor(viewer.userId);
    const query = `?gender=female&country=${country}&region=Mazowieckie&min_age=30&max_age=30`;
    for (const path of [`/members${query}`, `/members.data${query}`]) {
      const data = await loadMembers(path, cookie, { page: true });
      expect(ids(data.result.members), path).toEqual([m.visible!.profileId]);
    }
    const blockedSide = await loadMembers(
      `/members?country=${country}&all_ages=1`,
      await cookieFor(m.blockedViewer!.userId),
      { page: true },
    );
    expect(ids(blockedSide.result.members)).not.toContain(viewer.profileId);
  });

  // The same search again and again: each one after a change must not come from the listing cache.
  it("follows later changes to the account: confirmed, invisible, deleted, moved to another site", async () => {
    const changing = await member({ country, region: "Mazowieckie", status: "not_confirmed" });
    const listed = async () => ids((await search({ country })).members).includes(changing.profileId);
    const change = (data: { status?: UserStatus; invisible?: boolean; siteId?: number }) =>
      db().user.update({ where: { id: changing.userId }, data, select: { id: true } });
    expect(await listed()).toBe(false);
    await change({ status: "confirmed" });
    expect(await listed()).toBe(true);
    await change({ invisible: true });
    expect(await listed()).toBe(false);
    await change({ invisible: false });
    expect(await listed()).toBe(true);
    await change({ siteId: deSiteId });
    expect(await listed()).toBe(false);
    await change({ siteId: site.id });
    expect(await listed()).toBe(true);
    // A statement that writes the derived column itself does not list anyone.
    await change({ status: "deleted" });
    await db().$executeRaw`UPDATE "Profile" SET "listedSiteId" = ${site.id} WHERE id = ${changing.profileId}`;
    expect(await listed()).toBe(false);
    await db().user.delete({ where: { id: changing.userId } });
  });

  it("counts the same for every viewer the search cannot find, and leaves out one it can find", async () => {
    const country = "NZ";
    const region = "Otago (count test)";
    const make = (o: MemberOptions) => member({ country, region, ...o });
    const women = [await make({}), await make({}), await make({})];
    const man = await searchViewer((await make({ gender: "male", seekingGender: "female" })).userId);
    const woman = await searchViewer((await make({ gender: "female", seekingGender: "female" })).userId);
    const count = async (viewer: SearchViewer | null) =>
      (await search({ gender: "female", country, region }, viewer)).numResults;
    expect(await count(man)).toBe(4);
    expect(await count(man)).toBe(4);
    expect(await count(null)).toBe(4);
    expect(await count(woman)).toBe(3);
    await db().block.create({
      data: { blockerId: woman.userId, blockedId: women[0]!.userId },
      select: { id: true },
    });
    expect(await count(await searchViewer(woman.userId))).toBe(2);
    expect(await count(await searchViewer(man.userId))).toBe(4);
  });

  // More matches than the listing's first read and fewer than 1,000: the count cannot come from the
  // shared count nor from the listing, so it is the viewer's own.
  it("counts the viewer's own matches between the listing's first read and 1,000", async () => {
    const country = "IE";
    const region = "Munster (count test)";
    const emails = Array.from({ length: 130 }, (_, i) => `ie-${i}@example.com`);
    await db().user.createMany({
      data: emails.map((email) => ({ siteId: site.id, email, status: "confirmed" })),
    });
    const users = await db().user.findMany({ where: { email: { in: emails } }, select: { id: true } });
    await db().profile.createMany({
      data: users.map((u, i) => ({
        userId: u.id,
        name: `Ier${i}`,
        gender: "female" as const,
        seekingGender: "male" as const,
        dateOfBirth: bornAt(30),
        country,
        region,
      })),
    });
    const woman = await member({ country, region, gender: "female", seekingGender: "female" });
    const man = await member({ country, region, gender: "male", seekingGender: "female" });
    const count = async (userId: number) =>
      (await search({ gender: "female", country, region }, await searchViewer(userId))).numResults;
    expect(await count(man.userId)).toBe(131);
    expect(await count(woman.userId)).toBe(130);
    await db().block.create({
      data: { blockerId: woman.userId, blockedId: users[0]!.id },
      select: { id: true },
    });
    expect(await count(woman.userId)).toBe(129);
    expect(await count(man.userId)).toBe(131);
    // A block of someone the search does not find changes nothing for the blocker.
    await db().block.create({
      data: { blockerId: woman.userId, blockedId: man.userId },
      select: { id: true },
    });
    expect(await count(woman.userId)).toBe(129);
    expect(await count(man.userId)).toBe(130);
  });

  it("hides them in the match finder too", async () => {
    const me = await searchViewer(viewer.userId);
    const found = await findMatches({
      siteId: site.id,
      visibleFields: site.visibleProfileFields,
      viewer: me,
      options: { age: "18-35", appearance: null, race: null },
      visitor: { country: "NL", siteCountries: site.countries, selectedCountry: "NL" },
    });
    expect(ids(found.members)).toEqual([m.visible!.profileId]);
  });
});

describe("logged-out search", () => {
  afterAll(async () => {
    await setLoggedOutSearch("all", "all");
  });

  it("follows logged_out_search, or logged_out_search_trafficsource with a traffic source", () => {
    expect(
      loggedOutSearchAllowed({ loggedOutSearch: "all", loggedOutSearchTrafficsource: "none" }, false),
    ).toBe(true);
    expect(
      loggedOutSearchAllowed({ loggedOutSearch: "all", loggedOutSearchTrafficsource: "none" }, true),
    ).toBe(false);
    expect(
      loggedOutSearchAllowed({ loggedOutSearch: "none", loggedOutSearchTrafficsource: "all" }, false),
    ).toBe(false);
    expect(
      loggedOutSearchAllowed({ loggedOutSearch: "none", loggedOutSearchTrafficsource: "all" }, true),
    ).toBe(true);
  });

  it("sends visitors to the login page when logged_out_search is none, and back afterwards", async () => {
    await setLoggedOutSearch("none", "all");
    const { thrown } = await runRoute(membersRoute.loader, request("/members?country=NL&gender=female"));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/members?country=NL&gender=female")}`,
    );
    const finder = await runRoute(matchFinderRoute.loader, request("/match-finder?age=35%2B"));
    expect((finder.thrown as Response).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/match-finder?age=35%2B")}`,
    );
    // With a traffic source (in the URL or remembered in the cookie) the other setting applies.
    expect((await runRoute(membersRoute.loader, request("/members?network=ads"))).thrown).toBeUndefined();
    const remembered = await runRoute(
      membersRoute.loader,
      request("/members", { cookie: await trackingCookie("ref=x") }),
    );
    expect(remembered.thrown).toBeUndefined();
  });

  it("refuses visitors with a traffic source when logged_out_search_trafficsource is none", async () => {
    await setLoggedOutSearch("all", "none");
    expect((await runRoute(membersRoute.loader, request("/members"))).thrown).toBeUndefined();
    const { thrown } = await runRoute(membersRoute.loader, request("/members?network=ads"));
    expect((thrown as Response).status).toBe(302);
  });

  it("always lets members search", async () => {
    await setLoggedOutSearch("none", "none");
    const { userId } = await member({ country: "ES" });
    const data = await loadMembers("/members", await cookieFor(userId));
    expect(data.filters.country).toBe("ES");
  });
});

describe("match finder", () => {
  const country = "IT";
  let viewer: SearchViewer;
  let m: Record<string, number>;

  beforeAll(async () => {
    const me = await member({ gender: "male", seekingGender: "female", country, region: "Lazio" });
    viewer = await searchViewer(me.userId);
    const make = async (o: MemberOptions) => (await member({ country, region: "Toscana", ...o })).profileId;
    m = {
      slim25: await make({ age: 25, bodyType: "slim" }),
      normal30: await make({ age: 30, bodyType: "normal" }),
      fat40: await make({ age: 40, bodyType: "fat" }),
      slim50: await make({ age: 50, bodyType: "slim" }),
      unknown33: await make({ age: 33 }),
      man30: await make({ gender: "male", age: 30, bodyType: "slim" }),
    };
  });

  it("maps age to an age range and appearance to body types", () => {
    expect(ageRangeFor("18-35")).toEqual({ minAge: 18, maxAge: 35 });
    expect(ageRangeFor("35+")).toEqual({ minAge: 35, maxAge: 99 });
    expect(ageRangeFor(null)).toEqual({ minAge: null, maxAge: null });
    expect(bodyTypesFor("sexy")).toEqual(["slim"]);
    expect(bodyTypesFor("normal")).toEqual(["normal", "fat"]);
    expect(bodyTypesFor(null)).toBeUndefined();
  });

  it("reads the options from the URL", () => {
    const read = (q: string) => parseMatchFinderParams(new URLSearchParams(q));
    expect(read("")).toMatchObject({ submitted: false });
    expect(read("age=35%2B&appearance=sexy&race=other")).toMatchObject({
      submitted: true,
      options: { age: "35+", appearance: "sexy", race: "other" },
    });
    expect(read("age=12&appearance=ugly&race=x").options).toEqual({
      age: null,
      appearance: null,
      race: null,
    });
    expect(matchFinderQuery({ age: "35+", appearance: "normal", race: null }, 2)).toBe(
      "find=1&age=35%2B&appearance=normal&page=2",
    );
    // Each page's link keeps the search, also page 1 with no option chosen.
    const none = { age: null, appearance: null, race: null };
    for (const page of [1, 2]) {
      expect(read(matchFinderQuery(none, page))).toEqual({ submitted: true, options: none, page });
    }
  });

  const find = (options: Parameters<typeof findMatches>[0]["options"]) =>
    findMatches({
      siteId: site.id,
      visibleFields: site.visibleProfileFields,
      viewer,
      options,
      visitor: { country: "NL", siteCountries: site.countries, selectedCountry: "NL" },
    }).then((r) => ids(r.members).sort());

  it("finds the members the options stand for, of the gender sought in the own country", async () => {
    expect(await find({ age: "18-35", appearance: "sexy", race: null })).toEqual([m.slim25]);
    expect(await find({ age: "18-35", appearance: "normal", race: null })).toEqual([m.normal30]);
    expect(await find({ age: "35+", appearance: "normal", race: null })).toEqual([m.fat40]);
    expect(await find({ age: "35+", appearance: "sexy", race: null })).toEqual([m.slim50]);
    expect(await find({ age: "18-35", appearance: null, race: null })).toEqual(
      [m.slim25, m.normal30, m.unknown33].sort(),
    );
  });

  it("never filters by race: ethnicity is not recorded", async () => {
    const white = await find({ age: "18-35", appearance: "sexy", race: "white" });
    const other = await find({ age: "18-35", appearance: "sexy", race: "other" });
    expect(white).toEqual(other);
    expect(white).toEqual([m.slim25]);
  });

  it("lists matches only after the form was sent", async () => {
    const cookie = await cookieFor(viewer.userId);
    const before = await runRoute(matchFinderRoute.loader, request("/match-finder", { cookie }));
    expect((before.value as MatchFinderData).matches).toBeNull();
    const after = await runRoute(
      matchFinderRoute.loader,
      request("/match-finder?age=35%2B&appearance=sexy&race=white", { cookie }),
    );
    expect(ids((after.value as MatchFinderData).matches!.members)).toEqual([m.slim50]);
    // Sent without a choice (only the button's name): everyone of the gender sought.
    const any = await runRoute(matchFinderRoute.loader, request("/match-finder?find=1", { cookie }));
    expect(ids((any.value as MatchFinderData).matches!.members).sort()).toEqual(
      await find({ age: null, appearance: null, race: null }),
    );
  });

  it("keeps the search on every page link, also back to page 1 without a choice", async () => {
    const cookie = await cookieFor(viewer.userId);
    const sent = await runRoute(matchFinderRoute.loader, request("/match-finder?find=1&page=2", { cookie }));
    const data = sent.value as MatchFinderData;
    expect(data.matches).not.toBeNull();
    // The few members here fit on one page: render it as page 2 of 2, so the pager shows.
    const { html } = renderRoute({
      Component: matchFinderRoute.default,
      path: "/match-finder",
      url: "/match-finder?find=1&page=2",
      loaderData: { ...data, matches: { ...data.matches!, page: 2, pageCount: 2 } },
    });
    const pageLinks = [...html.matchAll(/<a[^>]*class="page-link"[^>]*href="([^"]+)"/g)].map((link) =>
      link[1]!.replace(/&amp;/g, "&"),
    );
    expect(pageLinks).toEqual(["/match-finder?find=1", "/match-finder?find=1"]); // Previous and "1"
    const back = await runRoute(matchFinderRoute.loader, request(pageLinks[0]!, { cookie }));
    expect(ids((back.value as MatchFinderData).matches!.members).sort()).toEqual(
      await find({ age: null, appearance: null, race: null }),
    );
  });
});
