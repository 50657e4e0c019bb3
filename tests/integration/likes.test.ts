import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like, pruneLikeNotices, unlike } from "~/domain/likes/like.server";
import { withLikedState } from "~/domain/likes/liked-state.server";
import {
  announceNewestLike,
  clearNewLike,
  markLikeAnnounced,
  newestUnannouncedLike,
} from "~/domain/likes/new-likes.server";
import { LIKES_PAGE_SIZE, likesForApi, listLikes } from "~/domain/likes/overview.server";
import { block, unblock } from "~/domain/profiles/blocks.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { ORIGIN, createMember, type Member, separateProfileIds } from "../fixtures/members";
import { seedBaseData } from "../../prisma/seed/base-data";
import { memberCounts } from "~/domain/accounts/member-counts.server";

/** The cards' fields the base data's site shows (`visible_profile_fields`). */
const ALL_FIELDS = ["age", "city", "region"];

const newLikes = async (userId: number) => (await memberCounts(userId)).newLikes;

let otherSiteId: number;

beforeAll(async () => {
  ({ de: otherSiteId } = await seedBaseData(db()));
  await separateProfileIds();
});

afterAll(stopJobs);

function likes(from: Member, to: Member) {
  return db().like.count({ where: { likerId: from.userId, likedId: to.userId } });
}

/** The match rows of a pair, in either order (a correct pair has one, lower user id first). */
function matchesOf(a: Member, b: Member) {
  return db().match.findMany({
    where: {
      OR: [
        { userAId: a.userId, userBId: b.userId },
        { userAId: b.userId, userBId: a.userId },
      ],
    },
    select: { userAId: true, userBId: true },
  });
}

/** A like given again within a day of the last alert about it is stored quietly. */
const LIKE_NOTICE_QUIET_MS = 24 * 3600_000;

async function between(a: Member, b: Member) {
  return { ab: await likes(a, b), ba: await likes(b, a), matches: (await matchesOf(a, b)).length };
}

async function mutual(a: Member, b: Member) {
  expect((await like(a.userId, b.profileId, ORIGIN)).ok).toBe(true);
  expect(await like(b.userId, a.profileId, ORIGIN)).toMatchObject({ ok: true, matched: true });
}

function members(count: number) {
  return Promise.all(Array.from({ length: count }, () => createMember()));
}

