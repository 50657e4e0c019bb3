import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { block, unblock } from "~/domain/profiles/blocks.server";
import { loadProfileView } from "~/domain/profiles/profile-view.server";
import { loggedOutSearchAllowed } from "~/domain/sites/visitor-access.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { translatorFor } from "~/lib/translator.server";
import MemberRoute, { action, loader } from "~/routes/members.$id";
import { seedBaseData } from "../../prisma/seed/base-data";
import { renderRoute } from "../fixtures/render-route";
import { ORIGIN, contextFor, createMember, type Member } from "../fixtures/members";
import { settle, type Outcome } from "../fixtures/route-outcome";

let site: Site;
let otherSite: Site;

/** The request context for a viewer, on the default site with some of its settings changed. */
const contextForViewer = (viewer: Member | null, siteOverride: Partial<Site> = {}) =>
  contextFor(viewer, { ...site, ...siteOverride });

type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];

/** GET /members/{id} as the viewer (null: a visitor). */
async function view(
  profileId: number | string,
  viewer: Member | null,
  {
    siteOverride = {},
    query = "",
    cookie,
  }: { siteOverride?: Partial<Site>; query?: string; cookie?: string } = {},
) {
  const context = await contextForViewer(viewer, siteOverride);
  const headers = cookie ? { Cookie: cookie } : undefined;
  const request = new Request(`${ORIGIN}/members/${profileId}${query}`, { headers });
  return settle(() =>
    loader({ request, context, params: { id: String(profileId) } } as unknown as LoaderArgs),
  );
}

/** POST /members/{id} as the viewer. */
async function post(profileId: number, viewer: Member | null, fields: Record<string, string>) {
  const context = await contextForViewer(viewer);
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  const request = new Request(`${ORIGIN}/members/${profileId}`, { method: "POST", body });
  return settle(() =>
    action({ request, context, params: { id: String(profileId) } } as unknown as ActionArgs),
  );
}

interface ProfileBody {
  viewer: string;
  view: {
    kind: string;
    own?: boolean;
    name?: string | null;
    byViewer?: boolean;
    byOwner?: boolean;
    profile?: {
      name: string;
      age: number | null;
      city: string | null;
      region: string | null;
      aboutMe: string | null;
      fields: { field: string; value: string }[];
      interests: string[] | null;
      isFictional: boolean;
      photoCount: number;
      photos: { id: number; isPrivate: boolean }[];
      lockedPhotos: number;
    };
    related?: { id: number; name: string }[];
  };
  ownInvisible?: boolean;
  fictional?: { icon: boolean; warning: boolean; singular: string };
}

const bodyOf = (outcome: Outcome) => outcome.body as unknown as ProfileBody;

/** The profile page for loader (and action) data, as text the browser shows. */
const renderPage = (loaderData: unknown, { actionData }: { actionData?: unknown } = {}) =>
  renderRoute({ Component: MemberRoute, path: "/members/:id", url: "/members/1", loaderData, actionData })
    .text;

beforeAll(async () => {
  await seedBaseData(db());
  site = await resolveSite("hartklop.nl");
  otherSite = await resolveSite("herzklopfen.de");
});

afterAll(async () => {
  await stopJobs();
});

