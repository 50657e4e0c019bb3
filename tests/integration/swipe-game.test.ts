import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like, unlike } from "~/domain/likes/like.server";
import { loadSwipeGame, swipeLike, swipeSkip } from "~/domain/likes/swipe-game.server";
import { block } from "~/domain/profiles/blocks.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import type { SwipeChoice } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import { i18nextMiddleware } from "~/middleware/i18n.server";
import { QUEUES, jobs, stopJobs } from "~/lib/jobs.server";
import SwipeGameRoute, { action, loader } from "~/routes/swipe-game";
import {
  ORIGIN,
  contextFor,
  createMember,
  type Member,
  type MemberOptions,
  separateProfileIds,
} from "../fixtures/members";
import { formBody, settle } from "../fixtures/route-outcome";
import { seedBaseData } from "../../prisma/seed/base-data";
import { renderRoute } from "../fixtures/render-route";
import { planOf, withSentStatements } from "../fixtures/sent-statements";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const AMS = "Europe/Amsterdam";
/** Skipped members come back after 30 days. */
const SKIP_DAYS = 30;

/** The site settings the game uses. */
type SwipeSite = Parameters<typeof loadSwipeGame>[0]["site"];
type SwipeGame = Awaited<ReturnType<typeof loadSwipeGame>>;

let siteSeq = 0;

/**
 * A site of its own for each test (a copy of the default site under another domain): the game only
 * shows members of the member's site, so the members one test creates never turn up in another.
 */
async function newSite(
  settings: Partial<Pick<Site, "timeZone" | "swipeLikesPerDay" | "swipeWaitHours">> = {},
) {
  siteSeq++;
  const domain = `swipe${siteSeq}.hartklop.test`;
  const base = await db().site.findFirstOrThrow({
    where: { isDefault: true },
    select: {
      companyId: true,
      name: true,
      countries: true,
      indexTitle: true,
      description: true,
      supportPhone: true,
      supportEmail: true,
      geoipSelectedCountry: true,
      visibleProfileFields: true,
    },
  });
  await db().site.create({ data: { ...base, domain, ...settings }, select: { id: true } });
  return resolveSite(domain);
}

/**
 * A time zone in which it is around noon now, for tests that run on the real clock: their likes
 * then never straddle the site's midnight.
 */
function noonZone(now = new Date()) {
  const offset = 12 - now.getUTCHours(); // -11 .. 12
  // Etc/GMT zones have the sign the other way round: Etc/GMT-2 is UTC+2.
  return offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/** A member of the test's site. */
function member(site: SwipeSite, options: MemberOptions = {}) {
  return createMember({ siteId: site.id, ...options });
}

/** A man on the site, as the women of these tests (the fixture's default: female, seeking men in NL) seek. */
function man(site: SwipeSite, options: MemberOptions = {}) {
  return member(site, { gender: "male", photos: [{}], ...options });
}

function men(site: SwipeSite, count: number) {
  return Promise.all(Array.from({ length: count }, () => man(site)));
}

/** The members the open game shows the viewer next: its card and the one after (at most two). */
async function candidateIds(viewer: Member, site: SwipeSite, now = new Date()) {
  const shown = await game(viewer, site, now);
  if (shown.kind !== "open") throw new Error("the game is closed");
  return [shown.card, shown.next].flatMap((card) => (card ? [card.id] : []));
}

/** A swipe decision stored directly with a chosen time (as if made then). */
function decided(viewer: Member, target: Member, choice: SwipeChoice, decidedAt: Date) {
  return db().swipeDecision.upsert({
    where: { userId_targetId: { userId: viewer.userId, targetId: target.userId } },
    create: { userId: viewer.userId, targetId: target.userId, choice, decidedAt },
    update: { choice, decidedAt },
    select: { id: true },
  });
}

/** The member's day's likes given in the game at the given times (a Like and a decision each). */
async function likedAt(viewer: Member, site: SwipeSite, times: Date[]) {
  for (const time of times) {
    const target = await man(site);
    await db().like.create({
      data: { likerId: viewer.userId, likedId: target.userId },
      select: { id: true },
    });
    await decided(viewer, target, "like", time);
  }
}

function likesGiven(viewer: Member) {
  return db().like.count({ where: { likerId: viewer.userId } });
}

function decisions(viewer: Member, choice?: SwipeChoice) {
  return db().swipeDecision.count({ where: { userId: viewer.userId, ...(choice ? { choice } : {}) } });
}

const gameLike = (viewer: Member, site: SwipeSite, target: Member, now?: Date) =>
  swipeLike({ userId: viewer.userId, site, profileId: target.profileId, origin: ORIGIN, now });

const gameSkip = (viewer: Member, site: SwipeSite, target: Member, now?: Date) =>
  swipeSkip({ userId: viewer.userId, site, profileId: target.profileId, now });

const game = (viewer: Member, site: SwipeSite, now?: Date) =>
  loadSwipeGame({ userId: viewer.userId, site, country: "NL", now });

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];

