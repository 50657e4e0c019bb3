import type { Page } from "@playwright/test";
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { TEST_PASSWORD, createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, jsEnabled, test, whenInteractive } from "./fixtures";

async function loginAndOpenProfile(page: Page) {
  const member = await createMember();
  await page.goto("/login?redirectTo=/profile");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Mijn profiel" })).toBeVisible();
  return member;
}

const aboutMe = (page: Page) => page.locator('textarea[name="aboutMe"]');
const section = (page: Page, id: string) => page.getByTestId(`profile-${id}`);

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
  // A refused form answers 400 (by design), which Chromium logs as a failed resource.
  test.info().annotations.push({ type: "allow-console-errors" });
});

test.afterEach(({ consoleErrors }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) return;
  const unexpected = consoleErrors.filter((e) => !/the server responded with a status of 400/.test(e));
  expect(unexpected, "console errors").toEqual([]);
});

test("a member edits about me, living area, fields and interests; they stay after a reload", async ({
  page,
}) => {
  await loginAndOpenProfile(page);
  // Only the age is for others; the owner also sees the date of birth, read-only.
  await expect(page.getByTestId("profile-age")).toContainText("jaar");
  await expect(page.getByTestId("profile-dob")).toContainText("1990");
  await expect(page.getByRole("link", { name: "Foto's beheren" })).toHaveAttribute("href", "/profile/photos");

  await aboutMe(page).fill("Ik hou van fietsen en lange wandelingen.");
  await section(page, "about").getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByTestId("profile-saved")).toHaveText("Over mij is opgeslagen.");

  const location = section(page, "location");
  await location.locator('select[name="country"]').selectOption("NL");
  await location.locator('select[name="region"]').selectOption("Noord-Holland");
  await location.locator('input[name="city"]').fill("Haarlem");
  await location.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByTestId("profile-saved")).toHaveText("Je woonomgeving is opgeslagen.");

  const fields = section(page, "fields");
  await fields.getByLabel("Geaardheid").selectOption("bi");
  await fields.getByLabel("Relatiestatus").selectOption({ label: "Single" });
  await fields.getByLabel("Haarkleur").selectOption({ label: "Donkerblond" });
  await fields.getByLabel("Oogkleur").selectOption("green");
  await fields.getByLabel("Postuur").selectOption("slim");
  await fields.getByLabel("Tatoeages").selectOption("some");
  await fields.getByLabel("Waarom ik hier ben").selectOption("dating");
  await fields.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByTestId("profile-saved")).toHaveText("Je profielgegevens zijn opgeslagen.");

  const interests = section(page, "interests");
  await interests.getByLabel("Wijn").check();
  await interests.getByLabel("Muziek").check();
  await interests.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByTestId("profile-saved")).toHaveText("Je interesses zijn opgeslagen.");

  await page.goto("/profile");
  await expect(aboutMe(page)).toHaveValue("Ik hou van fietsen en lange wandelingen.");
  await expect(page.locator('select[name="country"]')).toHaveValue("NL");
  await expect(page.locator('select[name="region"]')).toHaveValue("Noord-Holland");
  await expect(page.locator('input[name="city"]')).toHaveValue("Haarlem");
  await expect(page.getByTestId("region-label")).toContainText("Provincie");
  await expect(section(page, "fields").getByLabel("Geaardheid")).toHaveValue("bi");
  await expect(section(page, "fields").getByLabel("Relatiestatus")).toHaveValue("single");
  await expect(section(page, "fields").getByLabel("Haarkleur")).toHaveValue("dark_blond");
  await expect(section(page, "fields").getByLabel("Waarom ik hier ben")).toHaveValue("dating");
  await expect(section(page, "interests").getByLabel("Wijn")).toBeChecked();
  await expect(section(page, "interests").getByLabel("Muziek")).toBeChecked();
  await expect(section(page, "interests").getByLabel("Thee")).not.toBeChecked();
  // Which fields others see follows the site's visible_profile_fields.
  await expect(section(page, "fields").getByTestId("visibility-hint").first()).toBeVisible();
});

