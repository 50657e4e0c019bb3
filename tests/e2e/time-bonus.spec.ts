// The time bonus (countdown banner, 25% off the first purchase, the modal) and discount codes on the
// payment page, with and without JavaScript.
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test, whenInteractive } from "./fixtures";

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

const COUNTDOWN = /^0[34]:\d{2}:\d{2}$/;

test("a new member sees the countdown banner to /credits and pays 25% less", async ({ page }, testInfo) => {
  const member = await createMember();
  await login(page, member.email, member.password);
  await whenInteractive(page, testInfo);

  const banner = page.getByTestId("time-bonus-banner");
  await expect(banner).toContainText("25% welkomstbonus op je eerste aankoop");
  const countdown = page.getByTestId("time-bonus-countdown");
  await expect(countdown).toHaveText(COUNTDOWN);
  const first = (await countdown.textContent())!;
  if (jsEnabled(testInfo)) {
    // It ticks each second.
    await expect(countdown).not.toHaveText(first, { timeout: 3000 });
    await expect(countdown).toHaveText(COUNTDOWN);
  }

  // The chats, in their own bare layout, show it too.
  await page.goto("/chats");
  await expect(banner).toContainText("25% welkomstbonus op je eerste aankoop");
  await page.getByTestId("time-bonus-link").click();
  await expect(page).toHaveURL(/\/credits$/);
  await page.getByTestId("package-buy").first().click();
  await expect(page).toHaveURL(/\/credits\/\d+$/);
  await expect(page.getByTestId("purchase-original-price")).toHaveText("Oorspronkelijke prijs: € 19,95");
  await expect(page.getByTestId("purchase-amount")).toHaveText("€ 14,96");
  await expect(page.getByTestId("purchase-discount")).toHaveText("Welkomstbonus: 25% korting (TIMEBONUS25).");

  await page.getByTestId("pay-button").click();
  await expect(page.getByTestId("simulator-amount")).toHaveText("EUR 14.96");
  await page.getByRole("button", { name: "Betaald", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor je aankoop!" })).toBeVisible();
  // Once paid, the bonus is over.
  await expect(page.getByTestId("time-bonus-banner")).toHaveCount(0);
});

test("a discount code on the payment page: refused, then applied and charged", async ({ page }) => {
  const member = await createMember();
  const user = await e2eDb().user.update({
    where: { id: member.id },
    data: { signupDate: new Date(Date.now() - 5 * 3600_000) },
    select: { siteId: true },
  });
  const code = `E2E${member.id}`;
  await e2eDb().discountCode.create({
    data: { siteId: user.siteId, code, percentage: 20, userId: member.id },
  });
  await login(page, member.email, member.password);
  await expect(page.getByTestId("time-bonus-banner")).toHaveCount(0);

  await page.goto("/credits");
  await page.getByTestId("package-buy").first().click();
  await expect(page.getByTestId("purchase-amount")).toHaveText("€ 19,95");
  await page.getByLabel("Kortingscode").fill("ONBEKEND");
  await page.getByTestId("discount-code-apply").click();
  await expect(page.getByTestId("discount-code-error")).toHaveText("Code niet gevonden");
  await expect(page.getByTestId("purchase-amount")).toHaveText("€ 19,95");

  await page.getByLabel("Kortingscode").fill(code.toLowerCase());
  await page.getByTestId("discount-code-apply").click();
  await expect(page.getByTestId("discount-code-error")).toHaveCount(0);
  await expect(page.getByTestId("purchase-original-price")).toContainText("€ 19,95");
  await expect(page.getByTestId("purchase-amount")).toHaveText("€ 15,96");
  await page.getByTestId("pay-button").click();
  await expect(page.getByTestId("simulator-amount")).toHaveText("EUR 15.96");
});

test("with JavaScript the time-bonus modal shows 40 s after entering the members area", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the modal needs JavaScript");
  test.setTimeout(90_000);
  const member = await createMember();
  await login(page, member.email, member.password);
  await whenInteractive(page, testInfo);
  const modal = page.getByTestId("time-bonus-modal");
  await page.waitForTimeout(30_000);
  await expect(modal).toHaveCount(0);
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(modal).toContainText("Je ontvangt je bonus direct.");
  await expect(modal.getByTestId("time-bonus-modal-countdown")).toHaveText(COUNTDOWN);
  await modal.getByRole("button", { name: "Sluiten" }).click();
  await expect(modal).toHaveCount(0);
  await expect
    .poll(async () => {
      const user = await e2eDb().user.findUniqueOrThrow({
        where: { id: member.id },
        select: { timeBonusDismissedAt: true },
      });
      return user.timeBonusDismissedAt !== null;
    })
    .toBe(true);
  // The banner stays.
  await expect(page.getByTestId("time-bonus-banner")).toBeVisible();
});
