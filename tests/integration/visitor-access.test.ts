// Gating of visitors (docs/product.md, Members and roles): the `signups` and logged-out search
// settings with and without a traffic source on every gated route, the partner resell offer, and the
// cam feed.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { accessFor } from "~/domain/sites/visitor-access.server";
import { visitorAccess } from "~/middleware/visitor-access.server";
import { block } from "~/domain/profiles/blocks.server";
import { camTeasers } from "~/domain/landers/cam-feed.server";
import { resellOffer } from "~/domain/landers/resell.server";
import { resolveSite } from "~/domain/sites/site.server";
import type { Prisma } from "~/generated/prisma/client";
import type { LoggedOutSearch, SignupPolicy } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import * as home from "~/routes/home";
import * as login from "~/routes/login";
import * as matchFinder from "~/routes/match-finder";
import * as members from "~/routes/members";
import * as profile from "~/routes/members.$id";
import * as signup from "~/routes/signup";
import * as swipe from "~/routes/swipe-game";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, type Member } from "../fixtures/members";
import { runRoute, siteRequest, trackingCookie } from "../fixtures/run-route";
import { logger } from "~/lib/logger.server";
import { forgetCachedReads } from "../fixtures/caches";

let siteId: number;

beforeAll(async () => {
  siteId = (await seedBaseData(db())).nl;
});

afterAll(async () => {
  await stopJobs();
});

async function setSite(data: Prisma.SiteUncheckedUpdateInput) {
  await db().site.update({ where: { id: siteId }, data });
  forgetCachedReads();
}

type Handler = (args: never, next: never) => unknown;

/** GET `path` as a visitor (or member) with the given tracking: "url" adds ?network=…, "cookie" remembers a ref. */
async function get(
  path: string,
  handler: Handler | Handler[],
  {
    source,
    member,
    params = {},
  }: { source?: "url" | "cookie"; member?: Member; params?: Record<string, string> } = {},
) {
  const url = source === "url" ? `${path}${path.includes("?") ? "&" : "?"}network=adnet&sub1=s1` : path;
  const headers: Record<string, string> =
    source === "cookie" ? { Cookie: await trackingCookie("ref=partner7") } : {};
  return runRoute(await siteRequest(url, member?.userId ?? null, { headers }), handler, params);
}

const SOURCES = [undefined, "url", "cookie"] as const;

describe("signups setting", () => {
  const cases: [SignupPolicy, boolean, boolean][] = [
    ["all", false, true],
    ["all", true, true],
    ["with_trafficsource", false, false],
    ["with_trafficsource", true, true],
    ["invite_only", false, false],
    ["invite_only", true, false],
  ];

  it.each(cases)("%s with traffic source %s: may sign up %s", async (signups, withSource, expected) => {
    await setSite({ signups, memberResell: false });
    const site = await resolveSite("hartklop.nl");
    expect(accessFor(site, withSource ? { network: "adnet" } : { sub1: "x" }).maySignUp).toBe(expected);
    for (const source of withSource ? (["url", "cookie"] as const) : [undefined]) {
      const label = `${signups} ${source}`;
      const homePage = await get("/", home.loader as never, { source });
      expect(homePage.body!.signupOpen, label).toBe(expected);
      expect(homePage.body!.resell, label).toBeNull();
      const signupPage = await get("/signup", signup.loader as never, { source });
      expect((signupPage.body!.settings as { open: boolean }).open, label).toBe(expected);
      const loginPage = await get("/login", login.loader as never, { source });
      expect(loginPage.body!.signupOpen, label).toBe(expected);
      // The signup post itself: refused with 403 when closed; an empty form is a 400 when open.
      const headers: Record<string, string> =
        source === "cookie" ? { Cookie: await trackingCookie("ref=partner7") } : {};
      const posted = await runRoute(
        await siteRequest(source === "url" ? "/signup?network=adnet" : "/signup", null, {
          form: { email: "" },
          headers,
        }),
        signup.action as never,
      );
      expect(posted.status, label).toBe(expected ? 400 : 403);
    }
  });

  it("never offers signup to members on the home page", async () => {
    await setSite({ signups: "all" });
    const member = await createMember();
    const page = await get("/", home.loader as never, { member });
    expect(page.body!.signupOpen).toBe(false);
    expect(page.body!.resell).toBeNull();
  });

  it("leaves the member and whoever a block hides from them out of the home page's newest members", async () => {
    const member = await createMember({ photos: [{}] });
    const blocker = await createMember({ photos: [{}] });
    await block(blocker.userId, member.profileId);
    type Home = { members: { id: number }[] };
    const shown = (await get("/", home.loader as never, { member })).body as unknown as Home;
    expect(shown.members.map((m) => m.id)).not.toContain(blocker.profileId);
    expect(shown.members.map((m) => m.id)).not.toContain(member.profileId);
    const toVisitors = (await get("/", home.loader as never)).body as unknown as Home;
    expect(toVisitors.members.map((m) => m.id)).toContain(blocker.profileId);
  });

  it("reads the traffic source from the request: URL first, then the remembered cookie", async () => {
    await setSite({ signups: "with_trafficsource" });
    const site = await resolveSite("hartklop.nl");
    const access = visitorAccess(site, await siteRequest("/signup?ref=r1&sub2=x", null));
    expect(access).toEqual({
      mayBrowse: true,
      maySignUp: true,
      trafficSource: true,
      tracking: { ref: "r1", sub2: "x" },
    });
    expect(visitorAccess(site, await siteRequest("/signup?sub1=only", null)).maySignUp).toBe(false);
  });
});

