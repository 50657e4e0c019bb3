// The likes' routes as React Router calls them: the like action (plain form and script), the two
// JSON calls (/api/likes.php, /api/auto-like.php), the counts in /api/user.php, the no-JS banner and
// the overview.
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestInfoContext } from "~/middleware/context";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { loader as autoLikeLoader } from "~/routes/api.auto-like";
import { loader as likesApiLoader } from "~/routes/api.likes";
import { loader as userApiLoader } from "~/routes/api.user";
import { action as announcedAction } from "~/routes/likes.announced";
import LikesRoute, { loader as likesLoader } from "~/routes/likes";
import { like } from "~/domain/likes/like.server";
import { LIKES_PAGE_SIZE } from "~/domain/likes/tabs";
import { action as likeAction } from "~/routes/members.$id.like";
import { middleware as profileMiddleware } from "~/routes/members.$id";
import { loader as rootLoader } from "~/root";
import { seedBaseData } from "../../prisma/seed/base-data";
import { ORIGIN, createMember, type Member } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, siteRequest } from "../fixtures/run-route";

beforeAll(async () => {
  await seedBaseData(db());
});

afterAll(async () => {
  await stopJobs();
});

type Handler = (args: never, next: never) => unknown;

async function postLike(member: Member | null, target: Member, form: Record<string, string>) {
  const request = await siteRequest(`/members/${target.profileId}/like`, member?.userId ?? null, { form });
  return runRoute(request, likeAction, { id: String(target.profileId) });
}

async function getAs(member: Member | null, path: string, handler: Handler | Handler[], params = {}) {
  return runRoute(await siteRequest(path, member?.userId ?? null), handler, params);
}

