// Buying credits through the Mollie simulator's checkout, and the limit on guessing discount codes,
// with and without JavaScript.
import type { Page } from "@playwright/test";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, login, test } from "./fixtures";

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

/** From /credits: the first package, a method, then the simulator's outcome. */
async function payFirstPackage(page: Page, outcome: "Betaald" | "Geannuleerd", method?: RegExp) {
  await page.goto("/credits");
  await expect(page.getByTestId("package")).toHaveCount(4);
  await expect(page.getByTestId("package-popular")).toHaveCount(1);
  await page.getByTestId("package-buy").first().click();
  await expect(page).toHaveURL(/\/credits\/\d+$/);
  if (method) await page.getByTestId("payment-method").filter({ hasText: method }).getByRole("radio").check();
  await page.getByTestId("pay-button").click();
  await expect(page.getByTestId("mollie-simulator")).toBeVisible();
  await page.getByRole("button", { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
}

test("a member buys a package with iDEAL and becomes Premium", async ({ page }) => {
  const member = await createMember();
  await login(page, member.email, member.password);
  await expect(page.getByRole("link", { name: "Word Premium" })).toBeVisible();
  await page.goto("/credits");
  await expect(page.getByTestId("credit-balance")).toHaveText("Je hebt 0 credits.");
  // A new member's first purchase carries the 25% time bonus, on the list as on the checkout.
  await expect(page.getByTestId("package-original-price").first()).toHaveText(
    "Oorspronkelijke prijs: € 19,95",
  );
  await expect(page.getByTestId("package-price").first()).toHaveText("€ 14,96");
  await expect(page.getByTestId("package-offer").first()).toHaveText(
    "Welkomstbonus: 25% korting (TIMEBONUS25).",
  );
  await page.getByTestId("package-buy").first().click();
  // In the Netherlands iDEAL comes first, with the choice of bank.
  await expect(page.getByTestId("payment-method").first()).toContainText("iDEAL");
  await expect(page.getByTestId("payment-method").first().getByRole("radio")).toBeChecked();
  await page.getByTestId("issuer").selectOption({ label: "Rabobank" });
  await page.getByTestId("pay-button").click();
  await expect(page.getByTestId("simulator-amount")).toHaveText("EUR 14.96");
  await page.getByRole("button", { name: "Betaald", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Bedankt voor je aankoop!" })).toBeVisible();
  await expect(page.getByTestId("payment-balance")).toHaveText("Je hebt 50 credits.");
  // Premium for life: the top bar now shows Credits instead of Get Premium.
  await expect(page.getByRole("link", { name: "Word Premium" })).toHaveCount(0);
  await page.goto("/transactions");
  await expect(page.getByTestId("transaction-status")).toHaveText(["Betaald"]);
});

test("a cancelled payment says so and another method can be tried", async ({ page }) => {
  const member = await createMember();
  await login(page, member.email, member.password);
  await payFirstPackage(page, "Geannuleerd");
  await expect(page.getByRole("heading", { name: "Betaling mislukt" })).toBeVisible();
  await expect(page.getByText("De betaling is mislukt of geannuleerd.")).toBeVisible();
  await page.getByTestId("payment-retry-link").click();
  await expect(page.getByTestId("payment-retry")).toBeVisible();
  // Another method than the failed iDEAL is chosen first.
  await expect(
    page.getByTestId("payment-method").filter({ hasText: "Creditcard" }).getByRole("radio"),
  ).toBeChecked();
  await page.getByTestId("pay-button").click();
  await page.getByRole("button", { name: "Betaald", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor je aankoop!" })).toBeVisible();
  await page.goto("/transactions");
  await expect(page.getByTestId("transaction-status")).toHaveText(["Betaald", "Geannuleerd"]);
});

test("visitors are asked to log in; /premium explains Premium", async ({ page }) => {
  await page.goto("/credits");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcredits/);
  await page.goto("/premium");
  await expect(page.getByTestId("premium-page")).toContainText("46% meer kans op een match");
  await page.goto("/pricing");
  await expect(page.getByTestId("package")).toHaveCount(4);
  await expect(page.getByTestId("package-price").first()).toHaveText("€ 19,95");
});

test("guessing discount codes: after 10 codes not found the code field says to wait, the form stays", async ({
  page,
}) => {
  test.info().annotations.push({ type: "allow-console-errors", description: "the refused code answers 429" });
  const member = await createMember();
  // Signed up a day ago: no time bonus, which would win over any code (and look none up).
  await e2eDb().user.update({
    where: { id: member.id },
    data: { signupDate: new Date(Date.now() - 86_400_000) },
    select: { id: true },
  });
  await login(page, member.email, member.password);
  await page.goto("/credits");
  await page.getByTestId("package-buy").first().click();
  await expect(page).toHaveURL(/\/credits\/\d+$/);
  const packageId = /\/credits\/(\d+)$/.exec(page.url())![1]!;
  // Ten guesses through the JSON call (the member's cookies, this test's address).
  for (let guess = 0; guess < 10; guess++) {
    const answer = await page.request.get(`/api/discountcode.php?code=GUESS${guess}&package=${packageId}`);
    expect(await answer.json()).toMatchObject({
      valid: false,
      status: "not-found",
      error: "Code niet gevonden",
    });
  }
  await page.getByTestId("discount-code").fill("GUESS10");
  await page.getByTestId("discount-code-apply").click();
  await expect(page.getByTestId("discount-code-error")).toHaveText(
    "Te veel codes geprobeerd die niet bestaan. Probeer het over een uur opnieuw.",
  );
  await expect(page.getByTestId("discount-code")).toHaveValue("GUESS10");
  await expect(page.getByTestId("pay-button")).toBeVisible();
  const refused = await page.request.get(`/api/discountcode.php?code=GUESS11&package=${packageId}`);
  expect(refused.status()).toBe(429);
});
