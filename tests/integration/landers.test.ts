// The landers (docs/product.md, Sites, languages and countries) as React Router calls them: every
// promotional and member lander answers with a signup form posting to itself, the slug's variants,
// attribution on signup, a visit per view and the bounce beacon (`?lb`).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LANDER_NAMES, LANDER_VISIT_FIELD } from "~/domain/landers/designs";
import { regionCounts } from "~/domain/landers/lander-members.server";
import { recordSignup } from "~/domain/landers/visits.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { action as activateAction, loader as activateLoader } from "~/routes/activate";
import { action as bounceAction } from "~/routes/api.lander-bounce";
import LanderPage, { action as landerAction, loader as landerLoader } from "~/routes/landers.$design";
import MemberLanderPage, {
  action as memberLanderAction,
  loader as memberLanderLoader,
} from "~/routes/members.$id.landing";
import { loader as memberChatLoader } from "~/routes/members.$id.chat";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, separateProfileIds, type Member } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, siteRequest, post, trackingCookie } from "../fixtures/run-route";
import { continueSignup } from "../fixtures/signup-steps";
import { untilAStatementWaitsOnALock } from "../fixtures/lock-waits";
import { forgetCachedReads } from "../fixtures/caches";

type Body = Record<string, unknown>;

let siteId: number;
let women: Member[];
let privateOnly: Member;
let hidden: Member[];
let emailCounter = 0;

beforeAll(async () => {
  await seedBaseData(db());
  await separateProfileIds();
  siteId = (await db().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } })).id;
  women = [
    await createMember({ name: "Utrechtse", region: "Utrecht", city: "Utrecht", photos: [{}, {}] }),
    await createMember({ name: "Fictief", region: "Utrecht", isFictional: true, photos: [{}] }),
    await createMember({ name: "Limburgse", region: "Limburg", city: "Maastricht", photos: [{}] }),
  ];
  // Only a private main photo: never on a lander.
  privateOnly = await createMember({ name: "Privé", photos: [{ visibility: "private" }] });
  hidden = [
    await createMember({ name: "Onzichtbaar", invisible: true, photos: [{}] }),
    await createMember({ name: "Uitgeschakeld", profileStatus: "disabled", photos: [{}] }),
    await createMember({ name: "Onbevestigd", userStatus: "not_confirmed", photos: [{}] }),
    await createMember({ name: "Belgische", country: "BE", region: "Antwerpen", photos: [{}] }),
  ];
});

beforeEach(async () => {
  await db().site.updateMany({
    where: { id: siteId },
    data: { signups: "all", memberResell: false, resellUrl: null, cdnPrefix: "" },
  });
  forgetCachedReads();
});

afterAll(async () => {
  await stopJobs();
});

const landerParams = (path: string): Record<string, string> => {
  const [, , design, slug] = path.split("?")[0]!.split("/");
  return slug ? { design: design!, slug } : { design: design! };
};

const memberParams = (path: string): Record<string, string> => {
  const [, , id, , slug] = path.split("?")[0]!.split("/");
  return slug ? { id: id!, slug } : { id: id! };
};

async function viewLander(path: string, userId: number | null = null) {
  return runRoute<Body>(await siteRequest(path, userId), landerLoader, landerParams(path));
}

async function viewMemberLander(path: string, userId: number | null = null) {
  return runRoute<Body>(await siteRequest(path, userId), memberLanderLoader, memberParams(path));
}

function signupForm(overrides: Record<string, string> = {}) {
  const email = `lander${++emailCounter}@example.com`;
  return {
    email,
    email_checked: email,
    name: `Nieuw${emailCounter}`,
    password: "Zomer-2026!",
    date_of_birth: "1990-05-05",
    gender: "male",
    seeking_gender: "female",
    place: "Utrecht",
    accept_terms: "on",
    ...overrides,
  };
}

