// A member's first screen on a 390 px phone (docs/product.md, Search and the members area): the top
// bar is one row of icons, and after a search the filters fold into one line so that the first
// results are on the first screen; the line's link opens the form again, with or without JavaScript.
import { createMember } from "./db";
import { acceptEntryWarning, expect, login, test, whenInteractive } from "./fixtures";

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test("on a phone the top bar is one row and a search's results start on the first screen", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await acceptEntryWarning(context, baseURL!);
  const member = await createMember();
  await login(page, member.email, member.password, "/members");
  await whenInteractive(page, testInfo);

  // One row of at most 56 px; the links keep their names for screen readers.
  const bar = page.locator("header.top-bar");
  const height = (await bar.boundingBox())!.height;
  expect(height).toBeLessThanOrEqual(56);
  const nav = bar.getByRole("navigation");
  for (const name of ["Leden zoeken", "Berichten", "Likes"]) {
    const link = nav.getByRole("link", { name, exact: false }).first();
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.y + box.height, name).toBeLessThanOrEqual(height);
  }
  await expect(bar.getByTestId("account-menu")).toBeInViewport();

  // Before a search the form is open; after one it folds into a line.
  await expect(page.locator("#search-form")).toBeVisible();
  await page.getByLabel("Ik zoek").selectOption("female");
  await page.getByRole("button", { name: "Zoeken" }).click();
  await expect(page).toHaveURL(/gender=female/);
  const summary = page.getByTestId("search-summary");
  await expect(summary).toBeVisible();
  await expect(summary).toContainText("Vrouwen");
  await expect(page.locator("#search-form")).toBeHidden();
  const firstCard = page.getByTestId("member-card").first();
  await expect(firstCard).toBeVisible();
  expect((await firstCard.boundingBox())!.y).toBeLessThan(PHONE.height);

  // "Wijzig" opens the form by its address.
  await summary.getByRole("link", { name: "Wijzig" }).click();
  await expect(page.locator("#search-form")).toBeVisible();
  await expect(summary).toBeHidden();
  await expect(page.getByLabel("Ik zoek")).toHaveValue("female");
});

test("from 992 px the top bar shows its labels and the search form stays open", async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await acceptEntryWarning(context, baseURL!);
  const member = await createMember();
  await login(page, member.email, member.password, "/members?gender=female");
  await expect(page.locator("header.top-bar").getByText("Berichten", { exact: true })).toBeVisible();
  await expect(page.locator("#search-form")).toBeVisible();
  await expect(page.getByTestId("search-summary")).toBeHidden();
});
