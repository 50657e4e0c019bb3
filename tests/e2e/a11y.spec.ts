// axe (WCAG 2.2 AA and best practices) on every page of routes.ts a GET reaches, as a visitor, a free
// member, a Premium member and staff, and on the modals. Every other spec is checked too (the a11y
// fixture in fixtures.ts); this one makes sure no page is left out.
import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { LANDER_NAMES, landerTakesSlug } from "../../app/domain/landers/lander-names";
import { STATIC_PAGES } from "../../app/domain/sites/static-pages.server";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test, whenInteractive, type A11y } from "./fixtures";

type Member = Awaited<ReturnType<typeof createMember>>;

/** The page routes (modules with a component) of routes.ts, as URL patterns. */
function pagePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.index ? prefix || "/" : entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = (entry.index || entry.path) && entry.file.endsWith(".tsx") ? [here.replace(/\/+/g, "/")] : [];
    return [...own, ...pagePaths(entry.children ?? [], here === "/" ? "" : here)];
  });
}

/** Example URLs for each page route; a new page route without examples fails the test. */
async function pageUrls(
  profileId: number,
  chat: { id: number; receivedMessageId: number } | null,
): Promise<string[]> {
  const profile = `/members/${profileId}`;
  const examples: Record<string, string[]> = {
    "/pages/:page": STATIC_PAGES.map((page) => `/pages/${page}`),
    "/dev/outbox/:mailId": ["/dev/outbox/999999"],
    "/unsubscribe/:token": ["/unsubscribe/not-a-token"],
    "/members/:id": [profile],
    "/likes/m/:id": [profile.replace("/members/", "/likes/m/")],
    "/likes/:type": ["/likes/received", "/likes/given", "/likes/matches"],
    "/credits/:id/:paymentmethod?": ["/credits/1", "/credits/1/ideal"],
    "/transactions/:id": ["/transactions/999999"],
    "/dev/mollie/checkout/:id": ["/dev/mollie/checkout/tr_unknown"],
    "/landers/:design/:slug?": LANDER_NAMES.flatMap((name) =>
      landerTakesSlug(name) ? [`/landers/${name}`, `/landers/${name}/utrecht`] : [`/landers/${name}`],
    ),
    "/members/:id/landing": [`${profile}/landing`],
    "/members/:id/landing2/:slug?": [`${profile}/landing2`, `${profile}/landing2/zomer`],
    "/members/:id/landing3/:slug?": [`${profile}/landing3`],
    "/members/:id/signup": [`${profile}/signup`],
    "/chats/:id": chat ? [`/chats/${chat.id}`] : ["/chats/999999"],
    "/chats/:id/report": chat
      ? [`/chats/${chat.id}/report?message=${chat.receivedMessageId}`]
      : ["/chats/999999/report?message=1"],
    "/members/:id/chat": [`${profile}/chat`],
    "/:token": ["/no-such-campaign"],
    // The first seeded demo member (staff see the page; everyone else its 404).
    "/staff/members/:id": ["/staff/members/1"],
    "/staff/members/:id/:action": ["/staff/members/1/ban", "/staff/members/1/end-sessions"],
  };
  return pagePaths(await routes).flatMap((path) => {
    const urls = path.includes(":") ? examples[path] : [path];
    expect(urls, `examples for ${path}`).toBeDefined();
    return urls!;
  });
}

/** The page URLs in groups small enough for one test each. */
const GROUPS: Record<string, (url: string) => boolean> = {
  landers: (url) => url.startsWith("/landers/") || /^\/members\/\d+\/(landing|signup)/.test(url),
  "members area": (url) => /^\/(members|match-finder|swipe-game|likes|chats|profile)/.test(url),
  payments: (url) => /^\/(premium|credits|directdebit|transactions|dev\/mollie|pricing)/.test(url),
  "other pages": () => true,
};

function groupOf(url: string) {
  return Object.keys(GROUPS).find((group) => GROUPS[group]!(url))!;
}

/** Visits each URL and checks the page it lands on (a redirect's target counts once). */
async function checkAll(page: Page, a11y: A11y, urls: string[]) {
  for (const url of urls) {
    await page.goto(url);
    await a11y.check();
  }
}

async function profileIdOf(member: Member) {
  const { id } = await e2eDb().profile.findUniqueOrThrow({
    where: { userId: member.id },
    select: { id: true },
  });
  return id;
}