/** Opens the activation mail's link as a visitor, then presses the page's log-in button. */
async function activateAndLogIn(mailText: string) {
  const token = /token=([\w-]+)/.exec(mailText)![1]!;
  const page = await runRoute<{ login: string }>(
    await siteRequest(`/activate?token=${token}`, null),
    activateLoader,
  );
  expect(page.status).toBe(200);
  return runRoute(
    await siteRequest("/activate", null, { form: { login: page.body!.login } }),
    activateAction,
  );
}

/** POSTs the form to a lander (`/landers/…` or a member's landing page) as a visitor. */
const postToLander = (
  path: string,
  form: Record<string, string>,
  handler: typeof landerAction | typeof memberLanderAction,
) =>
  post<Body>(path, null, form, handler as never, {
    params: handler === landerAction ? landerParams(path) : memberParams(path),
  });

/**
 * Signs up from a lander: its own first step, then the other steps on /signup (in one POST) with the
 * draft cookie, and the tracking cookie the lander's URL left. The outcome of the last POST.
 */
async function signUpOnLander(
  path: string,
  form: Record<string, string>,
  handler: typeof landerAction | typeof memberLanderAction,
  { cookie }: { cookie?: string } = {},
) {
  const first = await postToLander(path, form, handler);
  const query = path.split("?")[1];
  const tracking =
    cookie ?? (query && /network|campaign|ref|sub\d/.test(query) ? await trackingCookie(query) : undefined);
  return continueSignup<Body>(first, form, { cookie: tracking });
}

const memberIds = (body: Body | null) =>
  ((body?.page as { members: { id: number }[] }).members ?? []).map((m) => m.id);

