import { E2E_BASE_URL, E2E_PORT } from "./constants";
import { e2eDb } from "./db";
import { expect, jsEnabled, test, whenInteractive } from "./fixtures";

// A site of its own (host "localhost") that is invite-only and resells to a partner, so the default
// site the other tests use keeps its settings. The "partner" is a page of the default site.
const RESELL_ORIGIN = `http://localhost:${E2E_PORT}`;
const PARTNER_URL = `${E2E_BASE_URL}/pages/faq?from=partner`;

test.beforeAll(async () => {
  const base = await e2eDb().site.findFirstOrThrow({
    where: { isDefault: true },
    select: {
      name: true,
      countries: true,
      indexTitle: true,
      description: true,
      supportPhone: true,
      supportEmail: true,
      visibleProfileFields: true,
      searchFields: true,
      companyId: true,
    },
  });
  const settings = {
    signups: "invite_only",
    enableSiteEntryPopup: "no",
    memberResell: true,
    resellUrl: PARTNER_URL,
    // Long enough that a slow machine still reads the page before the refresh (no JavaScript); with
    // JavaScript the test runs the page's clock itself.
    resellCountdownSeconds: 5,
  } as const;
  await e2eDb().site.upsert({
    where: { domain: "localhost" },
    create: { ...base, domain: "localhost", ...settings },
    update: settings,
  });
});

test("a visitor who may not sign up is offered the partner, and sent there", async ({ page }, testInfo) => {
  if (jsEnabled(testInfo)) {
    // The page's clock stands still until the test moves it.
    const start = new Date("2026-01-01T12:00:00Z");
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  }
  await page.goto(`${RESELL_ORIGIN}/signup?sub1=e2e-banner`);
  await expect(page.getByTestId("signup-invite-only")).toBeVisible();
  await expect(page.getByTestId("signup-form")).toHaveCount(0);
  const offer = page.getByTestId("resell-offer");
  await expect(offer).toBeVisible();
  const target = `${PARTNER_URL}&sub1=e2e-banner`;
  await expect(offer.getByRole("link", { name: "Ga naar de partnersite" })).toHaveAttribute("href", target);
  await expect(page.getByTestId("resell-countdown")).toHaveText(/Je wordt over \d seconden? doorgestuurd\./);
  if (jsEnabled(testInfo)) {
    await whenInteractive(page, testInfo);
    await page.clock.runFor(4_000);
    await expect(page.getByTestId("resell-countdown")).toHaveText("Je wordt over 1 seconde doorgestuurd.");
    await page.clock.runFor(1_000);
  }
  // With JavaScript the countdown sends the visitor on; without, the page's refresh does.
  await page.waitForURL(target, { timeout: 10_000 });
  if (jsEnabled(testInfo)) await page.clock.resume();
});

test("without JavaScript the link leads to the partner at once", async ({ page }, testInfo) => {
  test.skip(jsEnabled(testInfo), "the link is the no-JS way; with JS the countdown runs (above)");
  await page.goto(`${RESELL_ORIGIN}/?network=&sub2=x`);
  await page.getByTestId("resell-offer").getByRole("link").click();
  await expect(page).toHaveURL(`${PARTNER_URL}&sub2=x`);
});

test("an unknown campaign link is the normal 404 page", async ({ page }) => {
  test.info().annotations.push({ type: "allow-console-errors", description: "the browser logs the 404" });
  const response = await page.goto(`${RESELL_ORIGIN}/no-such-campaign`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toContainText("Deze pagina kon niet worden gevonden");
});
