import type { Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { createMember, e2eDb } from "./db";
import { expect, jsEnabled, test } from "./fixtures";

async function dismissEntryWarning(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "entry_warning_dismissed", value: String(Date.now()), url: baseURL }]);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

/** A second visitor in the same browser, with its own cookies and the same address as the test. */
async function newVisitor(browser: Browser, baseURL: string, javaScriptEnabled: boolean, ip: string) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  await dismissEntryWarning(context, baseURL);
  return context;
}

test.beforeEach(async ({ context, baseURL }) => {
  await dismissEntryWarning(context, baseURL!);
});

test("a member uploads a photo, staff approve it, then another member sees it", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const ip = extraHTTPHeaders?.["X-Forwarded-For"] ?? "10.9.9.9";
  const member = await createMember();
  const other = await createMember();
  const staff = await createMember();
  await e2eDb().user.update({ where: { id: staff.id }, data: { role: "admin" } });

  // The owner uploads a photo on /profile/photos.
  await logIn(page, member.email, member.password);
  await page.goto("/profile/photos");
  await expect(page.getByRole("heading", { name: "Mijn foto's" })).toBeVisible();
  const photo = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: "#b04080" },
  })
    .jpeg()
    .toBuffer();
  await page.locator('input[type="file"][name="photo"]').setInputFiles({
    name: "vakantie.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  if (js) await expect(page.getByTestId("upload-preview")).toBeVisible();
  await page.getByRole("button", { name: "Uploaden" }).click();
  await expect(page.getByTestId("photo-notice")).toHaveText(
    "Je foto is ontvangen en wordt zo snel mogelijk bekeken.",
  );
  const ownPhoto = page.getByTestId("own-photo");
  await expect(ownPhoto).toHaveCount(1);
  await expect(ownPhoto).toContainText("Wordt gecontroleerd");
  const src = await ownPhoto.locator("img").getAttribute("src");
  const photoId = /^\/photos\/(\d+)\/thumb$/.exec(src ?? "")?.[1];
  expect(photoId).toBeDefined();
  // The owner sees the photo under inspection.
  expect((await page.request.get(`/photos/${photoId}/large`)).status()).toBe(200);

  // Another member does not, until it is approved.
  const otherContext = await newVisitor(browser, baseURL!, js, ip);
  const otherPage = await otherContext.newPage();
  await logIn(otherPage, other.email, other.password);
  expect((await otherPage.request.get(`/photos/${photoId}/large`)).status()).toBe(404);

  // Staff approve it on /staff/photos (oldest first: ours is on the last page).
  const staffContext = await newVisitor(browser, baseURL!, js, ip);
  const staffPage = await staffContext.newPage();
  await logIn(staffPage, staff.email, staff.password);
  await staffPage.goto("/staff/photos?page=9999");
  const card = staffPage.locator(`[data-testid="review-photo"][data-photo-id="${photoId}"]`);
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Goedkeuren" }).click();
  await expect(staffPage.getByRole("status").filter({ hasText: "goedgekeurd" })).toHaveText(
    "De foto is goedgekeurd.",
  );
  await expect(staffPage.locator(`[data-testid="review-photo"][data-photo-id="${photoId}"]`)).toHaveCount(0);

  // Now the other member gets it, as a public photo with long cache headers.
  const large = await otherPage.request.get(`/photos/${photoId}/large`);
  expect(large.status()).toBe(200);
  expect(large.headers()["content-type"]).toBe("image/webp");
  expect(large.headers()["cache-control"]).toBe("public, max-age=86400, s-maxage=600");

  // The owner sees it approved and as the main photo.
  await page.reload();
  await expect(ownPhoto).toContainText("Goedgekeurd");
  await expect(ownPhoto).toContainText("Hoofdfoto");

  await otherContext.close();
  await staffContext.close();
});

test("a text file named .jpg gets a clear message and nothing is stored", async ({ page }) => {
  const member = await createMember();
  await logIn(page, member.email, member.password);
  await page.goto("/profile/photos");
  await page.locator('input[type="file"][name="photo"]').setInputFiles({
    name: "foto.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("Dit is helemaal geen foto.\n".repeat(20)),
  });
  await page.getByRole("button", { name: "Uploaden" }).click();
  await expect(page.getByTestId("upload-error")).toHaveText(
    "Dit bestand is geen foto. Kies een JPEG-, PNG-, WebP- of GIF-bestand.",
  );
  await expect(page.getByTestId("own-photo")).toHaveCount(0);
  const profile = await e2eDb().profile.findFirstOrThrow({
    where: { userId: member.id },
    select: { id: true },
  });
  expect(await e2eDb().photo.count({ where: { profileId: profile.id } })).toBe(0);
});
