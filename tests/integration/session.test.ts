import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession, getSession, sessionCookie } from "~/domain/accounts/session.server";
import { memberCounts } from "~/domain/notifications/member-counts.server";
import { searchViewer } from "~/domain/search/search-viewer.server";
import { db } from "~/lib/db.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";

let siteId: number;
const getSessionUser = async (request: Request) => (await getSession(request, siteId))?.user ?? null;

async function requestWith(sessionId: string) {
  const cookie = await sessionCookie().serialize(sessionId);
  return new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } });
}

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

  async function newSession(expiresInMs: number) {
    const id = randomBytes(24).toString("base64url");
    await db().session.create({ data: { id, userId, expiresAt: new Date(Date.now() + expiresInMs) } });
    return id;
  }

  it("finds the user of a valid session", async () => {
    const user = await getSessionUser(await requestWith(await newSession(60_000)));
    expect(user).toMatchObject({ id: userId, email: "sessie@example.com" });
  });

  it("reads the user as Prisma does: an unset list is empty, no profile is null", async () => {
    await db().$executeRaw`UPDATE "User" SET "notificationsDisabled" = NULL WHERE id = ${userId}`;
    const user = await getSessionUser(await requestWith(await newSession(60_000)));
    expect(user).toMatchObject({
      notificationsDisabled: [],
      profile: null,
      status: "confirmed",
      role: "member",
    });
    expect(user?.signupDate).toBeInstanceOf(Date);
  });

  it("opens nothing on another site: a member's cookie sent with another site's Host", async () => {
    const id = await newSession(60_000);
    const otherSite = await db().site.findFirstOrThrow({
      where: { id: { not: siteId } },
      select: { id: true },
    });
    expect(await getSession(await requestWith(id), otherSite.id)).toBeNull();
    expect(await getSession(await requestWith(id), siteId)).not.toBeNull();
  });

  it("ignores expired sessions, unknown ids and forged cookies", async () => {
    expect(await getSessionUser(await requestWith(await newSession(-1000)))).toBeNull();
    expect(await getSessionUser(await requestWith("no-such-session"))).toBeNull();
    const id = await newSession(60_000);
    const forged = new Request("http://localhost/", {
      headers: { Cookie: `auth.session=${btoa(JSON.stringify(id))}` },
    });
    expect(await getSessionUser(forged)).toBeNull();
    expect(await getSessionUser(new Request("http://localhost/"))).toBeNull();
  });

  it("reads the member's totals in the same statement for a page, and not otherwise", async () => {
    const liker = await createMember();
    await db().like.create({ data: { likerId: liker.userId, likedId: userId }, select: { id: true } });
    const request = await requestWith(await newSession(60_000));
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
    const id = await newSession(60_000);
    await db().user.update({ where: { id: userId }, data: { status: "deleted" } });
    expect(await getSessionUser(await requestWith(id))).toBeNull();
    await db().user.update({ where: { id: userId }, data: { status: "confirmed" } });
  });
});
