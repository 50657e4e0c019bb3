// SEPA direct debit with the SMS code read from the SMS outbox, a foreign number refused, the notice
// for a member who has not confirmed the address, and the one-click repeat order on the card of a
// first card payment; with and without JavaScript.
import type { Page } from "@playwright/test";
import { E2E_BASE_URL } from "./constants";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, buyFirstPackageByCard, expect, login, test, whenInteractive } from "./fixtures";
import { staffRequest } from "./mail";

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

/** A mobile number of this test's own, so parallel tests read their own code from the outbox. */
function mobileNumber() {
  // 06-1… to 06-5…: Dutch mobile numbers (06-0… is not one).
  const digits = `${1 + Math.floor(Math.random() * 5)}${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  return { typed: `06 ${digits}`, e164: `+316${digits}` };
}

/** The code in the newest text to `e164`, as the SMS outbox page shows it (to staff, in production). */
async function codeFromOutbox(page: Page, e164: string) {
  const staff = await page
    .context()
    .browser()!
    .newContext({ baseURL: E2E_BASE_URL, storageState: await (await staffRequest()).storageState() });
  const outbox = await staff.newPage();
  await outbox.goto("/dev/sms");
  const row = outbox.getByTestId("sms-message").filter({ has: outbox.getByTestId("sms-to").getByText(e164) });
  const body = await row.first().getByTestId("sms-body").textContent();
  await staff.close();
  return /\b(\d{6})\b/.exec(body ?? "")![1]!;
}

test("a member pays by direct debit after confirming the SMS code", async ({ page, request }, testInfo) => {
  const member = await createMember();
  const phone = mobileNumber();
  await login(page, member.email, member.password);
  await page.goto("/credits");
  await page.getByTestId("package-buy").first().click();
  await page.getByTestId("directdebit-link").click();
  await expect(page).toHaveURL(/\/directdebit\?package=\d+$/);
  await whenInteractive(page, testInfo);

  const form = page.getByTestId("directdebit-form");
  await form.getByLabel("Naam rekeninghouder").fill("A. de Vries");
  await form.getByLabel("Straat").fill("Dorpsstraat");
  await form.getByLabel("Huisnummer").fill("12a");
  await form.getByLabel("Postcode").fill("3811 AB");
  await form.getByLabel("Plaats").fill("Amersfoort");
  await form.getByLabel("Mobiel nummer").fill(phone.typed);
  await form.getByRole("checkbox").check();
  // Enter submits (with JavaScript a field's error shows as it is left, moving what is below it).
  await form.getByLabel("IBAN").fill("NL91 ABNA 0417 1643 01");
  await form.getByLabel("IBAN").press("Enter");
  // A wrong IBAN is refused and what was typed stays.
  await expect(page.getByText("Vul een geldig IBAN van een SEPA-land in.")).toBeVisible();
  await expect(form.getByLabel("Straat")).toHaveValue("Dorpsstraat");
  await expect(form.getByLabel("Mobiel nummer")).toHaveValue(phone.typed);

  await expect(form.getByRole("checkbox")).toBeChecked();
  await form.getByLabel("IBAN").fill("NL91 ABNA 0417 1643 00");
  await form.getByLabel("IBAN").press("Enter");
  await expect(page.getByTestId("directdebit-code-step")).toBeVisible();
  await expect(page.getByTestId("directdebit-summary")).toContainText("NL91 •••• •••• ••43 00");

  const code = await codeFromOutbox(page, phone.e164);
  await whenInteractive(page, testInfo);
  await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await page.getByTestId("directdebit-confirm").click();
  await expect(page.getByText("Code ongeldig", { exact: true })).toBeVisible();
  await page.getByLabel("Code").fill(code);
  await page.getByTestId("directdebit-confirm").click();

  // The collection waits for the bank: no credits yet.
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-status", "pending");
  const paymentId = Number(/\/transactions\/(\d+)$/.exec(page.url())![1]);
  const payment = await e2eDb().payment.findUniqueOrThrow({ where: { id: paymentId } });
  expect(payment).toMatchObject({ method: "directdebit", sequenceType: "recurring", creditedAt: null });

  // The bank pays; Mollie (here its simulator) reports it through the webhook.
  await e2eDb().mollieSimulatorPayment.update({
    where: { id: payment.molliePaymentId! },
    data: { status: "paid", paidAt: new Date() },
  });
  const hook = await request.post("/payments/webhook", { form: { id: payment.molliePaymentId! } });
  expect(hook.status()).toBe(200);
  await page.goto(`/transactions/${paymentId}`);
  await expect(page.getByRole("heading", { name: "Bedankt voor je aankoop!" })).toBeVisible();
  await expect(page.getByTestId("payment-balance")).toHaveText(`Je hebt ${payment.credits} credits.`);
});

test("a code step whose price changed says so, also after a refused code, and renews at today's price", async ({
  page,
}, testInfo) => {
  test.info().annotations.push({ type: "allow-console-errors", description: "the refused code answers 409" });
  // Two requests, each with its code read from the outbox as staff.
  test.slow();
  // A new member: the time bonus (25% off) lowers the first request (its modal stays away).
  const member = await createMember();
  await e2eDb().user.update({
    where: { id: member.id },
    data: { timeBonusDismissedAt: new Date() },
    select: { id: true },
  });
  const phone = mobileNumber();
  await login(page, member.email, member.password);
  await page.goto("/directdebit");
  await whenInteractive(page, testInfo);
  const form = page.getByTestId("directdebit-form");
  await form.getByLabel("Naam rekeninghouder").fill("B. Jansen");
  await form.getByLabel("IBAN").fill("NL91 ABNA 0417 1643 00");
  await form.getByLabel("Straat").fill("Dorpsstraat");
  await form.getByLabel("Huisnummer").fill("3");
  await form.getByLabel("Postcode").fill("3811 AB");
  await form.getByLabel("Plaats").fill("Amersfoort");
  await form.getByLabel("Mobiel nummer").fill(phone.typed);
  await form.getByRole("checkbox").check();
  await page.getByTestId("directdebit-submit").click();
  await expect(page.getByTestId("directdebit-code-step")).toBeVisible();
  const old = await e2eDb().directDebitRequest.findFirstOrThrow({ where: { userId: member.id } });
  const creditPackage = await e2eDb().creditPackage.findUniqueOrThrow({ where: { id: old.packageId } });
  const euros = (cents: number) =>
    new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" }).format(cents / 100);
  expect(old.amountCents).toBeLessThan(creditPackage.priceCents);
  await expect(page.getByTestId("directdebit-summary")).toContainText(euros(old.amountCents));
  const code = await codeFromOutbox(page, phone.e164);

  // The bonus ends while the step is open: the code is refused for the price, not used up.
  await e2eDb().user.update({
    where: { id: member.id },
    data: { signupDate: new Date(Date.now() - 3 * 86_400_000) },
    select: { id: true },
  });
  const priceChanged = page.getByText("Dit pakket wordt niet meer voor dit bedrag aangeboden", {
    exact: false,
  });
  await whenInteractive(page, testInfo);
  await page.getByLabel("Code").fill(code);
  await page.getByTestId("directdebit-confirm").click();
  await expect(priceChanged).toBeVisible();
  await expect(page.getByTestId("directdebit-renew")).toBeVisible();

  // Opened again, the step still says so and offers the renewal instead of the old amount's code.
  await page.goto(`/directdebit?request=${old.id}`);
  await expect(priceChanged).toBeVisible();
  await expect(page.getByTestId("directdebit-confirm")).toBeDisabled();
  await expect(page.getByTestId("directdebit-resend")).toHaveCount(0);
  expect(await e2eDb().payment.count({ where: { userId: member.id } })).toBe(0);

  await whenInteractive(page, testInfo);
  await page.getByTestId("directdebit-renew").click();
  await expect(page).not.toHaveURL(new RegExp(`request=${old.id}$`));
  await expect(page.getByTestId("directdebit-summary")).toContainText(euros(creditPackage.priceCents));
  await expect(priceChanged).toHaveCount(0);
  await whenInteractive(page, testInfo);
  await page.getByLabel("Code").fill(await codeFromOutbox(page, phone.e164));
  await page.getByTestId("directdebit-confirm").click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  const payment = await e2eDb().payment.findFirstOrThrow({ where: { userId: member.id } });
  expect(payment).toMatchObject({ amountCents: creditPackage.priceCents, discountPercent: 0 });
});

test("a mobile number of another country than the member's and the IBAN's is refused, nothing texted", async ({
  page,
}, testInfo) => {
  const member = await createMember();
  await login(page, member.email, member.password, "/directdebit");
  await whenInteractive(page, testInfo);
  const form = page.getByTestId("directdebit-form");
  await form.getByLabel("Naam rekeninghouder").fill("C. Bakker");
  await form.getByLabel("IBAN").fill("NL91 ABNA 0417 1643 00");
  await form.getByLabel("Straat").fill("Dorpsstraat");
  await form.getByLabel("Huisnummer").fill("5");
  await form.getByLabel("Postcode").fill("3811 AB");
  await form.getByLabel("Plaats").fill("Amersfoort");
  await form.getByLabel("Mobiel nummer").fill("+49 1512 3456789");
  await form.getByRole("checkbox").check();
  await page.getByTestId("directdebit-submit").click();
  await expect(
    page.getByText("Gebruik een mobiel nummer uit je eigen land of uit het land van je IBAN."),
  ).toBeVisible();
  await expect(form.getByLabel("Mobiel nummer")).toHaveValue("+49 1512 3456789");
  await expect(form.getByLabel("Straat")).toHaveValue("Dorpsstraat");
  await expect(page.getByTestId("directdebit-code-step")).toHaveCount(0);
  expect(await e2eDb().directDebitRequest.count({ where: { userId: member.id } })).toBe(0);
  expect(await e2eDb().smsMessage.count({ where: { to: "+4915123456789" } })).toBe(0);
});

test("a member who has not confirmed the e-mail address is asked to, and gets no form", async ({ page }) => {
  const member = await createMember({ status: "not_confirmed" });
  await login(page, member.email, member.password, "/directdebit");
  await expect(page).toHaveURL(/\/directdebit$/);
  const notice = page.getByTestId("directdebit-unconfirmed");
  await expect(notice).toContainText("Bevestig eerst je e-mailadres");
  await expect(page.getByTestId("directdebit-form")).toHaveCount(0);
  await notice.getByRole("link", { name: "Geen e-mail ontvangen?" }).click();
  await expect(page).toHaveURL(/\/complete-signup$/);
});

test("a member with a card mandate orders the last package again in one click", async ({ page }) => {
  const member = await createMember();
  await login(page, member.email, member.password);
  await buyFirstPackageByCard(page);

  await page.goto("/credits/repeat-order");
  await expect(page.getByTestId("repeat-order-card")).toContainText("Mastercard •••• 6787");
  await page.getByTestId("repeat-order-buy").click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole("heading", { name: "Bedankt voor je aankoop!" })).toBeVisible();
  await expect(page.getByTestId("payment-balance")).toHaveText("Je hebt 100 credits.");
});