describe("fields, photos and texts on a profile", () => {
  it("shows the fields the site's visible_profile_fields lists, never the date of birth", async () => {
    const viewer = await createMember({ gender: "male" });
    const target = await createMember({ interests: ["music", "hiking"], aboutMe: "Ik hou van wandelen." });
    const all = await view(target.profileId, viewer);
    expect(all.status).toBe(200);
    const profile = bodyOf(all).view.profile!;
    expect(profile.age).toBeGreaterThan(30);
    expect(profile.city).toBe("Amersfoort");
    expect(profile.region).toBe("Utrecht");
    expect(profile.fields).toEqual([
      { field: "gender", value: "female" },
      { field: "sexuality", value: "bi" },
      { field: "relationshipStatus", value: "living_together" },
      { field: "hairColor", value: "dark_blond" },
      { field: "eyeColor", value: "hazel" },
      { field: "bodyType", value: "slim" },
      { field: "tattoos", value: "some" },
      { field: "reason", value: "dating" },
    ]);
    expect(profile.interests).toEqual(["music", "hiking"]);
    // The free text only where the site shows profile notes.
    expect(profile.aboutMe).toBeNull();
    expect(JSON.stringify(all.body)).not.toContain("1990");

    const few = await view(target.profileId, viewer, {
      siteOverride: { visibleProfileFields: ["gender", "city", "hair_color"], visibleProfileNotes: true },
    });
    const limited = bodyOf(few).view.profile!;
    expect(limited.fields).toEqual([
      { field: "gender", value: "female" },
      { field: "hairColor", value: "dark_blond" },
    ]);
    expect(limited.age).toBeNull();
    expect(limited.region).toBeNull();
    expect(limited.city).toBe("Amersfoort");
    expect(limited.interests).toBeNull();
    expect(limited.aboutMe).toBe("Ik hou van wandelen.");

    const page = renderPage(all.body);
    expect(page).toContain(`${limited.name}, ${profile.age}`);
    expect(page).toContain("Haarkleur Donkerblond");
    expect(page).toContain("Relatiestatus Samenwonend");
    expect(page).toContain("Amersfoort, Utrecht, Nederland");
    expect(page).toContain("Muziek");
    expect(page).toContain("Wandelen");
    const limitedPage = renderPage(few.body);
    expect(limitedPage).not.toContain("Relatiestatus");
    expect(limitedPage).not.toContain("Muziek");
    expect(limitedPage).toContain("Ik hou van wandelen.");
  });

  it("shows private photos to Premium members only; others get the lock with its text", async () => {
    const target = await createMember({
      name: "Sanne",
      photos: [
        { visibility: "public" },
        { visibility: "private" },
        { visibility: "private" },
        { visibility: "public", status: "inspection" },
        { visibility: "public", status: "deleted" },
      ],
    });
    const [publicId, private1, private2] = target.photoIds;
    const free = await createMember({ gender: "male" });
    const premium = await createMember({ gender: "male", paidUser: true });

    const asFree = bodyOf(await view(target.profileId, free));
    expect(asFree.view.profile!.photos.map((p) => p.id)).toEqual([publicId]);
    expect(asFree.view.profile!.lockedPhotos).toBe(2);
    expect(asFree.view.profile!.photoCount).toBe(3);

    const asPremium = bodyOf(await view(target.profileId, premium));
    expect(asPremium.view.profile!.photos).toEqual([
      expect.objectContaining({ id: publicId, isPrivate: false }),
      expect.objectContaining({ id: private1, isPrivate: true }),
      expect.objectContaining({ id: private2, isPrivate: true }),
    ]);
    expect(asPremium.view.profile!.lockedPhotos).toBe(0);

    const asOwner = bodyOf(await view(target.profileId, target));
    expect(asOwner.view.own).toBe(true);
    expect(asOwner.view.profile!.lockedPhotos).toBe(0);

    const visitorOutcome = await view(target.profileId, null);
    const asVisitor = bodyOf(visitorOutcome);
    expect(asVisitor.viewer).toBe("visitor");
    expect(asVisitor.view.profile!.photos.map((p) => p.id)).toEqual([publicId]);

    const visitorPage = renderPage(visitorOutcome.body);
    expect(visitorPage).toContain("Om meer foto's van Sanne te zien moet je ingelogd zijn");
    expect(visitorPage).toContain("3 foto's");
    expect(visitorPage).not.toContain("Deze functie is alleen beschikbaar voor premium leden.");
    const freePage = renderPage(asFree);
    expect(freePage).toContain("Deze functie is alleen beschikbaar voor premium leden.");
    expect(freePage).not.toContain("Om meer foto's van Sanne");
    expect(renderPage(asPremium)).not.toContain("premium leden");
    const freeHtml = renderToStringOf(asFree);
    expect(freeHtml).toContain('href="/premium"');
    expect(freeHtml).toContain(`src="/photos/${publicId}/large"`);
    expect(freeHtml).not.toContain(`/photos/${private1}/`);
    expect(renderToStringOf(asPremium)).toContain(`/photos/${private1}/thumb`);

    // Other languages resolve the same keys (translations follow later).
    const de = translatorFor("de");
    expect(de("member:photos.visitorLock", { name: "Sanne" })).not.toBe("member:photos.visitorLock");
    expect(de("member:photos.premiumLock")).not.toBe("member:photos.premiumLock");
  });

  it("shows visitors the ordinary like, chat and gift buttons, each leading to the login page", async () => {
    const target = await createMember();
    const page = renderPage((await view(target.profileId, null)).body);
    expect(page).toContain("Like");
    expect(page).toContain("Chat");
    expect(page).toContain("Cadeautje");
    expect(page).not.toContain("Blokkeren");
    const html = renderToStringOf((await view(target.profileId, null)).body);
    for (const reason of ["like", "chat", "gift"]) {
      expect(html).toContain(
        `href="/login?redirectTo=%2Fmembers%2F${target.profileId}&amp;reason=${reason}"`,
      );
    }

    const member = await createMember({ gender: "male" });
    const memberPage = renderPage((await view(target.profileId, member)).body);
    expect(memberPage).toContain("Like");
    expect(memberPage).toContain("Blokkeren");
    // Members get the gift button too: the chat page with its gift picker open.
    expect(memberPage).toContain("Cadeautje");
    expect(renderToStringOf((await view(target.profileId, member)).body)).toContain(
      `href="/members/${target.profileId}/chat?gifts=1"`,
    );
  });

  it("marks fictional profiles with the icon and warning as the site's fictional_* settings say", async () => {
    const viewer = await createMember({ gender: "male" });
    const fictional = await createMember({ isFictional: true });
    const real = await createMember();
    const outcome = await view(fictional.profileId, viewer);
    expect(bodyOf(outcome).view.profile!.isFictional).toBe(true);
    const page = renderPage(outcome.body);
    expect(page).toContain("Fictief profiel");
    expect(page).toContain("Dit is een fictief profiel. Fysiek contact met dit profiel is niet mogelijk.");
    expect(renderPage((await view(real.profileId, viewer)).body)).not.toContain("Fictief profiel");

    const noWarning = await view(fictional.profileId, viewer, {
      siteOverride: { fictionalWarning: false, fictionalIcon: true },
    });
    const noWarningPage = renderPage(noWarning.body);
    expect(noWarningPage).toContain("Fictief profiel");
    expect(noWarningPage).not.toContain("Fysiek contact");
    const noIcon = renderPage(
      (
        await view(fictional.profileId, viewer, {
          siteOverride: { fictionalIcon: false, fictionalSingular: "nepprofiel" },
        })
      ).body,
    );
    expect(noIcon).not.toContain("Fictief profiel");
    expect(noIcon).toContain("Dit is een nepprofiel.");
  });

  it("shows the owners their own profile with a link to edit it, also while invisible", async () => {
    const owner = await createMember({ invisible: true });
    const outcome = await view(owner.profileId, owner);
    expect(outcome.status).toBe(200);
    expect(bodyOf(outcome).view.own).toBe(true);
    expect(bodyOf(outcome).ownInvisible).toBe(true);
    const page = renderPage(outcome.body);
    expect(page).toContain("Zo zien andere leden je profiel.");
    expect(page).toContain("Je bent onzichtbaar");
    expect(page).not.toContain("Blokkeren");
    expect(renderToStringOf(outcome.body)).toContain('href="/profile"');
  });
});