describe("liking and unliking", () => {
  it("stores one like; liking again changes nothing; unliking removes it", async () => {
    const [a, b] = await members(2);
    expect(await like(a!.userId, b!.profileId, ORIGIN)).toEqual({
      ok: true,
      likedUserId: b!.userId,
      created: true,
      announce: true,
      matched: false,
    });
    const first = await db().like.findFirstOrThrow({
      where: { likerId: a!.userId, likedId: b!.userId },
      select: { id: true, createdAt: true, isNew: true },
    });
    expect(first.isNew).toBe(true);
    expect(await like(a!.userId, b!.profileId, ORIGIN)).toEqual({
      ok: true,
      likedUserId: b!.userId,
      created: false,
      announce: false,
      matched: false,
    });
    expect(
      await db().like.findMany({
        where: { likerId: a!.userId, likedId: b!.userId },
        select: { id: true, createdAt: true, isNew: true },
      }),
    ).toEqual([first]);
    expect(await between(a!, b!)).toEqual({ ab: 1, ba: 0, matches: 0 });

    expect(await unlike(a!.userId, b!.profileId)).toEqual({ ok: true });
    expect(await between(a!, b!)).toEqual({ ab: 0, ba: 0, matches: 0 });
    expect(await unlike(a!.userId, b!.profileId)).toEqual({ ok: true });
    expect(await unlike(a!.userId, a!.profileId)).toEqual({ ok: false });
    expect(await unlike(a!.userId, 2147483647)).toEqual({ ok: false });
  });

  it("a like taken back and given again within a day is stored quietly: no second alert", async () => {
    const [a, b] = await members(2);
    const row = () =>
      db().like.findFirstOrThrow({
        where: { likerId: a!.userId, likedId: b!.userId },
        select: { announcedAt: true, mailedAt: true },
      });
    expect(await like(a!.userId, b!.profileId, ORIGIN)).toMatchObject({ created: true, announce: true });
    expect(await row()).toEqual({ announcedAt: null, mailedAt: null });
    // The liked member's open tabs hear of it (their badge), once.
    const likeEvents = () => db().chatEvent.count({ where: { userId: b!.userId, type: "like" } });
    expect(await likeEvents()).toBe(1);
    for (let i = 0; i < 3; i++) {
      await unlike(a!.userId, b!.profileId);
      expect(await like(a!.userId, b!.profileId, ORIGIN)).toMatchObject({ created: true, announce: false });
      const quiet = await row();
      expect(quiet.announcedAt).toBeInstanceOf(Date);
      expect(quiet.mailedAt).toBeInstanceOf(Date);
    }
    expect(await likeEvents()).toBe(1);
    // A day after the last alert, a like given again is news again.
    await db().likeNotice.update({
      where: { likerId_likedId: { likerId: a!.userId, likedId: b!.userId } },
      data: { notifiedAt: new Date(Date.now() - LIKE_NOTICE_QUIET_MS - 1000) },
    });
    await unlike(a!.userId, b!.profileId);
    expect(await like(a!.userId, b!.profileId, ORIGIN)).toMatchObject({ created: true, announce: true });
    expect(await row()).toEqual({ announcedAt: null, mailedAt: null });
    // The maintenance job drops notice times once they decide nothing.
    const notice = { likerId: a!.userId, likedId: b!.userId };
    await pruneLikeNotices(new Date(Date.now() + LIKE_NOTICE_QUIET_MS - 60_000));
    expect(await db().likeNotice.count({ where: notice })).toBe(1);
    await pruneLikeNotices(new Date(Date.now() + LIKE_NOTICE_QUIET_MS + 60_000));
    expect(await db().likeNotice.count({ where: notice })).toBe(0);
  });

  it("makes exactly one match of a mutual like, the lower user id as user A", async () => {
    const [a, b] = await members(2);
    // The later member likes first, so the match's order does not follow who liked first.
    expect(await like(b!.userId, a!.profileId, ORIGIN)).toMatchObject({ ok: true, matched: false });
    expect(await like(a!.userId, b!.profileId, ORIGIN)).toMatchObject({ ok: true, matched: true });
    expect(await like(a!.userId, b!.profileId, ORIGIN)).toMatchObject({ created: false, matched: true });
    expect(await like(b!.userId, a!.profileId, ORIGIN)).toMatchObject({ created: false, matched: true });
    const lower = Math.min(a!.userId, b!.userId);
    const higher = Math.max(a!.userId, b!.userId);
    expect(await matchesOf(a!, b!)).toEqual([{ userAId: lower, userBId: higher }]);
  });

  it("makes one match when both members like each other at the same moment, every time", async () => {
    const pairs = await Promise.all(Array.from({ length: 10 }, () => members(2)));
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        pairs.map(([a, b]) =>
          Promise.all([like(a!.userId, b!.profileId, ORIGIN), like(b!.userId, a!.profileId, ORIGIN)]),
        ),
      );
      for (const [index, [a, b]] of pairs.entries()) {
        expect(await between(a!, b!)).toEqual({ ab: 1, ba: 1, matches: 1 });
        const [first, second] = results[index]!;
        expect(first).toMatchObject({ ok: true, created: true });
        expect(second).toMatchObject({ ok: true, created: true });
        // One of the two saw the other's like and made the match.
        expect([first, second].filter((r) => r.ok && r.matched)).toHaveLength(1);
      }
      await Promise.all(
        pairs.map(([a, b]) =>
          Promise.all([unlike(a!.userId, b!.profileId), unlike(b!.userId, a!.profileId)]),
        ),
      );
      for (const [a, b] of pairs) expect(await between(a!, b!)).toEqual({ ab: 0, ba: 0, matches: 0 });
    }
  });

  it("takes back the own like and the match on unliking, not the other member's like", async () => {
    const [a, b] = await members(2);
    await mutual(a!, b!);
    expect(await unlike(a!.userId, b!.profileId)).toEqual({ ok: true });
    expect(await between(a!, b!)).toEqual({ ab: 0, ba: 1, matches: 0 });
    // Liking again makes the match again.
    expect(await like(a!.userId, b!.profileId, ORIGIN)).toMatchObject({
      ok: true,
      created: true,
      matched: true,
    });
    expect(await between(a!, b!)).toEqual({ ab: 1, ba: 1, matches: 1 });
  });

  it("refuses likes that are not allowed and stores nothing", async () => {
    const liker = await createMember();
    const blockedByLiker = await createMember();
    const blockerOfLiker = await createMember();
    await block(liker.userId, blockedByLiker.profileId);
    await block(blockerOfLiker.userId, liker.profileId);
    const cases: [string, number, string][] = [
      ["self", liker.profileId, "self"],
      ["invisible", (await createMember({ invisible: true })).profileId, "unavailable"],
      ["disabled profile", (await createMember({ profileStatus: "disabled" })).profileId, "unavailable"],
      ["unconfirmed", (await createMember({ userStatus: "not_confirmed" })).profileId, "unavailable"],
      ["deleted", (await createMember({ userStatus: "deleted" })).profileId, "notFound"],
      ["other site", (await createMember({ siteId: otherSiteId })).profileId, "notFound"],
      ["blocked by the liker", blockedByLiker.profileId, "blocked"],
      ["blocking the liker", blockerOfLiker.profileId, "blocked"],
      ["missing profile", 2147483647, "notFound"],
    ];
    for (const [label, profileId, error] of cases) {
      expect({ label, result: await like(liker.userId, profileId, ORIGIN) }).toEqual({
        label,
        result: { ok: false, error },
      });
    }
    expect(
      await db().like.count({ where: { OR: [{ likerId: liker.userId }, { likedId: liker.userId }] } }),
    ).toBe(0);
    expect(
      await db().match.count({ where: { OR: [{ userAId: liker.userId }, { userBId: liker.userId }] } }),
    ).toBe(0);
  });
});

