import type { Browser, Page } from "@playwright/test";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test, whenInteractive } from "./fixtures";

type Member = Awaited<ReturnType<typeof createMember>>;

async function profileOf(member: Member) {
  return e2eDb().profile.findUniqueOrThrow({
    where: { userId: member.id },
    select: { id: true, name: true },
  });
}

/** A second browser (another member's device), with or without JavaScript like the test's project. */
async function secondDevice(browser: Browser, baseURL: string, javaScriptEnabled: boolean, member: Member) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await acceptEntryWarning(context, baseURL);
  const page = await context.newPage();
  await login(page, member.email, member.password, "/likes");
  // /likes shows the received likes, and its tab says so.
  await expect(page.getByRole("link", { name: "Ontvangen" })).toHaveAttribute("aria-current", "page");
  return { context, page };
}

async function likeOnProfile(page: Page, profileId: number) {
  await page.goto(`/members/${profileId}`);
  const button = page.getByTestId("profile-actions").getByTestId("like-button");
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toContainText("Geliked");
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

test("two members like each other and both see the match", async ({ page, browser, baseURL }, testInfo) => {
  const anna = await createMember();
  const bram = await createMember();
  const [annaProfile, bramProfile] = [await profileOf(anna), await profileOf(bram)];

  await login(page, anna.email, anna.password, `/members/${bramProfile.id}`);
  await likeOnProfile(page, bramProfile.id);

  const other = await secondDevice(browser, baseURL!, jsEnabled(testInfo), bram);
  // Bram sees the new like: the badge on Likes, the card flagged new among the received likes.
  await expect(other.page.getByRole("link", { name: /Likes/ }).getByLabel("1 nieuwe like")).toBeVisible();
  const received = other.page.getByTestId("likes-received");
  const card = received.getByTestId("member-card").filter({ hasText: annaProfile.name });
  await expect(card.getByTestId("new-like")).toBeVisible();
  await card.getByRole("link", { name: new RegExp(annaProfile.name) }).click();
  await expect(other.page).toHaveURL(new RegExp(`/likes/m/${annaProfile.id}$`));
  await expect(other.page.getByTestId("likes-you-badge")).toBeVisible();
  // Opening the profile cleared the flag, so the badge is gone.
  await expect(other.page.getByRole("link", { name: /Likes/ }).getByLabel("1 nieuwe like")).toHaveCount(0);
  await other.page.getByTestId("profile-actions").getByTestId("like-button").click();
  if (jsEnabled(testInfo)) {
    await expect(other.page.getByTestId("profile-actions").getByRole("status")).toContainText("match");
  } else {
    await expect(other.page.getByTestId("like-notice")).toContainText("Het is een match!");
  }
  await expect(other.page.getByTestId("match-badge")).toBeVisible();

  await other.page.goto("/likes/matches");
  await expect(other.page.getByTestId("likes-matches")).toContainText(annaProfile.name);
  await page.goto("/likes/matches");
  const annaMatches = page.getByTestId("likes-matches");
  await expect(annaMatches).toContainText(bramProfile.name);
  await expect(annaMatches.getByTestId("match-chat")).toBeVisible();
  await other.context.close();

  const pairs = await e2eDb().match.count({
    where: { userAId: Math.min(anna.id, bram.id), userBId: Math.max(anna.id, bram.id) },
  });
  expect(pairs).toBe(1);
});

test("unliking from a search card keeps the page and can be undone", async ({ page }, testInfo) => {
  const member = await createMember();
  await login(page, member.email, member.password, "/members");
  const card = page.getByTestId("search-results").getByTestId("member-card").first();
  const button = card.getByTestId("like-button");
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await whenInteractive(page, testInfo);
  if (jsEnabled(testInfo)) await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  if (jsEnabled(testInfo)) {
    // Liked without a page load: the marker set on this document is still there.
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  }
  await expect(page).toHaveURL(/\/members(\?|$)/);
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => e2eDb().like.count({ where: { likerId: member.id } })).toBe(0);
});

test("a visitor's like asks to log in and returns to the profile", async ({ page }) => {
  const member = await createMember();
  const target = await profileOf(await createMember());
  await page.goto(`/members/${target.id}`);
  await page.getByTestId("visitor-actions").getByRole("link", { name: "Like" }).click();
  await expect(page.getByTestId("login-reason")).toHaveText("Je moet ingelogd zijn om een like te geven");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${target.id}$`));
  await expect(page.getByTestId("profile-actions").getByTestId("like-button")).toBeVisible();
});

test("a new like: top bar badge, tab title and the New like! modal or banner", async ({ page }, testInfo) => {
  const liker = await createMember();
  const member = await createMember();
  const likerProfile = await profileOf(liker);
  await e2eDb().like.create({ data: { likerId: liker.id, likedId: member.id }, select: { id: true } });

  await login(page, member.email, member.password, "/members?t=2");
  await expect(page.getByRole("link", { name: /Likes/ }).getByLabel("1 nieuwe like")).toBeVisible();
  if (jsEnabled(testInfo)) {
    await expect(page).toHaveTitle(/^\(1\) /);
    const modal = page.getByTestId("new-like-modal");
    await expect(modal).toBeVisible({ timeout: 6_000 });
    await expect(modal).toContainText("Nieuwe like!");
    await expect(modal).toContainText(likerProfile.name);
    await expect(page).not.toHaveURL(/[?&]t=/);
    // Clicking the overlay closes it; the like is announced once.
    await modal.click({ position: { x: 5, y: 5 } });
    await expect(modal).toHaveCount(0);
  } else {
    const banner = page.getByTestId("new-like-banner");
    await expect(banner).toContainText(likerProfile.name);
    await banner.getByRole("button", { name: "Sluiten" }).click();
    await expect(page).not.toHaveURL(/[?&]t=/);
    await expect(page.getByTestId("new-like-banner")).toHaveCount(0);
  }
  await expect
    .poll(
      async () =>
        (
          await e2eDb().like.findFirstOrThrow({
            where: { likedId: member.id },
            select: { announcedAt: true },
          })
        ).announcedAt,
    )
    .not.toBeNull();
  await page.goto("/likes/received?t=1");
  await expect(page.getByTestId("likes-received")).toContainText(likerProfile.name);
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId("new-like-modal")).toHaveCount(0);
  await expect(page.getByTestId("new-like-banner")).toHaveCount(0);
});

test("a like reaches the liked member's open page at once: the badge updates without a reload", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the live stream needs JavaScript");
  const anna = await createMember();
  const bram = await createMember();
  const bramProfile = await profileOf(bram);
  const other = await secondDevice(browser, baseURL!, true, bram);
  await whenInteractive(other.page, testInfo);
  // Bram's live stream is open (it registers the tab) before Anna likes him.
  await expect.poll(() => e2eDb().openTab.count({ where: { userId: bram.id } })).toBeGreaterThan(0);
  const badge = other.page.getByRole("link", { name: /Likes/ }).getByLabel("1 nieuwe like");
  await expect(badge).toHaveCount(0);

  await login(page, anna.email, anna.password, `/members/${bramProfile.id}`);
  await likeOnProfile(page, bramProfile.id);
  // Well within the 300 s the polling waits while the stream is open.
  await expect(badge).toBeVisible({ timeout: 5_000 });
  await other.context.close();
});
