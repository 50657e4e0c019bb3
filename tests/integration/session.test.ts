import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession, endSession, getSession } from "~/middleware/session.server";
import { memberCounts } from "~/domain/accounts/member-counts.server";
import { searchViewer } from "~/domain/search/search-viewer.server";
import { db } from "~/lib/db.server";
import { requestInfoMiddleware } from "~/middleware/request-info.server";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { settle } from "../fixtures/route-outcome";

let siteId: number;
const getSessionUser = async (request: Request) => (await getSession(request, siteId))?.user ?? null;

/** A request that sends `cookie` (name=value, as a browser sends it). */
const requestWith = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("getSession", () => {
  let userId: number;
  beforeAll(async () => {
    const sites = await seedBaseData(db());
    siteId = sites.nl;
    const user = await db().user.create({
      data: { siteId: sites.nl, email: "sessie@example.com", status: "confirmed" },
      select: { id: true },
    });
    userId = user.id;
  });

  let opened = 0;
  /** The login cookie of a new session of the user, as logging in makes it, ending in `expiresInMs`. */
  async function newSession(expiresInMs: number) {
    const userAgent = `session-test-${++opened}`;
    const login = new Request("http://localhost/login", { headers: { "User-Agent": userAgent } });
    const cookie = (await createSession(userId, login)).split(";")[0]!;
    await db().session.updateMany({
      where: { userAgent },
      data: { expiresAt: new Date(Date.now() + expiresInMs) },
    });
    return cookie;
  }

  it("finds the user of a valid session", async () => {
    const user = await getSessionUser(requestWith(await newSession(60_000)));
    expect(user).toMatchObject({ id: userId, email: "sessie@example.com" });
  });

  it("reads the user as Prisma does: an unset list is empty, no profile is null", async () => {
    await db().$executeRaw`UPDATE "User" SET "notificationsDisabled" = NULL WHERE id = ${userId}`;
    const user = await getSessionUser(requestWith(await newSession(60_000)));
    expect(user).toMatchObject({
      notificationsDisabled: [],
      profile: null,
      status: "confirmed",
      role: "member",
    });
    expect(user?.signupDate).toBeInstanceOf(Date);
  });

  it("opens nothing on another site: a member's cookie sent with another site's Host", async () => {
    const cookie = await newSession(60_000);
    const otherSite = await db().site.findFirstOrThrow({
      where: { id: { not: siteId } },
      select: { id: true },
    });
    expect(await getSession(requestWith(cookie), otherSite.id)).toBeNull();
    expect(await getSession(requestWith(cookie), siteId)).not.toBeNull();
  });

  it("ignores expired sessions, unknown ids and forged cookies", async () => {
    expect(await getSessionUser(requestWith(await newSession(-1000)))).toBeNull();
    const ended = await newSession(60_000);
    await endSession(requestWith(ended));
    expect(await getSessionUser(requestWith(ended))).toBeNull();
    // The session's id without the signature.
    const signed = await newSession(60_000);
    const forged = signed.slice(0, signed.lastIndexOf("."));
    expect(await getSessionUser(requestWith(forged))).toBeNull();
    expect(await getSessionUser(requestWith(signed))).not.toBeNull();
    expect(await getSessionUser(new Request("http://localhost/"))).toBeNull();
  });

  it("reads the member's totals in the same statement for a page, and not otherwise", async () => {
    const liker = await createMember();
    await db().like.create({ data: { likerId: liker.userId, likedId: userId }, select: { id: true } });
    const request = requestWith(await newSession(60_000));
    expect((await getSession(request, siteId))?.counts).toBeNull();
    const counts = (await getSession(request, siteId, { withCounts: true }))?.counts;
    expect(counts).toEqual({ unreadMessages: 0, newLikes: 1 });
    expect(counts).toEqual(await memberCounts(userId));
  });

  it("reads the member as the search sees them in the same statement when asked, and not otherwise", async () => {
    const member = await createMember({ siteId, gender: "male", seekingGender: "female", region: "Zeeland" });
    const [blocked, blocker] = [await createMember(), await createMember()];
    await db().block.createMany({
      data: [
        { blockerId: member.userId, blockedId: blocked.userId },
        { blockerId: blocker.userId, blockedId: member.userId },
      ],
    });
    const cookie = await createSession(member.userId, new Request("http://localhost/login"));
    const request = new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
    expect((await getSession(request, siteId, { withCounts: true }))?.searchViewer).toBeNull();
    const viewer = (await getSession(request, siteId, { withCounts: true, withSearchViewer: true }))
      ?.searchViewer;
    expect(viewer).toEqual(await searchViewer(member.userId));
    expect(viewer?.hiddenUserIds.sort()).toEqual([member.userId, blocked.userId, blocker.userId].sort());
    expect(viewer?.profile).toEqual({
      gender: "male",
      seekingGender: "female",
      country: "NL",
      region: "Zeeland",
    });
    expect(viewer?.listingVersion).not.toBeNull();
  });

  it("ends with the account: a deleted user has no session", async () => {
    const cookie = await newSession(60_000);
    await db().user.update({ where: { id: userId }, data: { status: "deleted" } });
    expect(await getSessionUser(requestWith(cookie))).toBeNull();
    await db().user.update({ where: { id: userId }, data: { status: "confirmed" } });
  });
});

// The sites, also when only the tests below run (seeding twice finds what is there).
beforeAll(async () => {
  await seedBaseData(db());
});