describe("promotional landers", () => {
  it("every lander answers 200 with a signup form posting to itself, from visible members' public photos", async () => {
    for (const design of LANDER_NAMES) {
      const path = `/landers/${design}?network=adnet&sub1=s1`;
      const outcome = await viewLander(path);
      expect(outcome.status, design).toBe(200);
      const body = outcome.body!;
      expect(body.entry).toMatchObject({ signup: { open: true }, action: path, bounceToken: null });
      const ids = memberIds(body);
      expect(ids, design).toEqual(expect.arrayContaining(women.map((w) => w.profileId)));
      for (const other of [privateOnly, ...hidden]) expect(ids, design).not.toContain(other.profileId);

      const { html, text } = renderRoute({
        Component: LanderPage,
        path: "/landers/:design/:slug?",
        url: path,
        loaderData: body,
      });
      expect(html, design).toContain(`action="/landers/${design}?network=adnet&amp;sub1=s1"`);
      expect(html, design).toContain('name="gender"');
      for (const photo of [...privateOnly.photoIds, ...hidden.flatMap((m) => m.photoIds)]) {
        expect(html, design).not.toContain(`/photos/${photo}/`);
      }
      expect(html, design).toMatch(/srcSet="\/photos\/\d+\/thumb 240w, \/photos\/\d+\/large \d+w"/);
      expect(text, design).toContain("Fictief profiel");
    }
  });

  it("an unknown lander is a 404; a slug picks a region or theme, and an unknown slug the default", async () => {
    expect((await viewLander("/landers/nosuchlander")).status).toBe(404);
    const region = await viewLander("/landers/gallery/utrecht");
    expect((region.body!.page as Body).variant).toEqual({ kind: "region", region: "Utrecht" });
    expect(memberIds(region.body).sort()).toEqual([women[0]!.profileId, women[1]!.profileId].sort());
    const unknown = await viewLander("/landers/gallery/no-such-place");
    expect(unknown.status).toBe(200);
    expect((unknown.body!.page as Body).variant).toEqual({ kind: "default" });
    expect(memberIds(unknown.body)).toHaveLength(3);
    const men = await viewLander("/landers/collagelanding/men");
    // A theme without members falls back to the default rather than an empty page.
    expect((men.body!.page as Body).variant).toEqual({ kind: "default" });
    expect((await viewLander("/landers/gallery/%3Cscript%3E")).status).toBe(200);
    // Landers without a slug ignore one.
    expect((await viewLander("/landers/adultonly/utrecht")).status).toBe(200);
  });

  it("the map lander counts members per region and draws the country", async () => {
    const outcome = await viewLander("/landers/maplanding");
    const regions = (outcome.body!.page as Body).regions as { region: string; count: number }[];
    expect(regions).toContainEqual({ region: "Utrecht", count: 3 });
    expect(regions).toContainEqual({ region: "Limburg", count: 1 });
    const { html } = renderRoute({
      Component: LanderPage,
      path: "/landers/:design/:slug?",
      url: "/landers/maplanding",
      loaderData: outcome.body,
    });
    expect(html).toContain("<svg");
    expect(html).toContain("Noord-Holland");
  });

  it("keeps the map's counts and a region's members a few minutes per site, country and region", async () => {
    const utrechtCount = async () =>
      (
        (await viewLander("/landers/maplanding")).body!.page as {
          regions: { region: string; count: number }[];
        }
      ).regions.find((r) => r.region === "Utrecht")?.count;
    const before = await utrechtCount();
    const utrecht = memberIds((await viewLander("/landers/gallery/utrecht")).body);
    const newcomer = await createMember({ name: "Nieuwkomer", region: "Utrecht", photos: [{}] });
    try {
      // Paid-ad traffic: the next views are answered from the process's cache, not the database.
      expect(await utrechtCount()).toBe(before);
      expect(memberIds((await viewLander("/landers/gallery/utrecht")).body)).toEqual(utrecht);
      // Another site has its own entries.
      expect(await regionCounts(siteId + 1000, "NL")).toEqual([]);
      // A lander's answers are kept 3 minutes.
      const later = Date.now() + 3 * 60_000 + 1;
      const clock = vi.spyOn(Date, "now").mockReturnValue(later);
      try {
        expect(await utrechtCount()).toBe(before! + 1);
        expect(memberIds((await viewLander("/landers/gallery/utrecht")).body)).toContain(newcomer.profileId);
      } finally {
        clock.mockRestore();
      }
    } finally {
      await db().profile.update({ where: { id: newcomer.profileId }, data: { status: "disabled" } });
      forgetCachedReads();
    }
  });

  it("the video lander plays the slug's clip from the CDN when configured, else the slideshow", async () => {
    const plain = await viewLander("/landers/video/zomer");
    expect((plain.body!.page as Body).videoUrl).toBeNull();
    await db().site.updateMany({ where: { id: siteId }, data: { cdnPrefix: "https://cdn.example.com/" } });
    forgetCachedReads();
    const withCdn = await viewLander("/landers/video/zomer");
    expect((withCdn.body!.page as Body).videoUrl).toBe("https://cdn.example.com/landers/video/zomer.mp4");
    const { html } = renderRoute({
      Component: LanderPage,
      path: "/landers/:design/:slug?",
      url: "/landers/video/zomer",
      loaderData: withCdn.body,
    });
    expect(html).toContain('src="https://cdn.example.com/landers/video/zomer.mp4"');
    expect(html).toContain("lander-slideshow");
  });

  it("members are sent to the members area", async () => {
    expect(await viewLander("/landers/gallery", women[0]!.userId)).toMatchObject({
      status: 302,
      location: "/members",
    });
  });

  it("shows the partner offer instead of the form when signups are closed and the site resells", async () => {
    await db().site.updateMany({
      where: { id: siteId },
      data: { signups: "with_trafficsource", memberResell: true, resellUrl: "https://partner.example/join" },
    });
    forgetCachedReads();
    const closed = await viewLander("/landers/gallery");
    expect(closed.body!.entry).toMatchObject({
      signup: null,
      resell: { url: "https://partner.example/join" },
    });
    const { html } = renderRoute({
      Component: LanderPage,
      path: "/landers/:design/:slug?",
      url: "/landers/gallery",
      loaderData: closed.body,
    });
    expect(html).toContain('data-testid="resell-offer"');
    expect(html).not.toContain('name="gender"');
    // With a traffic source the form is back; a POST without one is refused.
    const open = await viewLander("/landers/gallery?network=adnet");
    expect(open.body!.entry).toMatchObject({ signup: { open: true }, resell: null });
    expect((await postToLander("/landers/gallery", signupForm(), landerAction)).status).toBe(403);
  });
});