/** A seeded member with photos, as the pages show real profiles. */
async function seededProfileId() {
  const { id } = await e2eDb().profile.findFirstOrThrow({
    where: {
      status: "active",
      user: { status: "confirmed", invisible: false, email: { endsWith: "@demo.hartklop.test" } },
      mainPhoto: { status: "active", visibility: "public" },
      photos: { some: { status: "active", visibility: "private" } },
    },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return id;
}

/** A conversation between the member and another, started through the send form. */
async function startChat(
  page: Page,
  member: Member,
  otherProfileId: number,
  testInfo: Parameters<typeof jsEnabled>[0],
) {
  await e2eDb().user.update({ where: { id: member.id }, data: { credits: 100 }, select: { id: true } });
  await page.goto(`/members/${otherProfileId}/chat`);
  await whenInteractive(page, testInfo);
  if (jsEnabled(testInfo)) await expect(page.getByTestId("chat-counter")).toBeVisible();
  const icebreakers = page.getByRole("dialog");
  if (await icebreakers.isVisible()) await page.keyboard.press("Escape");
  await page.getByRole("textbox", { name: "Bericht" }).fill("Hoi, hoe gaat het?");
  await page.getByTestId("send-button").click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  return Number(/\/chats\/(\d+)$/.exec(page.url())![1]);
}

test.describe("accessibility (axe)", () => {
  test.describe.configure({ timeout: 240_000 });
  // The examples include unknown ids on purpose: their 404 pages are checked too.
  test.beforeEach(() => {
    test.info().annotations.push({ type: "allow-console-errors" });
  });

  test("the entry warning", async ({ page, a11y }) => {
    await page.goto("/");
    await expect(page.getByTestId("entry-warning")).toBeVisible();
    await a11y.check();
  });

  for (const group of Object.keys(GROUPS)) {
    test(`${group} as a visitor`, async ({ page, context, baseURL, a11y }) => {
      await acceptEntryWarning(context, baseURL!);
      const urls = await pageUrls(await seededProfileId(), null);
      await checkAll(
        page,
        a11y,
        urls.filter((url) => groupOf(url) === group),
      );
    });
  }

  for (const [kind, group] of (["free", "premium", "staff"] as const).flatMap((kind) =>
    Object.keys(GROUPS).map((group) => [kind, group] as const),
  )) {
    test(`${group} as a ${kind} member`, async ({ page, context, baseURL, a11y }, testInfo) => {
      await acceptEntryWarning(context, baseURL!);
      const member = await createMember();
      if (kind !== "free") {
        await e2eDb().user.update({
          where: { id: member.id },
          data: { paidUser: true, ...(kind === "staff" ? { role: "admin" } : {}) },
          select: { id: true },
        });
      }
      const otherMember = await createMember();
      const other = await profileIdOf(otherMember);
      await login(page, member.email, member.password);
      let chat = null;
      if (group === "members area") {
        const chatId = await startChat(page, member, other, testInfo);
        // A reply, so the conversation offers to report it and its report page has an example.
        const reply = await e2eDb().message.create({
          data: {
            conversationId: chatId,
            senderId: otherMember.id,
            kind: "text",
            body: "Goed, en jij?",
            credits: 0,
          },
          select: { id: true },
        });
        chat = { id: chatId, receivedMessageId: reply.id };
        await page.getByTestId("gift-picker").getByRole("link").click();
        await expect(page.getByTestId("gift-picker").getByRole("heading")).toBeVisible();
        await a11y.check();
      }
      const urls = await pageUrls(await seededProfileId(), chat);
      await checkAll(
        page,
        a11y,
        urls.filter((url) => groupOf(url) === group),
      );
    });
  }

  // Lighthouse checks on a phone: links that sit on one line on a desktop wrap into rows there, and
  // WCAG 2.2's target size (24 px) applies to each row.
  test("the main pages on a phone", async ({ page, context, baseURL, a11y }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await acceptEntryWarning(context, baseURL!);
    const profile = `/members/${await seededProfileId()}`;
    await checkAll(page, a11y, [
      "/",
      "/login",
      "/signup",
      "/landers/gallery",
      "/landers/tinderswipe",
      profile,
    ]);
    const member = await createMember();
    await login(page, member.email, member.password);
    await checkAll(page, a11y, ["/members", profile, "/likes", "/chats", "/credits", "/settings"]);
  });

  test("the New like! modal and the time-bonus modal", async ({ page, context, baseURL, a11y }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "the modals need JavaScript");
    await acceptEntryWarning(context, baseURL!);
    const liker = await createMember();
    const member = await createMember();
    await e2eDb().like.create({ data: { likerId: liker.id, likedId: member.id }, select: { id: true } });
    await page.clock.install();
    await login(page, member.email, member.password, "/members?t=2");
    await whenInteractive(page, testInfo);
    const likeModal = page.getByTestId("new-like-modal");
    await page.clock.fastForward(6_000);
    await expect(likeModal).toBeVisible();
    await a11y.check();
    await page.keyboard.press("Escape");
    await expect(likeModal).toHaveCount(0);
    await page.clock.fastForward(41_000);
    await expect(page.getByTestId("time-bonus-modal")).toBeVisible();
    await a11y.check();
  });
});