interface PageData {
  game: SwipeGame;
  notice: string | null;
  timeZone: string;
}

/** Runs a loader or action behind the i18n middleware, as the app does. */
async function withI18n(request: Request, context: RouterContextProvider, run: () => unknown) {
  let result: unknown;
  const args = { request, context, params: {} } as unknown as Parameters<typeof i18nextMiddleware>[0];
  await i18nextMiddleware(args, async () => {
    result = await run();
    return new Response(null);
  });
  return result;
}

async function getPage(viewer: Member | null, site: Site, query = "") {
  const context = await contextFor(viewer, site);
  const request = new Request(`${ORIGIN}/swipe-game${query}`);
  return settle<PageData>(() =>
    withI18n(request, context, () => loader({ request, context, params: {} } as unknown as LoaderArgs)),
  );
}

async function post(viewer: Member | null, site: Site, fields: Record<string, string>) {
  const context = await contextFor(viewer, site);
  const request = new Request(`${ORIGIN}/swipe-game`, { method: "POST", body: formBody(fields) });
  return settle<{ notice: string | null }>(() =>
    action({ request, context, params: {} } as unknown as ActionArgs),
  );
}

/** Server-renders the page for loader data: its HTML and the text a browser shows. */
const renderPage = (loaderData: unknown, locale = "nl") =>
  renderRoute({ Component: SwipeGameRoute, path: "/swipe-game", url: "/swipe-game", loaderData, locale });

beforeAll(async () => {
  await seedBaseData(db());
  await separateProfileIds();
  await jobs();
});

afterAll(stopJobs);

