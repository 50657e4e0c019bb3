import type { Browser } from "@playwright/test";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, login, expect, jsEnabled, test } from "./fixtures";

async function profileIdOf(userId: number) {
  const profile = await e2eDb().profile.findUniqueOrThrow({
    where: { userId },
    select: { id: true, name: true },
  });
  return profile;
}

/** A seeded member others may see, with an approved public main photo and an approved private photo. */
async function seededProfileWithPrivatePhoto() {
  const profile = await e2eDb().profile.findFirstOrThrow({
    where: {
      status: "active",
      isFictional: false,
      user: {
        status: "confirmed",
        invisible: false,
        email: { endsWith: "@demo.hartklop.test" },
        site: { isDefault: true },
      },
      mainPhoto: { status: "active", visibility: "public" },
      photos: { some: { status: "active", visibility: "private" } },
      hairColor: { not: null },
    },
    orderBy: { id: "asc" },
    select: { id: true, name: true, hairColor: true },
  });
  return profile;
}

/** Another device (browser context) logged in as a member. */
async function otherDevice(browser: Browser, baseURL: string, email: string, password: string, path: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  await acceptEntryWarning(context, baseURL);
  const page = await context.newPage();
  await login(page, email, password, path);
  return { context, page };
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
  // The blocked notice answers 403 (by design), which Chromium logs as a failed resource; any other
  // console error still fails the test (checked below).
  test.info().annotations.push({ type: "allow-console-errors" });
});

test.afterEach(({ consoleErrors }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) return;
  const unexpected = consoleErrors.filter((e) => !/the server responded with a status of 403/.test(e));
  expect(unexpected, "console errors").toEqual([]);
});

test("a member opens a seeded profile and sees its fields, photos and the premium lock", async ({ page }) => {
  const member = await createMember();
  const seeded = await seededProfileWithPrivatePhoto();
  await login(page, member.email, member.password, `/members/${seeded.id}`);
  await expect(page).toHaveURL(new RegExp(`/members/${seeded.id}$`));
  const view = page.getByTestId("profile-view");
  await expect(view.getByRole("heading", { level: 1 })).toContainText(seeded.name);
  await expect(view.getByTestId("profile-fields")).toContainText("Haarkleur");
  await expect(view.getByTestId("photo-count")).toContainText("foto");
  const main = view.getByTestId("main-photo");
  await expect(main).toBeVisible();
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const lock = view.getByTestId("photo-lock");
  await expect(lock).toContainText("Deze functie is alleen beschikbaar voor premium leden.");
  await expect(lock.getByRole("link", { name: "Word Premium" })).toHaveAttribute("href", "/premium");
  await expect(view.getByRole("button", { name: "Blokkeren" })).toBeVisible();
  // Related profiles link to their own profile pages.
  const related = view.getByTestId("related-profiles").getByRole("link").first();
  const relatedName = (await related.innerText()).split(",")[0]!;
  await related.click();
  await expect(page.getByTestId("profile-view").getByRole("heading", { level: 1 })).toContainText(
    relatedName,
  );
  await expect(page).not.toHaveURL(new RegExp(`/members/${seeded.id}$`));
  // The same page under /likes/m/{id}.
  await page.goto(`/likes/m/${seeded.id}`);
  await expect(page.getByTestId("profile-view").getByRole("heading", { level: 1 })).toContainText(
    seeded.name,
  );
});