describe("blocking", () => {
  it("deletes both likes and the match, whoever blocks; unblocking does not bring them back", async () => {
    for (const blockerIsFirst of [true, false]) {
      const [a, b] = await members(2);
      await mutual(a!, b!);
      const [blocker, blocked] = blockerIsFirst ? [a!, b!] : [b!, a!];
      expect(await block(blocker.userId, blocked.profileId)).toEqual({
        ok: true,
        blockedUserId: blocked.userId,
      });
      expect(await between(a!, b!)).toEqual({ ab: 0, ba: 0, matches: 0 });
      expect(await newLikes(a!.userId)).toBe(0);
      expect(await newLikes(b!.userId)).toBe(0);
      expect(await like(blocked.userId, blocker.profileId, ORIGIN)).toEqual({ ok: false, error: "blocked" });
      expect(await unblock(blocker.userId, blocked.profileId)).toEqual({ ok: true });
      expect(await between(a!, b!)).toEqual({ ab: 0, ba: 0, matches: 0 });
      expect((await listLikes(a!.userId, "matches", 1, ALL_FIELDS)).total).toBe(0);
      // After the unblock they may like each other anew.
      expect(await like(blocked.userId, blocker.profileId, ORIGIN)).toMatchObject({
        ok: true,
        created: true,
      });
    }
  });

  it("leaves no like behind when a like and a block of the same pair happen at the same moment", async () => {
    const pairs = await Promise.all(Array.from({ length: 10 }, () => members(2)));
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        pairs.map(([a, b]) =>
          Promise.all([like(b!.userId, a!.profileId, ORIGIN), block(a!.userId, b!.profileId)]),
        ),
      );
      for (const [a, b] of pairs) {
        expect(await between(a!, b!)).toEqual({ ab: 0, ba: 0, matches: 0 });
        await unblock(a!.userId, b!.profileId);
      }
    }
  });
});