describe("who the game shows", () => {
  it("shows visible men of the site the member seeks, never the excluded ones", async () => {
    const site = await newSite();
    const otherSite = await newSite();
    const viewer = await member(site);
    const shown = await man(site);
    const excluded = await Promise.all([
      man(site, { invisible: true }),
      man(site, { userStatus: "not_confirmed" }),
      man(site, { userStatus: "deleted" }),
      man(site, { profileStatus: "disabled" }),
      member(site, { gender: "female" }),
      man(site, { country: "BE", region: "Antwerpen" }),
      man(otherSite),
    ]);
    expect(await candidateIds(viewer, site)).toEqual([shown.profileId]);
    expect(excluded).toHaveLength(7);
    // Never oneself, even when one is what one seeks.
    const gay = await member(site, { gender: "male", seekingGender: "male" });
    expect(await candidateIds(gay, site)).toEqual([shown.profileId]);
  });

  it("leaves out members blocked either way", async () => {
    const site = await newSite();
    const viewer = await member(site);
    const [blockedByViewer, blockerOfViewer, shown] = await men(site, 3);
    await block(viewer.userId, blockedByViewer!.profileId);
    await block(blockerOfViewer!.userId, viewer.profileId);
    expect(await candidateIds(viewer, site)).toEqual([shown!.profileId]);
  });

  it("leaves out members liked already (also outside the game) and members liked in the game", async () => {
    const site = await newSite();
    const viewer = await member(site);
    const [likedOnProfile, likedInGame, unlikedAfterGame, shown] = await men(site, 4);
    await like(viewer.userId, likedOnProfile!.profileId, ORIGIN);
    expect((await gameLike(viewer, site, likedInGame!)).ok).toBe(true);
    expect((await gameLike(viewer, site, unlikedAfterGame!)).ok).toBe(true);
    await unlike(viewer.userId, unlikedAfterGame!.profileId);
    expect(await candidateIds(viewer, site)).toEqual([shown!.profileId]);
  });

  it("brings skipped members back after 30 days", async () => {
    const site = await newSite();
    const viewer = await member(site);
    const now = new Date();
    const [recent, old, justInside] = await men(site, 3);
    await decided(viewer, recent!, "skip", new Date(now.getTime() - 5 * DAY));
    await decided(viewer, old!, "skip", new Date(now.getTime() - 31 * DAY));
    await decided(viewer, justInside!, "skip", new Date(now.getTime() - SKIP_DAYS * DAY + HOUR));
    expect(await candidateIds(viewer, site, now)).toEqual([old!.profileId]);
    // A day later the one skipped just under 30 days ago is back too.
    expect(new Set(await candidateIds(viewer, site, new Date(now.getTime() + DAY)))).toEqual(
      new Set([old!.profileId, justInside!.profileId]),
    );
  });

  it("puts members with an approved public main photo first, each group newest first", async () => {
    const site = await newSite();
    const viewer = await member(site);
    const day = (n: number) => new Date(Date.UTC(2025, 0, n));
    const oldPhoto = await man(site, { createdAt: day(1) });
    const newNoPhoto = await man(site, { photos: [], createdAt: day(5) });
    const inspected = await man(site, { photos: [{ status: "inspection" }], createdAt: day(4) });
    const newerPhoto = await man(site, { createdAt: day(3) });
    const first = await game(viewer, site);
    expect(first.kind === "open" && [first.card, first.next]).toEqual([
      expect.objectContaining({ id: newerPhoto.profileId }),
      expect.objectContaining({ id: oldPhoto.profileId }),
    ]);
    expect(first.kind === "open" && first.card).toMatchObject({
      name: expect.any(String),
      age: expect.any(Number),
      city: "Amersfoort",
      region: "Utrecht",
      mainPhotoId: newerPhoto.photoIds[0],
    });
    await gameSkip(viewer, site, newerPhoto);
    await gameSkip(viewer, site, oldPhoto);
    const then = await game(viewer, site);
    expect(then.kind === "open" && [then.card?.id, then.next?.id]).toEqual([
      newNoPhoto.profileId,
      inspected.profileId,
    ]);
    // A photo still under inspection is not shown.
    expect(then.kind === "open" && then.next!.mainPhotoId).toBeNull();
  });

  it("reads the candidates through indexes only, also among many members (no sequential scan)", async () => {
    const site = await newSite();
    const viewer = await member(site);
    // 20,000 members, a third with a main photo, and a member who liked and skipped hundreds of them.
    await db().$executeRaw`
      INSERT INTO "User" ("siteId", email, status, invisible, "notificationsDisabled", "emailNotificationsOff")
      SELECT ${site.id}, 'bulk' || g || '@swipe.test',
        (CASE WHEN g % 20 = 0 THEN 'not_confirmed' ELSE 'confirmed' END)::"UserStatus", g % 33 = 0, '{}', '{}'
      FROM generate_series(1, 20000) g`;
    await db().$executeRaw`
      INSERT INTO "Profile" ("userId", name, gender, "seekingGender", "dateOfBirth", country, region, city,
        "createdAt", "updatedAt")
      SELECT u.id, 'Bulk', (CASE WHEN u.id % 2 = 0 THEN 'male' ELSE 'female' END)::"Gender", 'female',
        '1990-01-01', (ARRAY['NL', 'BE', 'DE', 'FR'])[1 + u.id % 4], 'Utrecht', 'Zeist',
        now() - (u.id || ' minutes')::interval, now()
      FROM "User" u WHERE u.email LIKE 'bulk%@swipe.test'`;
    await db().$executeRaw`
      INSERT INTO "Photo" ("profileId", filename, "thumbFilename", width, height, status, visibility)
      SELECT p.id, 'bulk/' || p.id, 'bulk/' || p.id || '-thumb', 600, 800, 'active', 'public'
      FROM "Profile" p JOIN "User" u ON u.id = p."userId"
      WHERE u.email LIKE 'bulk%@swipe.test' AND p.id % 3 = 0`;
    await db().$executeRaw`
      UPDATE "Profile" p SET "mainPhotoId" = ph.id FROM "Photo" ph
      WHERE ph."profileId" = p.id AND ph.filename LIKE 'bulk/%'`;
    const newest = await db().$queryRaw<{ userId: number }[]>`
      SELECT p."userId" FROM "Profile" p JOIN "User" u ON u.id = p."userId"
      WHERE u.email LIKE 'bulk%@swipe.test' AND p.gender = 'male' AND p.country = 'NL'
      ORDER BY p."createdAt" DESC LIMIT 600`;
    await db().like.createMany({
      data: newest.slice(0, 200).map((row) => ({ likerId: viewer.userId, likedId: row.userId })),
    });
    await db().swipeDecision.createMany({
      data: newest
        .slice(200)
        .map((row) => ({ userId: viewer.userId, targetId: row.userId, choice: "skip" as const })),
    });
    await db().$executeRawUnsafe(`ANALYZE "User", "Profile", "Photo", "Like", "SwipeDecision"`);

    // The game's statements as the member opens it: first in the member's own country, then for a
    // member whose country is none the search knows (the game then looks in every country).
    for (const country of ["NL", "ZZ"]) {
      await db().profile.update({ where: { id: viewer.profileId }, data: { country } });
      const { result, statements } = await withSentStatements(() => game(viewer, site));
      const candidates = statements.filter(
        (s) => /UNION ALL/.test(s.text) && /FROM "Profile" p/.test(s.text),
      );
      expect(candidates, country).toHaveLength(1);
      const text = await planOf(candidates[0]!);
      expect(text).not.toMatch(/Seq Scan/);
      // Nor a hash or a bitmap over a whole table (as a hashed NOT EXISTS over every photo would be).
      expect(text).not.toMatch(/Hash|Bitmap/);
      expect(text).toMatch(/Index Scan Backward using "Profile_search_(country|all)_idx"/);
      expect(result.kind === "open" && [result.card, result.next].every((card) => card?.mainPhotoId)).toBe(
        true,
      );
    }
  });
});