/** The page's HTML (for attributes). */
const renderToStringOf = (loaderData: unknown) =>
  renderRoute({ Component: MemberRoute, path: "/members/:id", url: "/members/1", loaderData }).html;

describe("who may see a profile", () => {
  it("answers 404 for disabled, invisible, deleted, unconfirmed, unknown and other-site profiles", async () => {
    const viewer = await createMember({ gender: "male" });
    const cases = [
      await createMember({ profileStatus: "disabled" }),
      await createMember({ invisible: true }),
      await createMember({ userStatus: "deleted" }),
      await createMember({ userStatus: "not_confirmed" }),
      await createMember({ siteId: otherSite.id }),
    ];
    for (const target of cases) {
      expect((await view(target.profileId, viewer)).status).toBe(404);
      expect((await view(target.profileId, null)).status).toBe(404);
    }
    expect((await view(999_999_999, viewer)).status).toBe(404);
    expect((await view("abc", viewer)).status).toBe(404);
    expect((await view("-3", viewer)).status).toBe(404);
    // Invisible and unconfirmed members still see themselves.
    expect((await view(cases[1]!.profileId, cases[1]!)).status).toBe(200);
    expect((await view(cases[3]!.profileId, cases[3]!)).status).toBe(200);
    // A deleted account is gone, also for its owner's old sessions.
    expect((await view(cases[2]!.profileId, viewer)).status).toBe(404);
  });

  it("shows the site's staff hidden profiles, marked as such and without the like buttons", async () => {
    const staff = await createMember({ role: "admin" });
    const hidden = [
      await createMember({ profileStatus: "disabled" }),
      await createMember({ invisible: true }),
      await createMember({ userStatus: "not_confirmed" }),
    ];
    for (const target of hidden) {
      const page = await view(target.profileId, staff);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ view: { kind: "profile", staffOnly: true, likes: null } });
      expect(renderToStringOf(page.body)).toContain('data-testid="staff-only-profile"');
    }
    // Deleted accounts and other sites stay out of reach; visible profiles are ordinary.
    expect((await view((await createMember({ userStatus: "deleted" })).profileId, staff)).status).toBe(404);
    expect((await view((await createMember({ siteId: otherSite.id })).profileId, staff)).status).toBe(404);
    const visible = await view((await createMember()).profileId, staff);
    expect(visible.body).toMatchObject({ view: { kind: "profile", staffOnly: false } });
  });

  it("lets visitors in as logged_out_search and logged_out_search_trafficsource allow", async () => {
    const target = await createMember();
    const path = `/members/${target.profileId}`;
    expect(
      loggedOutSearchAllowed({ loggedOutSearch: "all", loggedOutSearchTrafficsource: "none" }, false),
    ).toBe(true);
    expect(
      loggedOutSearchAllowed({ loggedOutSearch: "all", loggedOutSearchTrafficsource: "none" }, true),
    ).toBe(false);
    expect(
      loggedOutSearchAllowed({ loggedOutSearch: "none", loggedOutSearchTrafficsource: "all" }, true),
    ).toBe(true);

    const closed = { loggedOutSearch: "none", loggedOutSearchTrafficsource: "none" } as const;
    const refused = await view(target.profileId, null, { siteOverride: closed });
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);

    const onlyTraffic = { loggedOutSearch: "none", loggedOutSearchTrafficsource: "all" } as const;
    expect((await view(target.profileId, null, { siteOverride: onlyTraffic })).status).toBe(302);
    expect(
      (await view(target.profileId, null, { siteOverride: onlyTraffic, query: "?network=abc" })).status,
    ).toBe(200);
    const trackingCookie = `tracking=${encodeURIComponent(JSON.stringify({ ref: "partner7" }))}`;
    expect(
      (await view(target.profileId, null, { siteOverride: onlyTraffic, cookie: trackingCookie })).status,
    ).toBe(200);
    // sub1 alone is no traffic source.
    expect((await view(target.profileId, null, { siteOverride: onlyTraffic, query: "?sub1=x" })).status).toBe(
      302,
    );

    const notTraffic = { loggedOutSearch: "all", loggedOutSearchTrafficsource: "none" } as const;
    expect((await view(target.profileId, null, { siteOverride: notTraffic })).status).toBe(200);
    const withSource = await view(target.profileId, null, { siteOverride: notTraffic, query: "?ref=x" });
    expect(withSource.status).toBe(302);
    expect(withSource.location).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?ref=x`)}`);

    // Members are never refused by these settings.
    const member = await createMember({ gender: "male" });
    expect((await view(target.profileId, member, { siteOverride: closed })).status).toBe(200);
    // The domain rule says the same as the route.
    expect(
      await loadProfileView({
        profileId: target.profileId,
        site: { ...site, ...closed },
        viewer: null,
        trafficSource: false,
      }),
    ).toEqual({ kind: "login" });
  });
});