test("a Premium member sees the private photos too", async ({ page }) => {
  const member = await createMember();
  await e2eDb().user.update({ where: { id: member.id }, data: { paidUser: true }, select: { id: true } });
  const seeded = await seededProfileWithPrivatePhoto();
  await login(page, member.email, member.password, `/members/${seeded.id}`);
  const view = page.getByTestId("profile-view");
  await expect(view.getByTestId("photo-lock")).toHaveCount(0);
  const thumbs = view.getByTestId("photo-thumb");
  await expect(thumbs.first()).toBeVisible();
  const count = await thumbs.count();
  await expect(view.getByTestId("photo-count")).toContainText(String(count));
  await expect(view.getByText("Privé").first()).toBeVisible();
  for (let i = 0; i < count; i++) {
    await thumbs.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbs.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
});

test("a visitor sees a profile with the login prompts", async ({ page }) => {
  const seeded = await seededProfileWithPrivatePhoto();
  await page.goto(`/members/${seeded.id}`);
  const view = page.getByTestId("profile-view");
  await expect(view.getByTestId("photo-lock")).toContainText(
    `Om meer foto's van ${seeded.name} te zien moet je ingelogd zijn`,
  );
  const actions = view.getByTestId("visitor-actions");
  await expect(actions.getByRole("link", { name: "Like" })).toBeVisible();
  await expect(actions.getByRole("link", { name: "Cadeautje" })).toBeVisible();
  await actions.getByRole("link", { name: "Chat" }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fmembers%2F${seeded.id}&reason=chat$`));
  await expect(page.getByTestId("login-reason")).toHaveText("Je moet ingelogd zijn om te chatten");
});

test("a member blocks a profile after confirming, the other sees the notice, then unblocks", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const blocker = await createMember();
  const other = await createMember();
  const blockerProfile = await profileIdOf(blocker.id);
  const otherProfile = await profileIdOf(other.id);
  const path = `/members/${otherProfile.id}`;

  await login(page, blocker.email, blocker.password, path);
  const view = page.getByTestId("profile-view");
  await expect(view.getByRole("heading", { level: 1 })).toContainText(otherProfile.name);
  await view.getByRole("button", { name: "Blokkeren" }).click();
  // With JavaScript a modal asks; without it the server answers with the same question.
  const question = jsEnabled(testInfo)
    ? page.getByTestId("block-modal")
    : page.getByTestId("block-confirmation");
  await expect(question).toContainText(`${otherProfile.name} blokkeren?`);
  // Cancelling blocks nothing.
  if (jsEnabled(testInfo)) {
    await question.getByRole("button", { name: "Annuleren" }).first().click();
  } else {
    await question.getByRole("link", { name: "Annuleren" }).click();
  }
  await expect(question).toBeHidden();
  expect(await e2eDb().block.count({ where: { blockerId: blocker.id } })).toBe(0);

  await view.getByRole("button", { name: "Blokkeren" }).click();
  await question.getByRole("button", { name: "Ja, blokkeren" }).click();
  const notice = page.getByTestId("blocked-notice");
  await expect(notice).toContainText(`Je hebt ${otherProfile.name} geblokkeerd.`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId("profile-view")).toHaveCount(0);
  expect(await e2eDb().block.count({ where: { blockerId: blocker.id, blockedId: other.id } })).toBe(1);

  // The blocked member sees the notice, not the profile, and cannot lift the block.
  const device = await otherDevice(
    browser,
    baseURL!,
    other.email,
    other.password,
    `/members/${blockerProfile.id}`,
  );
  const otherNotice = device.page.getByTestId("blocked-notice");
  await expect(otherNotice).toContainText("Dit lid heeft je geblokkeerd.");
  await expect(otherNotice).not.toContainText(blockerProfile.name);
  await expect(otherNotice.getByRole("button", { name: "Blokkering opheffen" })).toHaveCount(0);
  await expect(device.page.getByTestId("profile-view")).toHaveCount(0);
  const direct = await device.page.goto(`/members/${blockerProfile.id}`);
  expect(direct?.status()).toBe(403);

  // Unblocking restores the profile on both sides.
  await notice.getByRole("button", { name: "Blokkering opheffen" }).click();
  await expect(page.getByTestId("profile-view").getByRole("heading", { level: 1 })).toContainText(
    otherProfile.name,
  );
  expect(await e2eDb().block.count({ where: { blockerId: blocker.id } })).toBe(0);
  await device.page.reload();
  await expect(device.page.getByTestId("profile-view").getByRole("heading", { level: 1 })).toContainText(
    blockerProfile.name,
  );
  await device.context.close();
});

test("the owner sees their own profile with a link to edit it", async ({ page }) => {
  const member = await createMember();
  const own = await profileIdOf(member.id);
  await login(page, member.email, member.password, `/members/${own.id}`);
  const notice = page.getByTestId("own-profile");
  await expect(notice).toContainText("Zo zien andere leden je profiel.");
  await expect(notice.getByRole("link", { name: "Profiel bewerken" })).toHaveAttribute("href", "/profile");
  await expect(page.getByRole("button", { name: "Blokkeren" })).toHaveCount(0);
});