describe("signing up on a lander", () => {
  it("stores the tracking data, the lander and the campaign token on the account", async () => {
    const form = signupForm();
    const path = "/landers/gallery/utrecht?network=adnet&ref=r9&sub1=a&sub2=b&sub3=c&campaign=summer-24";
    // The lander's form is the first step; the others follow on /signup.
    const first = await postToLander(path, form, landerAction);
    expect(first).toMatchObject({ status: 302, location: "/signup?step=1" });
    const outcome = await continueSignup(first, form, { cookie: await trackingCookie(path.split("?")[1]!) });
    expect(outcome).toMatchObject({ status: 302, location: "/signup-matches" });
    const user = await db().user.findFirstOrThrow({
      where: { email: form.email },
      select: {
        network: true,
        ref: true,
        sub1: true,
        sub2: true,
        sub3: true,
        lander: true,
        campaignToken: true,
      },
    });
    expect(user).toEqual({
      network: "adnet",
      ref: "r9",
      sub1: "a",
      sub2: "b",
      sub3: "c",
      lander: "gallery/utrecht",
      campaignToken: "summer-24",
    });
  });

  it("takes the tracking data from the cookie when the form's URL has none", async () => {
    const form = signupForm();
    const cookie = `tracking=${encodeURIComponent(JSON.stringify({ network: "cookienet", campaign: "c1" }))}`;
    const request = await siteRequest("/landers/tinderswipe", null, {
      form,
      headers: { Cookie: cookie, "X-Forwarded-For": "10.31.0.1" },
    });
    const first = await runRoute<Body>(request, landerAction, { design: "tinderswipe" });
    const outcome = await continueSignup(first, form, { cookie });
    expect(outcome.status).toBe(302);
    const user = await db().user.findFirstOrThrow({
      where: { email: form.email },
      select: { network: true, lander: true, campaignToken: true },
    });
    expect(user).toEqual({ network: "cookienet", lander: "tinderswipe", campaignToken: "c1" });
  });

  it("answers a refused form on the lander with the errors and the typed values, never the password", async () => {
    const outcome = await postToLander("/landers/adultonly", signupForm({ gender: "" }), landerAction);
    expect(outcome.status).toBe(400);
    const result = (outcome.body as { result: { initialValue: Record<string, string>; error: Body } }).result;
    expect(outcome.body).toMatchObject({ step: 0 });
    expect(result.error).toHaveProperty("gender");
    expect(result.initialValue.name).toMatch(/^Nieuw/);
    expect(result.initialValue).not.toHaveProperty("password");
    // The terms are accepted in the account step, on /signup: refused there, with the lander's draft kept.
    const form = signupForm({ accept_terms: "" });
    const first = await postToLander("/landers/adultonly", form, landerAction);
    const refused = await continueSignup(first, form);
    expect(refused).toMatchObject({ status: 400, body: { step: 3 } });
    expect((refused.body as { result: { error: Body } }).result.error).toHaveProperty("accept_terms");
    expect(await db().user.count({ where: { email: form.email } })).toBe(0);
  });
});