describe("liking and skipping", () => {
  it("a like stores the like and the decision; a like back makes a match and queues a like mail", async () => {
    const site = await newSite();
    const viewer = await member(site);
    const [target, likesBack] = await men(site, 2);
    await like(likesBack!.userId, viewer.profileId, ORIGIN);
    expect(await gameLike(viewer, site, target!)).toEqual({
      ok: true,
      choice: "like",
      likedUserId: target!.userId,
      created: true,
      announce: true,
      matched: false,
    });
    expect(await gameLike(viewer, site, likesBack!)).toMatchObject({
      ok: true,
      created: true,
      matched: true,
    });
    expect(await likesGiven(viewer)).toBe(2);
    expect(await decisions(viewer, "like")).toBe(2);
    const [a, b] = [viewer.userId, likesBack!.userId].sort((x, y) => x - y);
    expect(await db().match.count({ where: { userAId: a, userBId: b } })).toBe(1);
    const waiting = await db().$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM pgboss.job
      WHERE name = ${QUEUES.likeMail} AND singleton_key = ${String(target!.userId)} AND state = 'created'`;
    expect(waiting[0]!.count).toBe(1);
  });

  it("a like of someone liked already changes nothing and uses no like of the day", async () => {
    const site = await newSite();
    const viewer = await member(site);
    const target = await man(site);
    await like(viewer.userId, target.profileId, ORIGIN);
    expect(await gameLike(viewer, site, target)).toMatchObject({ ok: true, created: false });
    expect(await decisions(viewer)).toBe(0);
    expect(await game(viewer, site)).toMatchObject({ kind: "open", likesLeft: 4 });
  });

  it("refuses likes and skips of members who may not be liked, storing nothing", async () => {
    const site = await newSite();
    const otherSite = await newSite();
    const viewer = await member(site);
    const [blocked, hidden] = await Promise.all([man(site), man(site, { invisible: true })]);
    const elsewhere = await man(otherSite);
    await block(blocked.userId, viewer.profileId);
    for (const swipe of [gameLike, gameSkip]) {
      expect(await swipe(viewer, site, viewer)).toEqual({ ok: false, error: "self" });
      expect(await swipe(viewer, site, blocked)).toEqual({ ok: false, error: "blocked" });
      expect(await swipe(viewer, site, hidden)).toEqual({ ok: false, error: "unavailable" });
      expect(await swipe(viewer, site, elsewhere)).toEqual({ ok: false, error: "notFound" });
    }
    expect(await likesGiven(viewer)).toBe(0);
    expect(await decisions(viewer)).toBe(0);
  });

  it("a skip hides the member for 30 days; skipping again later starts the 30 days anew", async () => {
    const site = await newSite();
    const viewer = await member(site);
    const target = await man(site);
    const t0 = new Date();
    expect(await gameSkip(viewer, site, target, t0)).toEqual({ ok: true, choice: "skip" });
    expect(await candidateIds(viewer, site, t0)).toEqual([]);
    expect(await candidateIds(viewer, site, new Date(t0.getTime() + 29 * DAY))).toEqual([]);
    const later = new Date(t0.getTime() + 31 * DAY);
    expect(await candidateIds(viewer, site, later)).toEqual([target.profileId]);
    expect(await gameSkip(viewer, site, target, later)).toMatchObject({ ok: true });
    expect(await decisions(viewer, "skip")).toBe(1);
    expect(await candidateIds(viewer, site, new Date(later.getTime() + 29 * DAY))).toEqual([]);
    expect(await candidateIds(viewer, site, new Date(later.getTime() + 31 * DAY))).toEqual([
      target.profileId,
    ]);
    // A skipped member can be liked once back.
    expect(await gameLike(viewer, site, target, new Date(later.getTime() + 31 * DAY))).toMatchObject({
      ok: true,
      created: true,
    });
    expect(await decisions(viewer, "like")).toBe(1);
  });

  it("a skip never turns a like of the day into a skip", async () => {
    const site = await newSite();
    const viewer = await member(site);
    const target = await man(site);
    await gameLike(viewer, site, target);
    expect(await gameSkip(viewer, site, target)).toMatchObject({ ok: true });
    expect(await decisions(viewer, "like")).toBe(1);
    expect(await decisions(viewer, "skip")).toBe(0);
  });
});

describe("the daily limit", () => {
  it("allows 4 likes; the 5th is refused with the reopening time and stores nothing; skips close too", async () => {
    const site = await newSite({ timeZone: AMS });
    const viewer = await member(site);
    const targets = await men(site, 6);
    // 15 January 2026, 10:00 in Amsterdam.
    const now = new Date("2026-01-15T09:00:00Z");
    for (const [i, target] of targets.slice(0, 4).entries()) {
      const at = new Date(now.getTime() + i * 60_000);
      expect(await game(viewer, site, at)).toMatchObject({ kind: "open", likesLeft: 4 - i });
      expect(await gameLike(viewer, site, target, at)).toMatchObject({ ok: true });
    }
    const after = new Date(now.getTime() + HOUR);
    const midnight = new Date("2026-01-15T23:00:00Z");
    expect(await gameLike(viewer, site, targets[4]!, after)).toEqual({
      ok: false,
      error: "limit",
      reopensAt: midnight,
    });
    expect(await gameSkip(viewer, site, targets[5]!, after)).toEqual({
      ok: false,
      error: "limit",
      reopensAt: midnight,
    });
    expect(await likesGiven(viewer)).toBe(4);
    expect(await decisions(viewer)).toBe(4);
    expect(await game(viewer, site, after)).toEqual({
      kind: "closed",
      reopensAt: midnight,
      hoursLeft: 13,
      likesPerDay: 4,
    });
    // Open again at the site's midnight, with 4 new likes.
    expect(await game(viewer, site, new Date(midnight.getTime() - 1))).toMatchObject({ kind: "closed" });
    expect(await game(viewer, site, midnight)).toMatchObject({ kind: "open", likesLeft: 4 });
    expect(await gameLike(viewer, site, targets[4]!, midnight)).toMatchObject({ ok: true, created: true });
  });

  it("counts days in the site's time zone: 4 likes at 23:30 yesterday do not count today", async () => {
    const site = await newSite({ timeZone: AMS });
    const viewer = await member(site);
    // 14 January 2026, 23:30 in Amsterdam (22:30 UTC).
    const lateYesterday = new Date("2026-01-14T22:30:00Z");
    await likedAt(
      viewer,
      site,
      [0, 1, 2, 3].map((i) => new Date(lateYesterday.getTime() + i * 60_000)),
    );
    const lastLike = new Date(lateYesterday.getTime() + 3 * 60_000);
    // The game stays closed until 8 hours after the last like (07:33), later than midnight.
    const reopens = new Date(lastLike.getTime() + 8 * HOUR);
    expect(reopens.toISOString()).toBe("2026-01-15T06:33:00.000Z");
    const justAfterMidnight = new Date("2026-01-14T23:10:00Z");
    expect(await game(viewer, site, justAfterMidnight)).toEqual({
      kind: "closed",
      reopensAt: reopens,
      hoursLeft: 8,
      likesPerDay: 4,
    });
    const targets = await men(site, 5);
    expect(await gameLike(viewer, site, targets[0]!, justAfterMidnight)).toMatchObject({
      ok: false,
      error: "limit",
      reopensAt: reopens,
    });
    // Then the new day has all 4 likes: yesterday's do not count.
    expect(await game(viewer, site, reopens)).toMatchObject({ kind: "open", likesLeft: 4 });
    for (const [i, target] of targets.slice(0, 4).entries()) {
      expect(await gameLike(viewer, site, target, new Date(reopens.getTime() + i * 1000))).toMatchObject({
        ok: true,
      });
    }
    expect(await gameLike(viewer, site, targets[4]!, new Date(reopens.getTime() + HOUR))).toEqual({
      ok: false,
      error: "limit",
      reopensAt: new Date("2026-01-15T23:00:00Z"),
    });
  });

  it("counts likes at 00:30 today; with them the game reopens at the next midnight", async () => {
    const site = await newSite({ timeZone: AMS });
    const viewer = await member(site);
    // 15 January 2026, 00:30 in Amsterdam (23:30 UTC the day before).
    const earlyToday = new Date("2026-01-14T23:30:00Z");
    await likedAt(viewer, site, [new Date("2026-01-14T22:50:00Z")]); // 23:50 yesterday: not today
    await likedAt(viewer, site, [earlyToday, new Date(earlyToday.getTime() + 60_000)]);
    const morning = new Date("2026-01-15T08:00:00Z");
    expect(await game(viewer, site, morning)).toMatchObject({ kind: "open", likesLeft: 2 });
    const targets = await men(site, 3);
    await gameLike(viewer, site, targets[0]!, morning);
    await gameLike(viewer, site, targets[1]!, morning);
    // 00:30 + 8 hours is 08:30, earlier than the next midnight: that midnight it is.
    const midnight = new Date("2026-01-15T23:00:00Z");
    expect(await gameLike(viewer, site, targets[2]!, morning)).toEqual({
      ok: false,
      error: "limit",
      reopensAt: midnight,
    });
    expect(await game(viewer, site, morning)).toMatchObject({
      kind: "closed",
      reopensAt: midnight,
      hoursLeft: 15,
    });
  });

  it("follows the site's settings for likes per day and waiting hours", async () => {
    const site = await newSite({ timeZone: AMS, swipeLikesPerDay: 2, swipeWaitHours: 20 });
    const viewer = await member(site);
    const targets = await men(site, 3);
    const noon = new Date("2026-01-15T11:00:00Z");
    expect(await game(viewer, site, noon)).toMatchObject({ kind: "open", likesLeft: 2, likesPerDay: 2 });
    await gameLike(viewer, site, targets[0]!, noon);
    await gameLike(viewer, site, targets[1]!, noon);
    expect(await gameLike(viewer, site, targets[2]!, noon)).toEqual({
      ok: false,
      error: "limit",
      reopensAt: new Date(noon.getTime() + 20 * HOUR),
    });
  });

  it("lets exactly 4 of 6 simultaneous likes through", async () => {
    const site = await newSite({ timeZone: noonZone() });
    const viewer = await member(site);
    const targets = await men(site, 6);
    const results = await Promise.all(targets.map((target) => gameLike(viewer, site, target)));
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    expect(results.filter((r) => !r.ok && r.error === "limit")).toHaveLength(2);
    expect(await likesGiven(viewer)).toBe(4);
    expect(await decisions(viewer, "like")).toBe(4);
  });
});

describe("the /swipe-game page", () => {
  it("sends visitors to the login and unconfirmed members to confirm their address", async () => {
    const site = await newSite();
    expect(await getPage(null, site)).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fswipe-game",
    });
    const unconfirmed = await member(site, { userStatus: "not_confirmed" });
    expect(await getPage(unconfirmed, site)).toMatchObject({ status: 302, location: "/complete-signup" });
    expect(await post(null, site, { intent: "like", profileId: "1" })).toMatchObject({ status: 302 });
  });

  it("shows one card with name, age, place, photo and profile link, and the next one ready", async () => {
    const site = await newSite({ timeZone: noonZone() });
    const viewer = await member(site);
    const second = await man(site, { name: "Bram", createdAt: new Date("2025-01-01") });
    const first = await man(site, { name: "Arend", city: "Zeist", dateOfBirth: "1990-01-01" });
    const page = await getPage(viewer, site);
    expect(page.status).toBe(200);
    const data = page.body!;
    expect(data.game).toMatchObject({
      kind: "open",
      likesLeft: 4,
      card: { id: first.profileId, name: "Arend", city: "Zeist", mainPhotoId: first.photoIds[0] },
      next: { id: second.profileId, name: "Bram" },
    });
    const { text, html } = renderPage(data);
    expect(text).toContain("Arend, ");
    expect(text).toContain("Zeist");
    expect(text).toContain("Vandaag nog 4 likes");
    expect(html).toContain(`/photos/${first.photoIds[0]}/large`);
    expect(html).toContain(`href="/members/${first.profileId}"`);
    expect(html).toContain(`name="profileId" value="${first.profileId}"`);
    expect(html).toMatch(/<button[^>]*value="like"/);
    expect(html).toMatch(/<button[^>]*value="skip"/);
    // Without JavaScript there is one card per page: the next one comes only with the script.
    expect(html).not.toContain("Bram");
  });

  it("likes and skips by plain form posts that come back to the game", async () => {
    const site = await newSite({ timeZone: noonZone() });
    const viewer = await member(site);
    const [a, b, c] = await men(site, 3);
    await like(c!.userId, viewer.profileId, ORIGIN);
    expect(await post(viewer, site, { intent: "like", profileId: String(a!.profileId) })).toMatchObject({
      status: 302,
      location: "/swipe-game",
    });
    expect(await post(viewer, site, { intent: "skip", profileId: String(b!.profileId) })).toMatchObject({
      status: 302,
      location: "/swipe-game",
    });
    expect(await post(viewer, site, { intent: "like", profileId: String(c!.profileId) })).toMatchObject({
      status: 302,
      location: "/swipe-game?notice=matched",
    });
    expect(await decisions(viewer, "like")).toBe(2);
    expect(await decisions(viewer, "skip")).toBe(1);
    const page = await getPage(viewer, site, "?notice=matched");
    expect(page.body).toMatchObject({ notice: "matched", game: { kind: "open", card: null, likesLeft: 2 } });
    const { text, html } = renderPage(page.body);
    expect(text).toContain("Het is een match!");
    expect(text).toContain("Geen leden meer voor nu");
    expect(html).toContain('href="/members"');
    // A member no longer there: the next card, with a word of explanation.
    const gone = await man(site, { invisible: true });
    expect(await post(viewer, site, { intent: "like", profileId: String(gone.profileId) })).toMatchObject({
      location: "/swipe-game?notice=unavailable",
    });
  });

  it("answers the page's script with data instead of a redirect", async () => {
    const site = await newSite({ timeZone: noonZone() });
    const viewer = await member(site);
    const target = await man(site);
    expect(
      await post(viewer, site, { intent: "skip", profileId: String(target.profileId), via: "fetcher" }),
    ).toEqual({ status: 200, location: null, body: { notice: null } });
  });

  it("refuses malformed posts", async () => {
    const site = await newSite();
    const viewer = await member(site);
    const malformed: Record<string, string>[] = [
      {},
      { intent: "superlike", profileId: "1" },
      { intent: "like" },
      { intent: "like", profileId: "abc" },
      { intent: "like", profileId: "-3" },
      { intent: "like", profileId: "99999999999" },
    ];
    for (const fields of malformed) {
      expect((await post(viewer, site, fields)).status).toBe(400);
    }
    expect(await decisions(viewer)).toBe(0);
  });

  it("after the 4th like shows when the game opens again, and a 5th like changes nothing", async () => {
    const site = await newSite({ timeZone: noonZone() });
    const viewer = await member(site);
    const targets = await men(site, 5);
    for (const target of targets.slice(0, 4)) {
      await post(viewer, site, { intent: "like", profileId: String(target.profileId) });
    }
    expect(
      await post(viewer, site, { intent: "like", profileId: String(targets[4]!.profileId) }),
    ).toMatchObject({
      status: 302,
      location: "/swipe-game",
    });
    expect(await likesGiven(viewer)).toBe(4);
    const page = await getPage(viewer, site);
    expect(page.body!.game).toMatchObject({ kind: "closed", likesPerDay: 4 });
    const closed = page.body!.game as Extract<SwipeGame, { kind: "closed" }>;
    // Around noon: the next midnight is later than 8 hours from now.
    expect(closed.hoursLeft).toBeGreaterThanOrEqual(11);
    expect(closed.hoursLeft).toBeLessThanOrEqual(13);
    const { text } = renderPage(page.body);
    expect(text).toContain("Je likes zijn op");
    expect(text).toMatch(
      new RegExp(`Het spel gaat weer open op \\w+ om 00:00 \\(over ${closed.hoursLeft} uur\\)`),
    );
    expect(text).not.toContain("Overslaan");
    const english = renderPage(page.body, "en").text;
    expect(english).toMatch(new RegExp(`in ${closed.hoursLeft} hours`));
  });

  it("shows the reopening time in the site's time zone", async () => {
    const data: PageData = {
      game: {
        kind: "closed",
        reopensAt: new Date("2026-01-15T06:33:00Z"),
        hoursLeft: 1,
        likesPerDay: 4,
      },
      notice: null,
      timeZone: AMS,
    };
    const { text } = renderPage(data);
    expect(text).toContain("Je hebt al 4 likes gegeven");
    expect(text).toContain("Het spel gaat weer open op donderdag om 07:33 (over 1 uur).");
  });
});
