// An admin's discount code from /staff/discount-codes to a member's checkout and back, with and
// without JavaScript: the code is made, a member pays with it through the Mollie simulator and sees
// the discounted price, and the admin's list counts the use and its revenue.
import { randomUUID } from "node:crypto";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, login, startOverAsVisitor, test, whenInteractive } from "./fixtures";

test("an admin creates a discount code, a member pays with it, the list counts the use", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  // Two people, three logins and a payment at the simulator: longer than one page's flow.
  test.slow();
  await acceptEntryWarning(context, baseURL!);
  const admin = await createMember();
  await e2eDb().user.update({ where: { id: admin.id }, data: { role: "admin" }, select: { id: true } });
  const code = `E2E${randomUUID().slice(0, 8).toUpperCase()}`;

  await login(page, admin.email, admin.password, "/staff/discount-codes");
  await whenInteractive(page, testInfo);
  const form = page.getByTestId("discount-code-form");
  // A code with a space is refused on its field, and what was typed stays.
  await form.getByLabel("Code", { exact: true }).fill("met spatie");
  await form.getByLabel("Korting (%)").fill("20");
  await form.getByRole("button", { name: "Code aanmaken" }).click();
  await expect(form.getByText("Gebruik alleen letters, cijfers, - en _ (geen spaties).")).toBeVisible();
  await expect(form.getByLabel("Korting (%)")).toHaveValue("20");

  await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await form.getByLabel("Hoe vaak in totaal").fill("5");
  await form.getByRole("button", { name: "Code aanmaken" }).click();
  await expect(page.getByTestId("discount-code-notice")).toHaveText(`Kortingscode ${code} is aangemaakt.`);
  const row = page.locator(`[data-testid="discount-code-row"][data-code="${code}"]`);
  await expect(row.getByTestId("discount-code-uses")).toHaveText("0 van 5");

  // A member past the time bonus (which would win over any code) enters it at the checkout.
  await startOverAsVisitor(page, baseURL!);
  const member = await createMember();
  await e2eDb().user.update({
    where: { id: member.id },
    data: { signupDate: new Date(Date.now() - 86_400_000) },
    select: { id: true },
  });
  await login(page, member.email, member.password, "/credits");
  await page.getByTestId("package-buy").first().click();
  await expect(page).toHaveURL(/\/credits\/\d+$/);
  await whenInteractive(page, testInfo);
  await page.getByTestId("discount-code").fill(code.toLowerCase());
  await page.getByTestId("discount-code-apply").click();
  await expect(page.getByTestId("purchase-amount")).toHaveText("€ 15,96");
  await expect(page.getByTestId("purchase-original-price")).toContainText("€ 19,95");
  await page.getByTestId("pay-button").click();
  await expect(page.getByTestId("simulator-amount")).toHaveText("EUR 15.96");
  await page.getByRole("button", { name: "Betaald", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor je aankoop!" })).toBeVisible();

  await startOverAsVisitor(page, baseURL!);
  await login(page, admin.email, admin.password, "/staff/discount-codes");
  await expect(row.getByTestId("discount-code-uses")).toHaveText("1 van 5");
  await expect(row).toContainText("€ 15,96");

  // Switched off, the code stays in the list (its use is history) and can be switched on again.
  await whenInteractive(page, testInfo);
  await row.getByRole("button", { name: `${code} uitzetten` }).click();
  await expect(page.getByTestId("discount-code-notice")).toHaveText(`Kortingscode ${code} staat uit.`);
  await expect(row.getByRole("button", { name: `${code} aanzetten` })).toBeVisible();
});