/** What the root middleware makes of `answer`, the route's response to `request`. */
async function throughMiddleware(request: Request, answer: () => Response) {
  const args = { request, context: new RouterContextProvider(), params: {}, unstable_pattern: "" };
  return (await requestInfoMiddleware(args as never, async () => answer())) as Response;
}

describe("logging out with a GET", () => {
  const sessionsOf = (userId: number) => db().session.count({ where: { userId } });

  it("ends the session when asked from one of our own pages", async () => {
    const member = await createMember();
    for (const headers of [
      { "Sec-Fetch-Site": "same-origin" } as Record<string, string>,
      { Referer: "http://hartklop.nl/chats" },
      { Origin: "http://hartklop.nl" },
    ]) {
      for (const path of ["/api/logout.php", "/logout"]) {
        const request = await siteRequest(path, member.userId, { headers });
        expect(await runRoute(request, logoutLoader)).toMatchObject({ status: 302, location: "/" });
        expect(await sessionsOf(member.userId), `${path} ${JSON.stringify(headers)}`).toBe(0);
      }
    }
  });

  it("asked from another site (or from nowhere it tells), shows a button instead; the button logs out", async () => {
    const member = await createMember();
    for (const headers of [
      { "Sec-Fetch-Site": "cross-site" } as Record<string, string>,
      { "Sec-Fetch-Site": "same-site", Referer: "http://hartklop.nl/" },
      { Referer: "https://evil.example/" },
      // The same host under another scheme.
      { Referer: "https://hartklop.nl/chats" },
      {},
    ]) {
      const request = await siteRequest("/api/logout.php", member.userId, { headers });
      const outcome = await runRoute(request, logoutLoader);
      expect(outcome, JSON.stringify(headers)).toMatchObject({
        status: 200,
        location: null,
        body: { title: "Uitloggen?" },
      });
    }
    // Each siteRequest made a session; none of them ended.
    expect(await sessionsOf(member.userId)).toBe(5);
    const press = await siteRequest("/logout", member.userId, { form: {} });
    expect(await runRoute(press, logoutAction)).toMatchObject({ status: 302, location: "/" });
    expect(await sessionsOf(member.userId)).toBe(5);
  });

  it("sends a visitor home: there is nothing to end", async () => {
    const request = await siteRequest("/api/logout.php", null, {
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(await runRoute(request, logoutLoader)).toMatchObject({ status: 302, location: "/" });
  });
});

describe("answers to a logged-in member", () => {
  it("are kept by no cache; a visitor's, and answers the same for everyone, keep their caching", async () => {
    const member = await createMember();
    const page = () => new Response("<html></html>", { headers: { "Content-Type": "text/html" } });
    const asMember = await throughMiddleware(await siteRequest("/chats", member.userId), page);
    expect(asMember.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await throughMiddleware(await siteRequest("/chats.data", member.userId), () =>
      Response.json({}, { headers: { "Cache-Control": "private, max-age=300" } }),
    );
    expect(data.headers.get("Cache-Control")).toBe("private, no-store");
    const stream = await throughMiddleware(
      await siteRequest("/api/events", member.userId),
      () => new Response("", { headers: { "Cache-Control": "no-cache, no-transform" } }),
    );
    expect(stream.headers.get("Cache-Control")).toBe("private, no-store, no-transform");
    const translations = "public, max-age=31536000, immutable";
    const shared = await throughMiddleware(await siteRequest("/resources/locales/nl", member.userId), () =>
      Response.json({}, { headers: { "Cache-Control": translations } }),
    );
    expect(shared.headers.get("Cache-Control")).toBe(translations);
    const asVisitor = await throughMiddleware(await siteRequest("/chats", null), page);
    expect(asVisitor.headers.get("Cache-Control")).toBeNull();
  });
});

describe("a page's content security policy", () => {
  it("allows only our own scripts, with the request's nonce, and forbids framing; other answers get none", async () => {
    const page = await throughMiddleware(
      await siteRequest("/", null),
      () => new Response("<html></html>", { headers: { "Content-Type": "text/html" } }),
    );
    const csp = page.headers.get("Content-Security-Policy")!;
    expect(csp.split("; ").find((directive) => directive.startsWith("script-src"))).toMatch(
      /^script-src 'self' 'nonce-[\w+/]{22}==' 'strict-dynamic'$/,
    );
    expect(csp).toContain("frame-ancestors 'none'");
    const call = await throughMiddleware(await siteRequest("/api/settings.php", null), () =>
      Response.json({}),
    );
    expect(call.headers.get("Content-Security-Policy")).toBeNull();
  });
});

describe("a call that changes something", () => {
  it("is refused when its Origin is not ours as a whole: an http page may not call the https site", async () => {
    const member = await createMember();
    const call = async (url: string, origin: string) => {
      const cookie = (await siteRequest("/", member.userId)).headers.get("Cookie")!;
      const request = new Request(url, {
        method: "PUT",
        headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
        body: "{}",
      });
      return settle(() => throughMiddleware(request, () => new Response(null, { status: 204 })));
    };
    expect((await call("https://hartklop.nl/api/user.php", "https://hartklop.nl")).status).toBe(204);
    expect((await call("https://hartklop.nl/api/user.php", "http://hartklop.nl")).status).toBe(403);
    expect((await call("http://hartklop.nl/api/user.php", "http://hartklop.nl:8080")).status).toBe(403);
  });
});
