// Recorded consent (docs/decisions/0061-recorded-terms-consent.md): signing up records the terms
// version accepted; when the terms move past a member's signup and latest acceptance, the next page
// they open sends them to /terms/accept, while JSON calls and posts go on; accepting records the
// version with time and address and returns to where they were going.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eraseExpiredAccounts } from "~/domain/accounts/erase-accounts.server";
import { recordTermsAcceptance, termsAcceptances } from "~/domain/accounts/terms-acceptance.server";
import { resolveSite } from "~/domain/sites/site.server";
import { termsVersionDate } from "~/domain/sites/terms-date";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { DATA_REQUEST_HEADER } from "~/lib/data-request.server";
import { translatorFor } from "~/lib/translator.server";
import * as apiUserRoute from "~/routes/api.user";
import * as signupRoute from "~/routes/signup";
import * as termsAcceptRoute from "~/routes/terms.accept";
import { seedBaseData } from "../../prisma/seed/base-data";
import { forgetCachedReads } from "../fixtures/caches";
import { createMember } from "../fixtures/members";
import { nextIp, post, runRoute, siteRequest } from "../fixtures/run-route";

const nl = translatorFor("nl");
const DAY = 86_400_000;
const HTML = { Accept: "text/html,application/xhtml+xml" };

/** A page's loader stand-in: what the member gets when the middlewares let the request through. */
const page = () => ({ page: "opened" });

/** Moves the terms version of every site (the companies' `added` date) to `added`. */
async function termsMovedTo(added: Date) {
  await db().company.updateMany({ data: { added } });
  forgetCachedReads();
}

/** The current terms version of the test site, as the app computes it. */
async function currentVersion() {
  return termsVersionDate((await resolveSite("hartklop.nl")).company.added);
}

/** Opens `path` as the member with `headers` (a browser's document request unless told). */
async function open(path: string, userId: number, headers: Record<string, string> = HTML) {
  return runRoute(await siteRequest(path, userId, { headers }), page);
}

const accept = (userId: number, form: Record<string, string>, ip?: string) =>
  post("/terms/accept", { userId }, form, termsAcceptRoute.action, ip ? { ip } : {});

beforeAll(async () => {
  await seedBaseData(db());
  forgetCachedReads();
});

afterAll(async () => {
  await stopJobs();
});

describe("signing up", () => {
  beforeEach(() => termsMovedTo(new Date("2024-03-15T09:00:00Z")));

  it("records the terms version of that moment, with the time and the address", async () => {
    const ip = nextIp();
    const email = `consent-${Date.now()}@example.com`;
    const form = {
      email,
      email_checked: email,
      name: "Instemmer",
      password: "Zomer-2026!",
      date_of_birth: "1990-05-05",
      gender: "female",
      seeking_gender: "male",
      place: "Utrecht",
      accept_terms: "on",
    };
    const started = Date.now();
    const outcome = await post("/signup", null, form, signupRoute.action, { ip });
    expect(outcome.status).toBe(302);
    const user = await db().user.findFirstOrThrow({ where: { email }, select: { id: true } });
    const rows = await db().termsAcceptance.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.termsVersion).toEqual(await currentVersion());
    expect(rows[0]!.ip).toBe(ip);
    expect(rows[0]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(await termsAcceptances(user.id)).toEqual([
      { termsVersion: rows[0]!.termsVersion, acceptedAt: rows[0]!.acceptedAt },
    ]);
  });
});