describe("new likes", () => {
  it("counts a received like as new until the liked member opens the liker's profile", async () => {
    const [liker, liked] = await members(2);
    await like(liker!.userId, liked!.profileId, ORIGIN);
    expect(await newLikes(liked!.userId)).toBe(1);
    expect(await newLikes(liker!.userId)).toBe(0);
    // The liker opening the liked member's profile clears nothing.
    await clearNewLike(liker!.userId, liked!.profileId);
    expect(await newLikes(liked!.userId)).toBe(1);
    await clearNewLike(liked!.userId, liker!.profileId);
    expect(await newLikes(liked!.userId)).toBe(0);
    expect(await likes(liker!, liked!)).toBe(1);
    // Liking again does not make it new again.
    await like(liker!.userId, liked!.profileId, ORIGIN);
    expect(await newLikes(liked!.userId)).toBe(0);
  });

  it("neither counts nor lists likes from hidden members until they are visible again", async () => {
    const me = await createMember();
    const visible = await createMember();
    const hidden = {
      invisible: await createMember(),
      deleted: await createMember(),
      disabled: await createMember(),
      unconfirmed: await createMember(),
    };
    for (const liker of [visible, ...Object.values(hidden)]) await like(liker.userId, me.profileId, ORIGIN);
    expect(await newLikes(me.userId)).toBe(5);
    await db().user.update({ where: { id: hidden.invisible.userId }, data: { invisible: true } });
    await db().user.update({ where: { id: hidden.deleted.userId }, data: { status: "deleted" } });
    await db().user.update({ where: { id: hidden.unconfirmed.userId }, data: { status: "not_confirmed" } });
    await db().profile.update({ where: { id: hidden.disabled.profileId }, data: { status: "disabled" } });

    expect(await newLikes(me.userId)).toBe(1);
    const received = await listLikes(me.userId, "received", 1, ALL_FIELDS);
    expect(received.total).toBe(1);
    expect(received.cards.map((c) => c.id)).toEqual([visible.profileId]);
    expect((await likesForApi(me.userId)).liked_by).toEqual([{ id: visible.profileId, like_new: true }]);
    expect(await newestUnannouncedLike(me.userId)).toMatchObject({ profileId: visible.profileId });

    await db().user.update({ where: { id: hidden.invisible.userId }, data: { invisible: false } });
    expect(await newLikes(me.userId)).toBe(2);
    expect(await newestUnannouncedLike(me.userId)).toMatchObject({ profileId: hidden.invisible.profileId });
  });
});