describe("POST /members/{id}/like", () => {
  it("answers a script with JSON: liked, then matched when liked back, then unliked", async () => {
    const [anna, bram] = [await createMember(), await createMember()];
    expect((await postLike(anna, bram, { intent: "like" })).body).toEqual({
      ok: true,
      liked: true,
      matched: false,
    });
    expect((await postLike(bram, anna, { intent: "like" })).body).toEqual({
      ok: true,
      liked: true,
      matched: true,
    });
    expect((await postLike(bram, anna, { intent: "unlike" })).body).toEqual({
      ok: true,
      liked: false,
      matched: false,
    });
    expect(await db().like.count({ where: { likerId: anna.userId, likedId: bram.userId } })).toBe(1);
    expect(
      await db().match.count({ where: { OR: [{ userAId: anna.userId }, { userBId: anna.userId }] } }),
    ).toBe(0);
  });

  it("sends a plain form back where it came from, with a match or a refusal to tell", async () => {
    const [anna, bram] = [await createMember(), await createMember()];
    const liked = await postLike(anna, bram, { intent: "like", redirectTo: "/members?page=2&like=self" });
    expect(liked).toMatchObject({ status: 302, location: "/members?page=2" });
    const matched = await postLike(bram, anna, { intent: "like", redirectTo: `/likes/m/${anna.profileId}` });
    expect(matched.location).toBe(`/likes/m/${anna.profileId}?like=matched`);
    const self = await postLike(anna, anna, { intent: "like", redirectTo: "https://evil.example/x" });
    expect(self.location).toBe("/?like=self");
  });

  it("refuses a hidden or blocked member with the reason and stores nothing", async () => {
    const anna = await createMember();
    const invisible = await createMember({ invisible: true });
    const blocker = await createMember();
    await db().block.create({
      data: { blockerId: blocker.userId, blockedId: anna.userId },
      select: { id: true },
    });
    expect(await postLike(anna, invisible, { intent: "like" })).toMatchObject({
      status: 409,
      body: { ok: false, error: "unavailable" },
    });
    expect((await postLike(anna, blocker, { intent: "like" })).body).toEqual({ ok: false, error: "blocked" });
    expect(await db().like.count({ where: { likerId: anna.userId } })).toBe(0);
  });

  it("asks a visitor to log in first and to come back to the page", async () => {
    const target = await createMember();
    const answer = await postLike(null, target, { intent: "like", redirectTo: "/members?page=3" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/login?redirectTo=${encodeURIComponent("/members?page=3")}&reason=like`);
  });

  it("rejects an unknown intent and a malformed id", async () => {
    const [anna, bram] = [await createMember(), await createMember()];
    expect((await postLike(anna, bram, { intent: "love" })).status).toBe(400);
    const request = await siteRequest("/members/x/like", anna.userId, { form: { intent: "like" } });
    expect((await runRoute(request, likeAction, { id: "x" })).status).toBe(404);
  });
});

describe("the JSON calls", () => {
  it("GET /api/likes.php lists the profiles liked and the likers with their new flag", async () => {
    const [me, liked, liker] = [await createMember(), await createMember(), await createMember()];
    await postLike(me, liked, { intent: "like" });
    await postLike(liker, me, { intent: "like" });
    const answer = await getAs(me, "/api/likes.php", likesApiLoader);
    expect(answer.body).toEqual({
      profiles: [{ id: liked.profileId }],
      liked_by: [{ id: liker.profileId, like_new: true }],
    });
    expect(await getAs(null, "/api/likes.php", likesApiLoader)).toMatchObject({
      status: 403,
      body: { error: "authentication_required" },
    });
  });

  it("GET /api/auto-like.php announces each like once, newest first", async () => {
    const me = await createMember();
    const older = await createMember({ photos: [{}] });
    const newer = await createMember();
    await postLike(older, me, { intent: "like" });
    await db().like.updateMany({
      where: { likerId: older.userId },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });
    await postLike(newer, me, { intent: "like" });
    const first = await getAs(me, "/api/auto-like.php", autoLikeLoader);
    expect(first.body).toMatchObject({ profile: { id: newer.profileId, main_image: null } });
    const second = await getAs(me, "/api/auto-like.php", autoLikeLoader);
    expect(second.body).toMatchObject({
      profile: { id: older.profileId, main_image: { match: `/photos/${older.photoIds[0]}/large` } },
    });
    expect((await getAs(me, "/api/auto-like.php", autoLikeLoader)).body).toEqual({ profile: null });
    expect((await getAs(null, "/api/auto-like.php", autoLikeLoader)).status).toBe(403);
  });

  it("GET /api/user.php carries the top bar's counts", async () => {
    const [me, liker] = [await createMember(), await createMember()];
    await postLike(liker, me, { intent: "like" });
    const answer = await getAs(me, "/api/user.php", userApiLoader);
    expect(answer.body).toMatchObject({ summary: { num_unread_messages: 0, num_new_likes: 1 } });
    expect((await getAs(null, "/api/user.php", userApiLoader)).body).toEqual({ user: null });
  });
});

describe("pages", () => {
  it("opening the liker's profile clears the new flag before the top bar counts", async () => {
    // A browser's document request gets the totals with the session, before the like is cleared.
    for (const accept of ["*/*", "text/html"]) {
      const [me, liker] = [await createMember(), await createMember()];
      await postLike(liker, me, { intent: "like" });
      const request = await siteRequest(`/likes/m/${liker.profileId}`, me.userId, {
        headers: { Accept: accept },
      });
      const root = await runRoute(request, [profileMiddleware[0]!, rootLoader], {
        id: String(liker.profileId),
      });
      expect({ accept, body: root.body }).toMatchObject({
        accept,
        body: { user: { counts: { newLikes: 0, unreadMessages: 0 } } },
      });
    }
  });

  it("a page's request reads the top bar's totals with the session; a photo's does not", async () => {
    const [me, liker] = [await createMember(), await createMember()];
    await postLike(liker, me, { intent: "like" });
    const countsOf = async (path: string, accept: string) => {
      let seen: unknown;
      const peek = (({ context }: { context: RouterContextProvider }) => {
        seen = context.get(requestInfoContext).memberCounts;
      }) as never;
      await runRoute(await siteRequest(path, me.userId, { headers: { Accept: accept } }), peek);
      return seen;
    };
    expect(await countsOf("/members", "text/html,application/xhtml+xml")).toEqual({
      unreadMessages: 0,
      newLikes: 1,
    });
    expect(await countsOf("/members.data", "*/*")).toEqual({ unreadMessages: 0, newLikes: 1 });
    expect(await countsOf(`/photos/1/small`, "image/avif,image/webp,*/*")).toBeNull();
    expect((await getAs(me, "/members", rootLoader)).body).toMatchObject({
      user: { counts: { newLikes: 1 } },
    });
  });

  it("the root loader gives the newest unannounced like for the no-JS banner only with ?t", async () => {
    const [me, liker] = [await createMember(), await createMember()];
    await postLike(liker, me, { intent: "like" });
    const withT = await getAs(me, "/members?t=2", rootLoader);
    expect(withT.body).toMatchObject({ user: { newestLike: { profileId: liker.profileId } } });
    expect((await getAs(me, "/members", rootLoader)).body).toMatchObject({ user: { newestLike: null } });
    const likeId = (withT.body as { user: { newestLike: { likeId: number } } }).user.newestLike.likeId;
    const request = await siteRequest("/likes/announced", me.userId, {
      form: { like: String(likeId), redirectTo: "/members?t=2&page=2" },
    });
    expect(await runRoute(request, announcedAction)).toMatchObject({
      status: 302,
      location: "/members?page=2",
    });
    expect((await getAs(me, "/members?t=2", rootLoader)).body).toMatchObject({ user: { newestLike: null } });
  });

  it("/likes/{type} lists each tab and 404s an unknown one", async () => {
    const [me, other] = [await createMember(), await createMember()];
    await postLike(me, other, { intent: "like" });
    await postLike(other, me, { intent: "like" });
    for (const type of ["received", "given", "matches"]) {
      const page = await getAs(me, `/likes/${type}`, likesLoader, { type });
      expect(page.body).toMatchObject({
        tab: type,
        total: 1,
        cards: [{ id: other.profileId, matched: true }],
      });
    }
    expect((await getAs(me, "/likes", likesLoader)).body).toMatchObject({ tab: "received" });
    expect((await getAs(me, "/likes/nope", likesLoader, { type: "nope" })).status).toBe(404);
    expect((await getAs(null, "/likes", likesLoader)).status).toBe(302);
  });

  it("a page left empty by a plain-form unlike shows the last page, with no Next past it", async () => {
    const me = await createMember();
    const liked: Member[] = [];
    for (let i = 0; i < LIKES_PAGE_SIZE + 1; i++) {
      const other = await createMember();
      await like(me.userId, other.profileId, ORIGIN);
      liked.push(other);
    }
    const onlyCard = liked[0]!; // the oldest: alone on page 2
    const before = await getAs(me, "/likes/given?page=2", likesLoader, { type: "given" });
    expect(before.body).toMatchObject({
      page: 2,
      pageCount: 2,
      total: 25,
      cards: [{ id: onlyCard.profileId }],
    });

    const unliked = await postLike(me, onlyCard, { intent: "unlike", redirectTo: "/likes/given?page=2" });
    expect(unliked).toMatchObject({ status: 302, location: "/likes/given?page=2" });
    const after = await getAs(me, unliked.location!, likesLoader, { type: "given" });
    expect(after.body).toMatchObject({ page: 1, pageCount: 1, total: 24 });
    expect((after.body!.cards as unknown[]).length).toBe(24);

    const { html, text } = renderRoute({
      Component: LikesRoute,
      path: "/likes/:type",
      url: "/likes/given?page=2",
      loaderData: after.body,
    });
    expect(text).toContain("Je vindt 24 leden leuk");
    expect(text).not.toContain("Je hebt nog niemand een like gegeven");
    expect(html).not.toContain('rel="next"');
  });
});