describe("member landers", () => {
  const kinds = ["landing", "landing2", "landing2/zomer", "landing3", "landing3/whatever", "signup"];

  it("every member lander shows the member's public profile with a signup form posting to itself", async () => {
    const member = women[0]!;
    for (const kind of kinds) {
      const path = `/members/${member.profileId}/${kind}`;
      const outcome = await viewMemberLander(path);
      expect(outcome.status, kind).toBe(200);
      expect(outcome.body!.profile).toMatchObject({
        id: member.profileId,
        name: "Utrechtse",
        city: "Utrecht",
      });
      expect(outcome.body!.entry).toMatchObject({ signup: { open: true }, action: path });
      const { html, text } = renderRoute({
        Component: MemberLanderPage,
        path: "/members/:id/*",
        url: path,
        loaderData: outcome.body,
      });
      expect(html, kind).toContain(`action="${path}"`);
      expect(text, kind).toContain("Utrechtse");
    }
  });

  it("shows the main photo first, however late it was uploaded, then the oldest others", async () => {
    const member = await createMember({ name: "Veelfoto", photos: Array.from({ length: 6 }, () => ({})) });
    const [first, second, third, , , last] = member.photoIds;
    await db().profile.update({ where: { id: member.profileId }, data: { mainPhotoId: last } });
    const outcome = await viewMemberLander(`/members/${member.profileId}/landing`);
    const photos = (outcome.body!.profile as { photos: { id: number }[] }).photos.map((p) => p.id);
    expect(photos).toEqual([last, first, second, third]);
    // A main photo made private is not shown (nor first).
    await db().photo.update({ where: { id: last }, data: { visibility: "private" } });
    const again = await viewMemberLander(`/members/${member.profileId}/landing`);
    expect((again.body!.profile as { photos: { id: number }[] }).photos.map((p) => p.id)).toEqual(
      member.photoIds.slice(0, 4),
    );
    await db().profile.update({ where: { id: member.profileId }, data: { status: "disabled" } });
  });

  it("never shows private photos, and an invisible, disabled, unconfirmed or unknown profile is a 404", async () => {
    const own = await viewMemberLander(`/members/${privateOnly.profileId}/landing`);
    expect(own.status).toBe(200);
    expect(own.body!.profile).toMatchObject({ photos: [] });
    for (const other of hidden.slice(0, 3)) {
      expect((await viewMemberLander(`/members/${other.profileId}/landing`)).status).toBe(404);
    }
    expect((await viewMemberLander(`/members/999999/landing`)).status).toBe(404);
    expect((await viewMemberLander(`/members/${hidden[1]!.profileId}/signup`)).status).toBe(404);
    // A user id is not a profile id.
    expect((await viewMemberLander(`/members/${women[0]!.userId}/landing`)).status).toBe(404);
    const refused = await postToLander(
      `/members/${hidden[0]!.profileId}/landing`,
      signupForm(),
      memberLanderAction,
    );
    expect(refused.status).toBe(404);
  });

  it("a visitor's /members/{id}/chat leads to the lander, which says a login is needed", async () => {
    const member = women[2]!;
    const chat = await runRoute<Body>(
      await siteRequest(`/members/${member.profileId}/chat?network=adnet`, null),
      memberChatLoader,
      { id: String(member.profileId) },
    );
    expect(chat).toMatchObject({
      status: 302,
      location: `/members/${member.profileId}/landing?network=adnet&reason=chat`,
    });
    const lander = await viewMemberLander(chat.location!);
    expect(lander.body!.notice).toBe("Je moet ingelogd zijn om te chatten");
  });

  it("signing up stores the member lander, and activation leads straight to that member's chat", async () => {
    const member = women[1]!;
    const form = signupForm();
    const outcome = await signUpOnLander(
      `/members/${member.profileId}/landing2/zomer?network=adnet`,
      form,
      memberLanderAction,
    );
    expect(outcome).toMatchObject({ status: 302, location: "/complete-signup" });
    const user = await db().user.findFirstOrThrow({
      where: { email: form.email },
      select: { id: true, lander: true, network: true },
    });
    expect(user).toMatchObject({ lander: `members/${member.profileId}/landing2/zomer`, network: "adnet" });

    const mail = await db().mail.findFirstOrThrow({
      where: { userId: user.id, template: "activation" },
      select: { text: true },
    });
    const activated = await activateAndLogIn(mail.text);
    expect(activated).toMatchObject({ status: 302, location: `/members/${member.profileId}/chat` });
  });

  it("after a promotional lander's signup, activation shows the usual page", async () => {
    const form = signupForm();
    await signUpOnLander("/landers/gallery", form, landerAction);
    const user = await db().user.findFirstOrThrow({ where: { email: form.email }, select: { id: true } });
    const mail = await db().mail.findFirstOrThrow({
      where: { userId: user.id, template: "activation" },
      select: { text: true },
    });
    const activated = await activateAndLogIn(mail.text);
    expect(activated.location).toBe("/activate/done");
  });
});

