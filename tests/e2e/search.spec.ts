import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createMember, e2eDb } from "./db";
import { expect, jsEnabled, test, whenInteractive } from "./fixtures";

/** Members of a region of their own, so parallel tests and the demo members do not interfere. */
async function membersInNewRegion(count: number) {
  const region = `Zoekstreek ${randomUUID().slice(0, 6)}`;
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  for (let i = 0; i < count; i++) {
    await e2eDb().user.create({
      data: {
        siteId: site.id,
        email: `search-${randomUUID().slice(0, 8)}@example.com`,
        status: "confirmed",
        profile: {
          create: {
            name: `Zoeker${i}`,
            gender: "female",
            seekingGender: "male",
            dateOfBirth: new Date(Date.UTC(1991, 2, 3)),
            country: "NZ",
            region,
            city: "Wellington",
          },
        },
      },
      select: { id: true },
    });
  }
  return region;
}

async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

const cards = (page: Page) => page.getByTestId("search-results").locator("li");

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "entry_warning_dismissed", value: String(Date.now()), url: baseURL! }]);
  // Demo photos are drawn in the background after start-up: a thumbnail not drawn yet answers 404.
  test.info().annotations.push({ type: "allow-console-errors" });
});

test.afterEach(({ consoleErrors }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) return;
  const unexpected = consoleErrors.filter((e) => !/the server responded with a status of 404/.test(e));
  expect(unexpected, "console errors").toEqual([]);
});

test("search with filters through the GET form, page on, and go back", async ({ page }, testInfo) => {
  const region = await membersInNewRegion(30);
  const member = await createMember();
  await login(page, member.email, member.password);

  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Leden zoeken" })).toBeVisible();
  // The default search: what the member seeks, in their own country.
  await expect(page.getByLabel("Ik zoek")).toHaveValue("male");
  await expect(page.getByLabel("Land", { exact: true })).toHaveValue("NL");
  await whenInteractive(page, testInfo);

  await page.getByLabel("Ik zoek").selectOption("female");
  await page.getByLabel("Land", { exact: true }).selectOption("NZ");
  // With JavaScript a new country is searched at once; without it the member presses Zoeken.
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Zoeken", exact: true }).click();
  await expect(page).toHaveURL(/country=NZ/);
  await page.getByLabel("Regio").selectOption(region);
  // Typing ages is enough: "all ages" need not be unticked first (JavaScript unticks it, and
  // without JavaScript the server sees that ages were chosen).
  await page.getByLabel("Leeftijd van").fill("25");
  await page.getByLabel("Leeftijd tot en met").fill("40");
  await page.getByRole("button", { name: "Zoeken", exact: true }).click();

  await expect(page).toHaveURL(/[?&]min_age=25/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    gender: "female",
    country: "NZ",
    region,
    min_age: "25",
    max_age: "40",
  });
  await expect(page.getByTestId("search-count")).toHaveText("30 leden gevonden");
  await expect(cards(page)).toHaveCount(24);
  const firstPage = await cards(page).allInnerTexts();

  await page.getByRole("link", { name: "Volgende" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  expect(new URL(page.url()).searchParams.get("region")).toBe(region);
  await expect(cards(page)).toHaveCount(6);
  const secondPage = await cards(page).allInnerTexts();
  expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);

  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=2/);
  await expect(cards(page)).toHaveCount(24);
  expect(await cards(page).allInnerTexts()).toEqual(firstPage);
  await expect(page.getByLabel("Regio")).toHaveValue(region);
  await expect(page.getByLabel("Leeftijd van")).toHaveValue("25");

  // A card opens the member's profile.
  const href = await cards(page).first().getByRole("link").getAttribute("href");
  expect(href).toMatch(/^\/members\/\d+$/);
});

test("visitors may search on the default demo site", async ({ page }) => {
  const region = await membersInNewRegion(2);
  await page.goto(`/members?gender=female&country=NZ&region=${encodeURIComponent(region)}&all_ages=1`);
  await expect(page).toHaveURL(/\/members\?/);
  await expect(page.getByTestId("search-count")).toHaveText("2 leden gevonden");
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByLabel("Regio")).toHaveValue(region);
});

test("the match finder leads to a list of members, without filtering on race", async ({ page }) => {
  await page.goto("/match-finder");
  await expect(page.getByRole("heading", { name: "Matchfinder" })).toBeVisible();
  await expect(page.getByText("Op afkomst filteren we niet")).toBeVisible();
  await page.getByLabel("18 - 35 jaar").check();
  await page.getByLabel("Sexy").check();
  await page.getByLabel("Blank").check();
  await page.getByRole("button", { name: "Vind mijn matches" }).click();
  await expect(page).toHaveURL(/age=18-35&appearance=sexy&race=white/);
  await expect(page.getByRole("heading", { name: "Jouw matches" })).toBeVisible();
  await expect(page.getByTestId("match-count")).toBeVisible();
  await expect(page.getByLabel("Sexy")).toBeChecked();
});