describe("blocking", () => {
  it("asks for confirmation before blocking; then hides the profile both ways until unblocked", async () => {
    const anna = await createMember({ name: "Anna" });
    const bram = await createMember({ name: "Bram", gender: "male" });

    // The first post only asks for confirmation (the page shows it without JavaScript).
    const ask = await post(anna.profileId, bram, { intent: "block" });
    expect(ask.status).toBe(200);
    expect(ask.body).toEqual({ confirmBlock: true });
    expect(await db().block.count({ where: { blockerId: bram.userId } })).toBe(0);
    const annaAsBram = (await view(anna.profileId, bram)).body;
    const confirmation = renderPage(annaAsBram, { actionData: ask.body });
    expect(confirmation).toContain("Anna blokkeren?");
    expect(confirmation).toContain("Ja, blokkeren");
    expect(confirmation).toContain("Annuleren");
    expect(renderToStringOf(annaAsBram)).not.toContain("Ja, blokkeren");

    const done = await post(anna.profileId, bram, { intent: "block", confirm: "1" });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/members/${anna.profileId}`);
    expect(
      await db().block.findMany({ where: { blockerId: bram.userId }, select: { blockedId: true } }),
    ).toEqual([{ blockedId: anna.userId }]);
    // Blocking twice changes nothing.
    expect((await post(anna.profileId, bram, { intent: "block", confirm: "1" })).status).toBe(302);
    expect(await db().block.count({ where: { blockerId: bram.userId } })).toBe(1);

    // Bram (who blocked) sees the notice with the way to lift the block, and no profile.
    const asBlocker = await view(anna.profileId, bram);
    expect(asBlocker.status).toBe(403);
    expect(bodyOf(asBlocker).view).toEqual({
      kind: "blocked",
      profileId: anna.profileId,
      name: "Anna",
      byViewer: true,
      byOwner: false,
    });
    const blockerPage = renderPage(asBlocker.body);
    expect(blockerPage).toContain("Je hebt Anna geblokkeerd.");
    expect(blockerPage).toContain("Blokkering opheffen");
    expect(JSON.stringify(asBlocker.body)).not.toContain("Amersfoort");

    // Anna (blocked) sees only the notice, not even the name, and cannot lift Bram's block.
    const asBlocked = await view(bram.profileId, anna);
    expect(asBlocked.status).toBe(403);
    expect(bodyOf(asBlocked).view).toMatchObject({
      kind: "blocked",
      name: null,
      byViewer: false,
      byOwner: true,
    });
    const blockedPage = renderPage(asBlocked.body);
    expect(blockedPage).toContain("Dit lid heeft je geblokkeerd.");
    expect(blockedPage).not.toContain("Blokkering opheffen");
    expect(blockedPage).not.toContain("Bram");
    expect((await post(bram.profileId, anna, { intent: "unblock" })).status).toBe(302);
    expect((await view(bram.profileId, anna)).status).toBe(403);

    // Unblocking restores both views.
    const lifted = await post(anna.profileId, bram, { intent: "unblock" });
    expect(lifted.status).toBe(302);
    expect(lifted.location).toBe(`/members/${anna.profileId}`);
    expect((await view(anna.profileId, bram)).status).toBe(200);
    expect((await view(bram.profileId, anna)).status).toBe(200);
  });

  it("shows both notices when both blocked each other, and refuses bad posts", async () => {
    const a = await createMember();
    const b = await createMember({ gender: "male" });
    expect(await block(a.userId, b.profileId)).toEqual({ ok: true, blockedUserId: b.userId });
    expect(await block(b.userId, a.profileId)).toEqual({ ok: true, blockedUserId: a.userId });
    const both = await view(b.profileId, a);
    expect(bodyOf(both).view).toMatchObject({ byViewer: true, byOwner: true });
    const page = renderPage(both.body);
    expect(page).toContain("Dit lid heeft je geblokkeerd.");
    expect(page).toContain("Blokkering opheffen");
    await unblock(a.userId, b.profileId);
    expect(bodyOf(await view(b.profileId, a)).view).toMatchObject({ byViewer: false, byOwner: true });
    await unblock(b.userId, a.profileId);

    expect(await block(a.userId, a.profileId)).toEqual({ ok: false, error: "self" });
    expect((await post(a.profileId, a, { intent: "block", confirm: "1" })).status).toBe(400);
    expect(await block(a.userId, 999_999_999)).toEqual({ ok: false, error: "notFound" });
    const foreign = await createMember({ siteId: otherSite.id });
    expect(await block(a.userId, foreign.profileId)).toEqual({ ok: false, error: "notFound" });
    expect((await post(b.profileId, a, { intent: "delete" })).status).toBe(400);
    // Visitors are sent to log in.
    const visitor = await post(b.profileId, null, { intent: "block", confirm: "1" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?redirectTo=/);
    expect(
      await db().block.count({ where: { OR: [{ blockerId: a.userId }, { blockerId: b.userId }] } }),
    ).toBe(0);
  });

  it("refuses to block a profile the member cannot see (its name would follow)", async () => {
    const viewer = await createMember({ gender: "male" });
    for (const hidden of [
      await createMember({ invisible: true, name: "Verborgen" }),
      await createMember({ userStatus: "not_confirmed", name: "Verborgen" }),
      await createMember({ profileStatus: "disabled", name: "Verborgen" }),
    ]) {
      expect(await block(viewer.userId, hidden.profileId)).toEqual({ ok: false, error: "notFound" });
      const outcome = await view(hidden.profileId, viewer);
      expect(outcome.status).toBe(404);
      expect(JSON.stringify(bodyOf(outcome) ?? null)).not.toContain("Verborgen");
    }
  });

  it("lets a blocker find an invisible member again to lift the block", async () => {
    const viewer = await createMember({ gender: "male" });
    const target = await createMember();
    await block(viewer.userId, target.profileId);
    await db().user.update({ where: { id: target.userId }, data: { invisible: true }, select: { id: true } });
    const outcome = await view(target.profileId, viewer);
    expect(outcome.status).toBe(403);
    expect(bodyOf(outcome).view).toMatchObject({ byViewer: true });
    await unblock(viewer.userId, target.profileId);
    expect((await view(target.profileId, viewer)).status).toBe(404);
  });
});

describe("related profiles", () => {
  it("lists similar members: same gender, age within 5 years, same region first, shared interests higher", async () => {
    const place = { country: "BE", region: "Limburg", dateOfBirth: "1971-03-01" };
    const subject = await createMember({ ...place, interests: ["wine", "cooking", "beach"] });
    const viewer = await createMember({ ...place, gender: "female" });
    const regionTwo = await createMember({ ...place, interests: ["wine", "cooking"], photos: [{}] });
    const regionNone = await createMember({ ...place, photos: [{}] });
    const regionOne = await createMember({ ...place, interests: ["beach"] });
    const elsewhereThree = await createMember({
      ...place,
      region: "Antwerpen",
      interests: ["wine", "cooking", "beach"],
    });
    const elsewhereNoRegion = await createMember({ ...place, region: null, dateOfBirth: "1975-12-01" });
    // Never listed:
    const excluded = [
      await createMember({ ...place, gender: "male" }),
      await createMember({ ...place, dateOfBirth: "1965-01-01" }),
      await createMember({ ...place, dateOfBirth: "1977-06-01" }),
      await createMember({ ...place, country: "NL" }),
      await createMember({ ...place, invisible: true }),
      await createMember({ ...place, profileStatus: "disabled" }),
      await createMember({ ...place, userStatus: "not_confirmed" }),
      await createMember({ ...place, userStatus: "deleted" }),
      await createMember({ ...place, siteId: otherSite.id }),
    ];
    const blockedByViewer = await createMember({ ...place });
    const blockedTheViewer = await createMember({ ...place });
    await block(viewer.userId, blockedByViewer.profileId);
    await block(blockedTheViewer.userId, viewer.profileId);

    const related = bodyOf(await view(subject.profileId, viewer)).view.related!;
    expect(related.map((r) => r.id)).toEqual([
      regionTwo.profileId,
      regionOne.profileId,
      regionNone.profileId,
      elsewhereThree.profileId,
      elsewhereNoRegion.profileId,
    ]);
    const ids = new Set(related.map((r) => r.id));
    for (const hidden of [subject, viewer, blockedByViewer, blockedTheViewer, ...excluded]) {
      expect(ids.has(hidden.profileId)).toBe(false);
    }
    // The related cards carry only an approved public main photo.
    const cards = related as unknown as { id: number; mainPhotoId: number | null }[];
    expect(cards.find((c) => c.id === regionTwo.profileId)!.mainPhotoId).toBe(regionTwo.photoIds[0]);
    expect(cards.find((c) => c.id === regionOne.profileId)!.mainPhotoId).toBeNull();

    // A visitor sees the blocked ones too (blocks are per member), but never more than six.
    for (let i = 0; i < 3; i++) await createMember({ ...place });
    const forVisitor = bodyOf(await view(subject.profileId, null)).view.related!;
    expect(forVisitor).toHaveLength(6);
    expect(forVisitor.map((r) => r.id).slice(0, 3)).toEqual([
      regionTwo.profileId,
      regionOne.profileId,
      regionNone.profileId,
    ]);
    const page = renderPage((await view(subject.profileId, viewer)).body);
    expect(page).toContain("Vergelijkbare profielen");
  });
});