describe("when the terms move past the member's signup", () => {
  let userId: number;

  beforeEach(async () => {
    await termsMovedTo(new Date("2024-03-15T09:00:00Z"));
    userId = (await createMember({ signupDate: new Date(Date.now() - 30 * DAY) })).userId;
    await termsMovedTo(new Date(Date.now() - DAY));
  });

  it("sends the next page opened to the form, which returns there", async () => {
    const document = await open("/chats?tab=2", userId);
    expect(document.status).toBe(302);
    expect(document.location).toBe(`/terms/accept?redirectTo=${encodeURIComponent("/chats?tab=2")}`);
  });

  it("does so for a navigation's data request too, without React Router's own parts", async () => {
    const marked = await open("/likes?_routes=routes%2Flikes", userId, { [DATA_REQUEST_HEADER]: "1" });
    expect(marked.location).toBe(`/terms/accept?redirectTo=${encodeURIComponent("/likes")}`);
    const root = await open("/_root.data", userId, {});
    expect(root.location).toBe(`/terms/accept?redirectTo=${encodeURIComponent("/")}`);
  });

  it("lets JSON calls, event streams and posts through, so an open chat keeps working", async () => {
    const json = await runRoute(
      await siteRequest("/api/user.php", userId, { headers: { Accept: "application/json" } }),
      apiUserRoute.loader,
    );
    expect(json.status).toBe(200);
    expect((json.body as { user: unknown }).user).not.toBeNull();
    expect((await open("/api/events", userId, { Accept: "text/event-stream" })).status).toBe(200);
    const posted = await runRoute(await siteRequest("/likes/announced", userId, { form: {} }), page);
    expect(posted.status).toBe(200);
  });

  it("keeps the static pages, logging out and the form itself reachable", async () => {
    for (const path of ["/pages/terms", "/pages/privacy", "/logout", "/terms/accept?redirectTo=%2F"]) {
      expect((await open(path, userId)).status, path).toBe(200);
    }
  });

  it("asks staff before their pages too", async () => {
    const staff = (await createMember({ role: "admin", signupDate: new Date(Date.now() - 30 * DAY) })).userId;
    expect((await open("/staff/members", staff)).location).toBe(
      `/terms/accept?redirectTo=${encodeURIComponent("/staff/members")}`,
    );
  });

  it("shows the form with the terms' date; accepting records the version and returns", async () => {
    const form = await runRoute(
      await siteRequest("/terms/accept?redirectTo=%2Fchats", userId, { headers: HTML }),
      termsAcceptRoute.loader,
    );
    expect(form.status).toBe(200);
    expect((form.body as { termsDate: string }).termsDate).toBe(
      new Intl.DateTimeFormat("nl", { dateStyle: "long", timeZone: "UTC" }).format(await currentVersion()),
    );

    const ip = nextIp();
    const accepted = await accept(userId, { accept_terms: "on", redirectTo: "/chats?tab=2" }, ip);
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe("/chats?tab=2");
    const rows = await db().termsAcceptance.findMany({ where: { userId } });
    expect(rows.map((row) => ({ termsVersion: row.termsVersion, ip: row.ip }))).toEqual([
      { termsVersion: await currentVersion(), ip },
    ]);
    expect(Date.now() - rows[0]!.acceptedAt.getTime()).toBeLessThan(60_000);

    // Accepted: pages open again, and the form sends the member on.
    expect(await open("/chats?tab=2", userId)).toMatchObject({ status: 200, body: { page: "opened" } });
    const again = await runRoute(
      await siteRequest("/terms/accept?redirectTo=%2Flikes", userId, { headers: HTML }),
      termsAcceptRoute.loader,
    );
    expect(again.location).toBe("/likes");
    // A second press records nothing more.
    await accept(userId, { accept_terms: "on", redirectTo: "/" });
    expect(await db().termsAcceptance.count({ where: { userId } })).toBe(1);
  });

  it("refuses a form without the box ticked, recording nothing", async () => {
    const refused = await accept(userId, { redirectTo: "/chats" });
    expect(refused.status).toBe(400);
    const reply = refused.body as { error: Record<string, string[]> };
    expect(reply.error.accept_terms).toEqual([nl("consent:accept.required")]);
    expect(await db().termsAcceptance.count({ where: { userId } })).toBe(0);
  });

  it("goes home instead of to an address off the site", async () => {
    for (const redirectTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const member = (await createMember({ signupDate: new Date(Date.now() - 30 * DAY) })).userId;
      const accepted = await accept(member, { accept_terms: "on", redirectTo });
      expect(accepted.location, redirectTo).toBe("/");
    }
    const member = (await createMember({ signupDate: new Date(Date.now() - 30 * DAY) })).userId;
    const loop = await accept(member, { accept_terms: "on", redirectTo: "/terms/accept?redirectTo=/x" });
    expect(loop.location).toBe("/");
  });

  it("asks again when the terms move past the latest acceptance", async () => {
    await accept(userId, { accept_terms: "on", redirectTo: "/" });
    expect((await open("/likes", userId)).status).toBe(200);
    await termsMovedTo(new Date(Date.now() - 60_000));
    expect((await open("/likes", userId)).location).toBe(
      `/terms/accept?redirectTo=${encodeURIComponent("/likes")}`,
    );
    await accept(userId, { accept_terms: "on", redirectTo: "/likes" });
    // Newest first: the version just accepted, then the one before.
    const versions = (await termsAcceptances(userId)).map((row) => row.termsVersion);
    expect(versions).toHaveLength(2);
    expect(versions[0]).toEqual(await currentVersion());
    expect(versions[0]!.getTime()).toBeGreaterThan(versions[1]!.getTime());
  });
});

describe("a member who signed up after the current terms", () => {
  it("is not asked", async () => {
    await termsMovedTo(new Date(Date.now() - DAY));
    const userId = (await createMember()).userId;
    expect(await open("/chats", userId)).toMatchObject({ status: 200, body: { page: "opened" } });
    const form = await runRoute(
      await siteRequest("/terms/accept?redirectTo=%2Fchats", userId, { headers: HTML }),
      termsAcceptRoute.loader,
    );
    expect(form.location).toBe("/chats");
    expect(await db().termsAcceptance.count({ where: { userId } })).toBe(0);
  });
});

describe("erasure", () => {
  it("keeps the record of what was accepted, without the address it came from", async () => {
    const { userId } = await createMember();
    const termsVersion = await currentVersion();
    await recordTermsAcceptance({ userId, termsVersion, ip: "10.1.2.3" });
    await db().user.update({
      where: { id: userId },
      data: { status: "deleted", deletedAt: new Date(Date.now() - 20 * DAY) },
    });
    await eraseExpiredAccounts();
    const rows = await db().termsAcceptance.findMany({
      where: { userId },
      select: { termsVersion: true, ip: true },
    });
    expect(rows).toEqual([{ termsVersion, ip: null }]);
  });
});