describe("logged-out search settings", () => {
  const settings: [LoggedOutSearch, LoggedOutSearch][] = [
    ["none", "none"],
    ["none", "all"],
    ["all", "none"],
    ["all", "all"],
  ];
  let target: Member;
  let member: Member;

  beforeAll(async () => {
    target = await createMember({ name: "Doelwit" });
    member = await createMember({ gender: "male" });
  });

  it.each(settings)(
    "logged_out_search %s, _trafficsource %s",
    async (loggedOutSearch, loggedOutSearchTrafficsource) => {
      await setSite({ loggedOutSearch, loggedOutSearchTrafficsource });
      const site = await resolveSite("hartklop.nl");
      const routes = [
        { path: "/members", handler: members.loader },
        { path: "/match-finder", handler: matchFinder.loader },
        {
          path: `/members/${target.profileId}`,
          handler: [profile.middleware[0]!, profile.loader],
          params: { id: String(target.profileId) },
        },
      ];
      for (const source of SOURCES) {
        const expected = (source ? loggedOutSearchTrafficsource : loggedOutSearch) === "all";
        expect(accessFor(site, source ? { network: "n" } : {}).mayBrowse).toBe(expected);
        for (const route of routes) {
          const label = `${route.path} ${source ?? "no source"}`;
          const outcome = await get(route.path, route.handler as never, { source, params: route.params });
          if (expected) {
            expect(outcome.status, label).toBe(200);
          } else {
            expect(outcome.status, label).toBe(302);
            expect(outcome.location, label).toMatch(/^\/login\?redirectTo=/);
          }
          // Members are never held back by these settings.
          const asMember = await get(route.path, route.handler as never, {
            source,
            member,
            params: route.params,
          });
          expect(asMember.status, `${label} member`).toBe(200);
        }
      }
    },
  );

  it("keeps the swipe game for confirmed members whatever the settings", async () => {
    await setSite({ loggedOutSearch: "all", loggedOutSearchTrafficsource: "all" });
    const outcome = await get("/swipe-game", swipe.loader as never, { source: "url" });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("partner resell", () => {
  const base: Parameters<typeof resellOffer>[0] = {
    signups: "with_trafficsource",
    memberResell: true,
    resellUrl: "https://partner.example/join?lang=nl",
    resellCountdownSeconds: 7,
  };

  it("offers the partner with the tracking data only to visitors who may not sign up", () => {
    const tracking = { sub1: "a b", sub2: "x&y", campaign: "c1" };
    expect(resellOffer(base, tracking)).toEqual({
      url: "https://partner.example/join?lang=nl&sub1=a+b&sub2=x%26y",
      countdownSeconds: 7,
    });
    expect(resellOffer({ ...base, signups: "invite_only" }, { network: "n", ref: "r", sub3: "z" })).toEqual({
      url: "https://partner.example/join?lang=nl&network=n&ref=r&sub3=z",
      countdownSeconds: 7,
    });
    // Signup open to them: no offer.
    expect(resellOffer(base, { network: "n" })).toBeNull();
    expect(resellOffer({ ...base, signups: "all" }, {})).toBeNull();
    // Resell off, no URL, or not an http(s) URL: no offer.
    expect(resellOffer({ ...base, memberResell: false }, {})).toBeNull();
    expect(resellOffer({ ...base, resellUrl: null }, {})).toBeNull();
    for (const resellUrl of ["javascript:alert(1)", "ftp://partner.example/", "/relative", "not a url"]) {
      expect(resellOffer({ ...base, resellUrl }, {}), resellUrl).toBeNull();
    }
    expect(resellOffer({ ...base, resellUrl: "http://partner.example" }, {})?.url).toBe(
      "http://partner.example/",
    );
  });

  it("shows on /signup and the home page where signup is closed", async () => {
    await setSite({ ...base });
    const signupPage = await get("/signup?sub1=banner", signup.loader as never);
    expect((signupPage.body!.settings as { open: boolean }).open).toBe(false);
    expect(signupPage.body!.resell).toEqual({
      url: "https://partner.example/join?lang=nl&sub1=banner",
      countdownSeconds: 7,
    });
    const homePage = await get("/?sub2=z", home.loader as never);
    expect(homePage.body!.resell).toEqual({
      url: "https://partner.example/join?lang=nl&sub2=z",
      countdownSeconds: 7,
    });
    // With a traffic source signup is open here: no offer.
    expect((await get("/signup", signup.loader as never, { source: "url" })).body!.resell).toBeNull();
    expect((await get("/", home.loader as never, { source: "cookie" })).body!.resell).toBeNull();
    await setSite({ memberResell: false, signups: "all" });
  });
});

describe("cam feed", () => {
  let server: Server;
  let feedBase: string;
  const hits = new Map<string, number>();
  const good = [
    { name: "Lisa", imageUrl: "https://cams.example/lisa.jpg", url: "https://cams.example/lisa", live: true },
    {
      name: "Mara",
      imageUrl: "https://cams.example/mara.jpg",
      url: "https://cams.example/mara",
      live: false,
      featured: true,
      extra: "ignored",
    },
  ];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
      const json = (status: number, body: string) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(body);
      };
      if (req.url === "/good") return json(200, JSON.stringify(good));
      if (req.url === "/failing") return json(500, "{}");
      if (req.url === "/not-json") return json(200, "<html>oops</html>");
      if (req.url === "/wrong-shape")
        return json(200, JSON.stringify([{ name: "X", imageUrl: "javascript:1", url: 3 }]));
      if (req.url === "/http-image")
        return json(200, JSON.stringify([{ ...good[0], imageUrl: "http://cams.example/lisa.jpg" }]));
      if (req.url === "/slow") return void setTimeout(() => json(200, JSON.stringify(good)), 4_000);
      json(404, "[]");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    feedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    forgetCachedReads();
    warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  const feed = (path: string | null) => ({
    id: siteId,
    camFeedUrl: path === null ? null : `${feedBase}${path}`,
  });

  it("reads the feed, featured first, and caches it per site for a while", async () => {
    const teasers = await camTeasers(feed("/good"));
    expect(teasers).toEqual([
      {
        name: "Mara",
        imageUrl: "https://cams.example/mara.jpg",
        url: "https://cams.example/mara",
        live: false,
        featured: true,
      },
      {
        name: "Lisa",
        imageUrl: "https://cams.example/lisa.jpg",
        url: "https://cams.example/lisa",
        live: true,
        featured: false,
      },
    ]);
    expect(await camTeasers(feed("/good"))).toEqual(teasers);
    expect(hits.get("/good")).toBe(1);
    // Another site has its own cache entry.
    await camTeasers({ ...feed("/good"), id: siteId + 1000 });
    expect(hits.get("/good")).toBe(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it("hides the teasers when the feed is unset, failing, malformed or too slow, with a warning", async () => {
    expect(await camTeasers(feed(null))).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    // An http image would never show (the CSP's img-src allows only https: outside images).
    for (const path of ["/failing", "/not-json", "/wrong-shape", "/http-image"]) {
      expect(await camTeasers(feed(path)), path).toEqual([]);
      expect(warn, path).toHaveBeenLastCalledWith("cam feed failed", expect.anything());
    }
    const started = Date.now();
    expect(await camTeasers(feed("/slow"))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(3_900);
    // A failure is remembered too, so a broken feed is not asked on every page view.
    await camTeasers(feed("/failing"));
    expect(hits.get("/failing")).toBe(1);
    expect(await camTeasers({ id: siteId, camFeedUrl: "http://127.0.0.1:1/refused" })).toEqual([]);
  });

  it("shows on the home page", async () => {
    await setSite({ camFeedUrl: `${feedBase}/good` });
    const page = await get("/", home.loader as never);
    expect((page.body!.cams as { name: string }[]).map((c) => c.name)).toEqual(["Mara", "Lisa"]);
    await setSite({ camFeedUrl: `${feedBase}/wrong-shape` });
    expect((await get("/", home.loader as never)).body!.cams).toEqual([]);
    await setSite({ camFeedUrl: null });
    expect((await get("/", home.loader as never)).body!.cams).toEqual([]);
  });
});