describe("the likes overview", () => {
  it("lists received and given likes and matches, newest first, with their flags", async () => {
    const me = await createMember({ name: "Ik" });
    const admirer = await createMember({ name: "Anna", photos: [{}], dateOfBirth: "1995-01-01" });
    const match = await createMember({ name: "Bo", photos: [{ visibility: "private" }] });
    const crush = await createMember({ name: "Cas", city: "Zwolle", region: "Overijssel" });
    await like(admirer.userId, me.profileId, ORIGIN);
    await like(match.userId, me.profileId, ORIGIN);
    await like(me.userId, crush.profileId, ORIGIN);
    await like(me.userId, match.profileId, ORIGIN);

    const received = await listLikes(me.userId, "received", 1, ALL_FIELDS);
    expect(received).toMatchObject({ total: 2, pageCount: 1 });
    expect(received.cards).toEqual([
      {
        id: match.profileId,
        name: "Bo",
        age: expect.any(Number),
        city: "Amersfoort",
        region: "Utrecht",
        mainPhotoId: null, // a private main photo is not shown on cards
        liked: true,
        isNew: true,
        matched: true,
      },
      {
        id: admirer.profileId,
        name: "Anna",
        age: expect.any(Number),
        city: "Amersfoort",
        region: "Utrecht",
        mainPhotoId: admirer.photoIds[0],
        liked: false,
        isNew: true,
        matched: false,
      },
    ]);
    expect(received.cards[1]!.age).toBeGreaterThanOrEqual(30);

    await clearNewLike(me.userId, admirer.profileId);
    expect(
      (await listLikes(me.userId, "received", 1, ALL_FIELDS)).cards.map((c) => [c.name, c.isNew]),
    ).toEqual([
      ["Bo", true],
      ["Anna", false],
    ]);

    const given = await listLikes(me.userId, "given", 1, ALL_FIELDS);
    expect(given).toMatchObject({ total: 2, pageCount: 1 });
    expect(given.cards.map(({ name, liked, isNew, matched }) => ({ name, liked, isNew, matched }))).toEqual([
      { name: "Bo", liked: true, isNew: false, matched: true },
      { name: "Cas", liked: true, isNew: false, matched: false },
    ]);
    expect(given.cards[1]).toMatchObject({ city: "Zwolle", region: "Overijssel" });

    const matches = await listLikes(me.userId, "matches", 1, ALL_FIELDS);
    expect(matches).toMatchObject({ total: 1, pageCount: 1 });
    expect(matches.cards.map(({ id, liked, matched }) => ({ id, liked, matched }))).toEqual([
      { id: match.profileId, liked: true, matched: true },
    ]);
    // The other side of the match sees me.
    expect((await listLikes(match.userId, "matches", 1, ALL_FIELDS)).cards.map((c) => c.id)).toEqual([
      me.profileId,
    ]);

    const empty = await createMember();
    for (const tab of ["received", "given", "matches"] as const) {
      expect(await listLikes(empty.userId, tab, 1, ALL_FIELDS)).toEqual({
        cards: [],
        total: 0,
        page: 1,
        pageCount: 1,
      });
    }
  });

  it("pages 24 at a time", async () => {
    const me = await createMember();
    const likers: Member[] = [];
    for (let i = 0; i < LIKES_PAGE_SIZE + 1; i++) {
      const liker = await createMember();
      await like(liker.userId, me.profileId, ORIGIN);
      await like(me.userId, liker.profileId, ORIGIN);
      likers.push(liker);
    }
    const newestFirst = likers.map((l) => l.profileId).reverse();
    for (const tab of ["received", "given", "matches"] as const) {
      const first = await listLikes(me.userId, tab, 1, ALL_FIELDS);
      const second = await listLikes(me.userId, tab, 2, ALL_FIELDS);
      expect({ tab, total: first.total, pageCount: first.pageCount }).toEqual({
        tab,
        total: 25,
        pageCount: 2,
      });
      expect(first.cards.map((c) => c.id)).toEqual(newestFirst.slice(0, 24));
      expect(second.cards.map((c) => c.id)).toEqual(newestFirst.slice(24));
      // A page past the end shows the last page, and says so.
      expect(await listLikes(me.userId, tab, 3, ALL_FIELDS)).toEqual({ ...second, page: 2 });
      expect(await listLikes(me.userId, tab, 10_000, ALL_FIELDS)).toEqual({ ...second, page: 2 });
    }
    const none = await createMember();
    expect(await listLikes(none.userId, "given", 5, ALL_FIELDS)).toEqual({
      cards: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });
});

describe("announcing new likes", () => {
  it("announces the newest unannounced like once, then the next older one, then none", async () => {
    const me = await createMember();
    const older = await createMember({ name: "Oud", photos: [{ status: "inspection" }] });
    const newer = await createMember({ name: "Nieuw", photos: [{}] });
    const seen = await createMember();
    await like(older.userId, me.profileId, ORIGIN);
    await like(newer.userId, me.profileId, ORIGIN);
    await like(seen.userId, me.profileId, ORIGIN);
    // A like whose profile the member already opened is not announced.
    await clearNewLike(me.userId, seen.profileId);

    const first = await announceNewestLike(me.userId);
    expect(first).toEqual({
      likeId: expect.any(Number),
      profileId: newer.profileId,
      name: "Nieuw",
      mainPhotoId: newer.photoIds[0],
    });
    const stored = await db().like.findUniqueOrThrow({
      where: { id: first!.likeId },
      select: { announcedAt: true },
    });
    expect(stored.announcedAt).toBeInstanceOf(Date);
    expect(await announceNewestLike(me.userId)).toMatchObject({
      profileId: older.profileId,
      name: "Oud",
      mainPhotoId: null, // the photo is still being inspected
    });
    expect(await announceNewestLike(me.userId)).toBeNull();
    expect(await newestUnannouncedLike(me.userId)).toBeNull();
    // Announcing does not clear the new flag: that takes opening the profile.
    expect(await newLikes(me.userId)).toBe(2);
  });

  it("marks only the member's own likes announced", async () => {
    const [me, other, liker] = await members(3);
    await like(liker!.userId, me!.profileId, ORIGIN);
    const pending = await newestUnannouncedLike(me!.userId);
    await markLikeAnnounced(other!.userId, pending!.likeId);
    expect(await newestUnannouncedLike(me!.userId)).toEqual(pending);
    await markLikeAnnounced(me!.userId, pending!.likeId);
    expect(await newestUnannouncedLike(me!.userId)).toBeNull();
  });

  it("never announces one like twice when tabs ask at the same moment", async () => {
    for (let round = 0; round < 5; round++) {
      const me = await createMember();
      const likers = await members(4);
      for (const liker of likers) await like(liker.userId, me.profileId, ORIGIN);
      const pairs = await Promise.all([announceNewestLike(me.userId), announceNewestLike(me.userId)]);
      const announced = pairs.filter((a) => a !== null);
      expect(announced).toHaveLength(2);
      expect(new Set(announced.map((a) => a.likeId)).size).toBe(2);
      const rest = await Promise.all(likers.map(() => announceNewestLike(me.userId)));
      const all = [...announced, ...rest.filter((a) => a !== null)].map((a) => a.profileId);
      expect(new Set(all)).toEqual(new Set(likers.map((l) => l.profileId)));
      expect(all).toHaveLength(4);
      expect(await announceNewestLike(me.userId)).toBeNull();
    }
  });
});

describe("liked state", () => {
  it("gives the API the profiles the member likes and those who like them, newest first", async () => {
    const [me, first, second, fan, oldFan] = await members(5);
    await like(oldFan!.userId, me!.profileId, ORIGIN);
    await like(fan!.userId, me!.profileId, ORIGIN);
    await like(me!.userId, first!.profileId, ORIGIN);
    await like(me!.userId, second!.profileId, ORIGIN);
    await clearNewLike(me!.userId, oldFan!.profileId);
    expect(await likesForApi(me!.userId)).toEqual({
      profiles: [{ id: second!.profileId }, { id: first!.profileId }],
      liked_by: [
        { id: fan!.profileId, like_new: true },
        { id: oldFan!.profileId, like_new: false },
      ],
    });
    expect(await likesForApi((await createMember()).userId)).toEqual({ profiles: [], liked_by: [] });
  });

  it("marks the cards of profiles the member likes", async () => {
    const [me, liked, notLiked, likesMe] = await members(4);
    await like(me!.userId, liked!.profileId, ORIGIN);
    await like(likesMe!.userId, me!.profileId, ORIGIN);
    const cards = [
      { id: liked!.profileId, name: "A" },
      { id: notLiked!.profileId, name: "B" },
      { id: likesMe!.profileId, name: "C" },
      { id: 2147483647, name: "Niemand" },
    ];
    expect(await withLikedState(me!.userId, cards)).toEqual([
      { id: liked!.profileId, name: "A", liked: true },
      { id: notLiked!.profileId, name: "B", liked: false },
      { id: likesMe!.profileId, name: "C", liked: false },
      { id: 2147483647, name: "Niemand", liked: false },
    ]);
    expect(await withLikedState(me!.userId, [])).toEqual([]);
    expect(await withLikedState(null, cards)).toEqual(cards);
  });
});