test("a member changes whom she seeks; her sexuality and the search follow", async ({ page }) => {
  await loginAndOpenProfile(page);
  const genders = section(page, "gender");
  await expect(genders.getByLabel("Geslacht")).toHaveValue("female");
  await expect(genders.getByLabel("Ik zoek")).toHaveValue("male");
  await genders.getByLabel("Ik zoek").selectOption({ label: "Vrouwen" });
  await genders.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByTestId("profile-saved")).toHaveText("Je geslacht en wie je zoekt zijn opgeslagen.");
  await expect(section(page, "gender").getByLabel("Ik zoek")).toHaveValue("female");
  await expect(section(page, "fields").getByLabel("Geaardheid")).toHaveValue("lesbian");

  await page.goto("/members");
  await expect(page.locator('select[name="gender"]')).toHaveValue("female");
});

test("a bad value keeps what was typed and shows the message", async ({ page }, testInfo) => {
  await loginAndOpenProfile(page);
  const tooLong = "x".repeat(2001);
  await aboutMe(page).fill(tooLong);
  await section(page, "about").getByRole("button", { name: "Opslaan" }).click();
  await expect(section(page, "about")).toContainText("Over mij mag maximaal 2000 tekens lang zijn.");
  await expect(aboutMe(page)).toHaveValue(tooLong);
  await page.goto("/profile");
  await expect(aboutMe(page)).toHaveValue("");
  // Typed before hydration, the emptied field could be filled again by the hydrated form.
  await whenInteractive(page, testInfo);

  const location = section(page, "location");
  await location.locator('input[name="city"]').fill("");
  await location.getByRole("button", { name: "Opslaan" }).click();
  await expect(location).toContainText("Vul je woonplaats in.");

  if (!jsEnabled(testInfo)) {
    // Without JavaScript every country's regions are offered; the server keeps a region to its country.
    await page.goto("/profile");
    await location.locator('select[name="country"]').selectOption("BE");
    await location.locator('select[name="region"]').selectOption("Noord-Holland");
    await location.locator('input[name="city"]').fill("Gent");
    await location.getByRole("button", { name: "Opslaan" }).click();
    await expect(location).toContainText("Deze provincie hoort niet bij het gekozen land.");
    await expect(location.locator('select[name="country"]')).toHaveValue("BE");
    await expect(location.locator('input[name="city"]')).toHaveValue("Gent");
  }
});

test("with JavaScript the region list and label follow the country, and my location fills the place", async ({
  page,
  context,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "geolocation and the live region list need JavaScript");
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 52.37, longitude: 4.89 });
  await loginAndOpenProfile(page);
  await whenInteractive(page, testInfo);
  const location = section(page, "location");
  await location.locator('select[name="country"]').selectOption("DE");
  await expect(page.getByTestId("region-label")).toContainText("Bundesland");
  await expect(location.locator('select[name="region"] option', { hasText: "Bayern" })).toHaveCount(1);
  await expect(location.locator('select[name="region"] option', { hasText: "Utrecht" })).toHaveCount(0);

  await page.getByTestId("use-my-location").click();
  await expect(page.getByTestId("geo-status")).toContainText("Gevonden: Amsterdam");
  await expect(location.locator('select[name="country"]')).toHaveValue("NL");
  await expect(location.locator('select[name="region"]')).toHaveValue("Noord-Holland");
  await expect(location.locator('input[name="city"]')).toHaveValue("Amsterdam");
  await location.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByTestId("profile-saved")).toHaveText("Je woonomgeving is opgeslagen.");
  await page.reload();
  await expect(location.locator('input[name="city"]')).toHaveValue("Amsterdam");
  await expect(location.locator('select[name="region"]')).toHaveValue("Noord-Holland");
});

test("GET /api/geocode.php answers the place as JSON, or false @http", async ({ request }) => {
  const found = await request.get("/api/geocode.php?lat=52.52&lon=13.40");
  expect(found.status()).toBe(200);
  expect(found.headers()["content-type"]).toContain("application/json");
  expect(await found.json()).toEqual({ country: "DE", region: "Berlin", city: "Berlin" });
  const ocean = await request.get("/api/geocode.php?lat=40&lon=-30");
  expect(await ocean.text()).toBe("false");
});

test("visitors are sent to the login page", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
});

test("an account without a profile (staff) has no profile page", async ({ page }) => {
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const email = `e2e-staff-${randomUUID().slice(0, 8)}@example.com`;
  await e2eDb().user.create({
    data: {
      siteId: site.id,
      email,
      passwordHash: await hash(TEST_PASSWORD),
      status: "confirmed",
      role: "admin",
    },
    select: { id: true },
  });
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // Asked through the page's cookies, so the expected 404 is not logged as a console error.
  const response = await page.request.get("/profile", { maxRedirects: 0 });
  expect(response.status()).toBe(404);
});
