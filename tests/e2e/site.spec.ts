import { COUNTRY_HEADER } from "./constants";
import { acceptEntryWarning, expect, jsEnabled, test } from "./fixtures";

test("the home page is Dutch, in the site's theme, with new members", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Hartklop: daten en chatten/);
  await expect(page.locator("section.bg-primary")).toHaveCSS("background-color", "rgb(200, 0, 122)");
  await expect(page.getByRole("link", { name: "Inloggen" })).toBeVisible();
  await expect(page.getByTestId("newest-members").locator("img").first()).toBeAttached();
});

test("the entry warning shows once and remembers its dismissal", async ({ page, context }) => {
  await page.goto("/pages/faq");
  const warning = page.getByRole("dialog", { name: "Alleen voor volwassenen (18+)" });
  await expect(warning).toBeVisible();
  await warning.getByRole("button", { name: "Ik ben 18+, ga verder" }).click();
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  const cookie = (await context.cookies()).find((c) => c.name === "entry_warning_dismissed");
  expect(Number(cookie?.value)).toBeGreaterThan(Date.now() - 60_000);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Veelgestelde vragen");
  await expect(warning).toBeHidden();
});

test("a visitor from Belgium can switch the language", async ({ page, context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
  await context.setExtraHTTPHeaders({ [COUNTRY_HEADER]: "BE" });
  await page.goto("/pages/terms");
  await page.getByTestId("language-dropdown").locator("summary").click();
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveURL(/\/pages\/terms$/);
  await expect(page.getByRole("link", { name: "Nederlands" })).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
  expect(cookie?.value).toBe("fr");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});

test("a visitor from the Netherlands gets no language dropdown", async ({ page, context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
  await context.setExtraHTTPHeaders({ [COUNTRY_HEADER]: "NL" });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Inloggen" })).toBeVisible();
  await expect(page.getByTestId("language-dropdown")).toHaveCount(0);
});

test("any language can be chosen on /lang-config", async ({ page, context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
  await page.goto("/lang-config");
  await page.getByLabel("Deutsch").check();
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByLabel("Deutsch")).toBeChecked();
});

test("every footer link opens its page", async ({ page, context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
  await page.goto("/");
  const footer = page.locator("footer");
  const names = await footer.getByRole("link").allTextContents();
  expect(names).toHaveLength(10);
  for (const name of names) {
    await page.goto("/");
    await footer.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("error-page")).toHaveCount(0);
  }
  await expect(page).toHaveURL(/\/lang-config$/);
});

test("an unknown page shows the 404 page with a link home", async ({ page, context, baseURL }) => {
  test
    .info()
    .annotations.push({ type: "allow-console-errors", description: "the browser logs the 404 document" });
  await acceptEntryWarning(context, baseURL!);
  const response = await page.goto("/bestaat-niet");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toContainText("404");
  await expect(page.getByText("Deze pagina kon niet worden gevonden")).toBeVisible();
  await page.getByRole("link", { name: "Terug naar de homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the page hydrates only with JavaScript", async ({ page }, testInfo) => {
  await page.goto("/pricing");
  await expect(page.getByTestId("pricing-table")).toContainText("10 credits");
  const hydrated = await page.evaluate(
    () => "__reactRouterContext" in window && document.querySelectorAll("script[nonce]").length > 0,
  );
  expect(hydrated).toBe(jsEnabled(testInfo));
});