describe("visits and bounces", () => {
  it("records one visit per view with the lander, slug, campaign, network and sub1", async () => {
    const before = await db().landerVisit.count();
    await viewLander("/landers/socialnetwork/utrecht?network=net7&sub1=x&campaign=camp7");
    await viewMemberLander(`/members/${women[0]!.profileId}/landing3/vip?network=net7`);
    expect(await db().landerVisit.count()).toBe(before + 2);
    const visits = await db().landerVisit.findMany({
      where: { network: "net7" },
      orderBy: { id: "asc" },
      select: { lander: true, slug: true, campaignToken: true, network: true, sub1: true, bouncedAt: true },
    });
    expect(visits).toEqual([
      {
        lander: "socialnetwork",
        slug: "utrecht",
        campaignToken: "camp7",
        network: "net7",
        sub1: "x",
        bouncedAt: null,
      },
      {
        lander: `members/${women[0]!.profileId}/landing3`,
        slug: "vip",
        campaignToken: null,
        network: "net7",
        sub1: null,
        bouncedAt: null,
      },
    ]);
  });

  it("with ?lb the page gets a signed visit; the beacon sets bouncedAt once and refuses a bad one", async () => {
    const without = await viewLander("/landers/gallery?network=net8");
    expect((without.body!.entry as Body).bounceToken).toBeNull();
    const outcome = await viewLander("/landers/gallery?lb&network=net8");
    const token = (outcome.body!.entry as Body).bounceToken as string;
    expect(token).toMatch(/^\d+\.[\w-]{22}$/);
    const id = Number(token.split(".")[0]);

    const beacon = async (visit: string) =>
      runRoute(await siteRequest("/api/lander-bounce", null, { form: { visit } }), bounceAction);
    expect((await beacon(token)).status).toBe(204);
    const first = await db().landerVisit.findUniqueOrThrow({ where: { id }, select: { bouncedAt: true } });
    expect(first.bouncedAt).toBeInstanceOf(Date);
    expect((await beacon(token)).status).toBe(204);
    const again = await db().landerVisit.findUniqueOrThrow({ where: { id }, select: { bouncedAt: true } });
    expect(again.bouncedAt).toEqual(first.bouncedAt);

    // Another visit's id with this signature, a made-up signature, garbage: refused, nothing set.
    const other = await viewLander("/landers/gallery?network=net8");
    const otherId = (
      await db().landerVisit.findFirstOrThrow({ orderBy: { id: "desc" }, select: { id: true } })
    ).id;
    expect(other.status).toBe(200);
    expect((await beacon(`${otherId}.${token.split(".")[1]}`)).status).toBe(404);
    expect((await beacon(`${otherId}.AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await beacon("nonsense")).status).toBe(404);
    expect(
      await db().landerVisit.findUniqueOrThrow({ where: { id: otherId }, select: { bouncedAt: true } }),
    ).toEqual({
      bouncedAt: null,
    });
    // A correctly signed id of a visit that no longer exists.
    const gone = (await viewLander("/landers/gallery?lb&network=net8")).body!.entry as Body;
    await db().landerVisit.delete({ where: { id: Number((gone.bounceToken as string).split(".")[0]) } });
    expect((await beacon(gone.bounceToken as string)).status).toBe(404);
  });

  it("a signup from the visit clears its bounce (the form carries the visit); another visit keeps its own", async () => {
    const path = "/landers/gallery?lb&network=net9";
    const visitOf = async () => {
      const outcome = await viewLander(path);
      const token = (outcome.body!.entry as Body).bounceToken as string;
      return { outcome, token, id: Number(token.split(".")[0]) };
    };
    const bouncedAt = async (id: number) =>
      (await db().landerVisit.findUniqueOrThrow({ where: { id }, select: { bouncedAt: true } })).bouncedAt;
    const beacon = async (visit: string) =>
      runRoute(await siteRequest("/api/lander-bounce", null, { form: { visit } }), bounceAction);

    const converted = await visitOf();
    const other = await visitOf();
    const { html } = renderRoute({
      Component: LanderPage,
      path: "/landers/:design/:slug?",
      url: path,
      loaderData: converted.outcome.body,
    });
    expect(html).toContain(`name="${LANDER_VISIT_FIELD}" value="${converted.token}"`);
    // The visitor left (the beacon came), came back and signed up.
    await beacon(converted.token);
    await beacon(other.token);
    expect(await bouncedAt(converted.id)).toBeInstanceOf(Date);
    const signedUp = await signUpOnLander(
      path,
      { ...signupForm(), [LANDER_VISIT_FIELD]: converted.token },
      landerAction,
    );
    expect(signedUp).toMatchObject({ status: 302, location: "/signup-matches" });
    expect(await bouncedAt(converted.id)).toBeNull();
    expect(await bouncedAt(other.id)).toBeInstanceOf(Date);
    // A refused signup, or a forged visit, clears nothing.
    const refused = await signUpOnLander(
      path,
      { ...signupForm({ accept_terms: "" }), [LANDER_VISIT_FIELD]: other.token },
      landerAction,
    );
    expect(refused.status).toBe(400);
    const forged = `${other.id}.AAAAAAAAAAAAAAAAAAAAAA`;
    expect(
      (await signUpOnLander(path, { ...signupForm(), [LANDER_VISIT_FIELD]: forged }, landerAction)).location,
    ).toBe("/signup-matches");
    expect(await bouncedAt(other.id)).toBeInstanceOf(Date);
  });

  it("a beacon that comes after the signup (the page leaving on its redirect, a late beacon) marks no bounce", async () => {
    const path = "/landers/gallery?lb&network=net10";
    const outcome = await viewLander(path);
    const token = (outcome.body!.entry as Body).bounceToken as string;
    const id = Number(token.split(".")[0]);
    const beacon = async () =>
      runRoute(await siteRequest("/api/lander-bounce", null, { form: { visit: token } }), bounceAction);

    const signedUp = await signUpOnLander(
      path,
      { ...signupForm(), [LANDER_VISIT_FIELD]: token },
      landerAction,
    );
    expect(signedUp).toMatchObject({ status: 302, location: "/signup-matches" });
    expect((await beacon()).status).toBe(204);
    expect((await beacon()).status).toBe(204);
    expect(await db().landerVisit.findUniqueOrThrow({ where: { id }, select: { bouncedAt: true } })).toEqual({
      bouncedAt: null,
    });
  });

  it("a beacon waiting on the signup's uncommitted transaction marks no bounce once it commits", async () => {
    const outcome = await viewLander("/landers/gallery?lb&network=net11");
    const token = (outcome.body!.entry as Body).bounceToken as string;
    const id = Number(token.split(".")[0]);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let marked!: () => void;
    const signedUp = new Promise<void>((resolve) => (marked = resolve));
    // Another app process's signup, between marking the visit and its commit.
    const signup = db().$transaction(async (tx) => {
      await recordSignup(siteId, token, tx);
      marked();
      await held;
    });
    await signedUp;
    const beacon = siteRequest("/api/lander-bounce", null, { form: { visit: token } }).then((request) =>
      runRoute(request, bounceAction),
    );
    await untilAStatementWaitsOnALock();
    commit();
    await signup;
    expect((await beacon).status).toBe(204);
    expect(
      await db().landerVisit.findUniqueOrThrow({
        where: { id },
        select: { bouncedAt: true, signedUpAt: true },
      }),
    ).toEqual({ bouncedAt: null, signedUpAt: expect.any(Date) });
  });

  it("a refused signup POST renders the lander again without counting another visit", async () => {
    const before = await db().landerVisit.count();
    const request = await siteRequest("/landers/gallery", null, {
      form: signupForm({ gender: "" }),
      headers: { "X-Forwarded-For": "10.32.0.1" },
    });
    // As React Router does for a document POST: the action, then the loaders with the same context.
    const outcome = await runRoute<Body>(request, [landerAction as never, landerLoader as never], {
      design: "gallery",
    });
    expect(outcome.status).toBe(200);
    expect(await db().landerVisit.count()).toBe(before);
  });
});
