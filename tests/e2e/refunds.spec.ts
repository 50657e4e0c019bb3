// A refund of unused credits, with and without JavaScript: the member asks on the purchase's page,
// staff approve it on /staff/payments (refund through the Mollie simulator), the credits go back.
import { randomBytes } from "node:crypto";
import { createMember, e2eDb, TEST_PASSWORD } from "./db";
import { acceptEntryWarning, createStaff, expect, login, test } from "./fixtures";
import { latestMail } from "./mail";

/** A purchase of 50 credits for € 19,95, paid at the simulated Mollie and booked (as the webhook would). */
async function paidPurchase(userId: number, siteId: number, baseURL: string) {
  const molliePaymentId = `tr_e2e${randomBytes(6).toString("hex")}`;
  const paidAt = new Date();
  return e2eDb().$transaction(async (tx) => {
    await tx.mollieSimulatorPayment.create({
      data: {
        id: molliePaymentId,
        amountValue: "19.95",
        currency: "EUR",
        description: "50 credits",
        method: "ideal",
        redirectUrl: `${baseURL}/transactions`,
        status: "paid",
        paidAt,
      },
    });
    const payment = await tx.payment.create({
      data: {
        userId,
        siteId,
        molliePaymentId,
        method: "ideal",
        amountCents: 1995,
        currency: "EUR",
        credits: 50,
        status: "paid",
        paidAt,
        creditedAt: paidAt,
      },
      select: { id: true },
    });
    await tx.user.update({
      where: { id: userId },
      data: { credits: 50, paidUser: true },
      select: { id: true },
    });
    await tx.creditLedgerEntry.create({
      data: {
        userId,
        delta: 50,
        balanceAfter: 50,
        reason: "purchase",
        reference: `payment:${molliePaymentId}`,
      },
    });
    return { paymentId: payment.id, molliePaymentId };
  });
}

test("a member asks for unused credits back, staff approve, the credits go back", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await acceptEntryWarning(context, baseURL!);
  const member = await createMember();
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const { paymentId, molliePaymentId } = await paidPurchase(member.id, site.id, baseURL!);

  await login(page, member.email, member.password, `/transactions/${paymentId}`);
  await expect(page.getByTestId("payment-balance")).toHaveText("Je hebt 50 credits.");
  const refund = page.getByTestId("refund");
  await expect(refund.getByRole("heading", { name: "Ongebruikte credits terugvragen" })).toBeVisible();
  await expect(refund.getByTestId("refund-form")).toContainText("de 50 ongebruikte credits");
  await expect(refund.getByTestId("refund-form")).toContainText("€ 19,95 terug");
  await refund.getByLabel("Toelichting (niet verplicht)").fill("Ik heb al iemand gevonden.");
  await refund.getByRole("button", { name: "Terugbetaling aanvragen" }).click();
  await expect(refund.getByTestId("refund-status")).toHaveAttribute("data-status", "requested");
  await expect(refund.getByTestId("refund-status")).toContainText("50 credits terug te betalen (€ 19,95)");
  await expect(refund.getByTestId("refund-form")).toHaveCount(0);
  // Nothing is taken back before staff decide.
  await expect(page.getByTestId("payment-balance")).toHaveText("Je hebt 50 credits.");

  // Staff approve it on /staff/payments.
  const staff = await createStaff();
  const staffContext = await browser.newContext();
  await acceptEntryWarning(staffContext, baseURL!);
  const staffPage = await staffContext.newPage();
  await login(staffPage, staff.email, TEST_PASSWORD, "/staff/payments");
  await expect(staffPage.getByRole("heading", { level: 1 })).toHaveText("Betalingen");
  const row = staffPage.getByTestId("refund-request").filter({ hasText: member.email });
  await expect(row).toHaveAttribute("data-status", "requested");
  await expect(row).toContainText("Ik heb al iemand gevonden.");
  await row.getByRole("button", { name: "Goedkeuren en terugbetalen" }).click();
  await expect(staffPage.getByTestId("staff-payments-outcome")).toHaveAttribute("data-outcome", "refunded");
  await expect(staffPage.getByTestId("staff-payments-outcome")).toContainText(
    "is terugbetaald via Mollie: € 19,95 voor 50 credits.",
  );
  // It left the open requests for the decided ones.
  await expect(row).toHaveAttribute("data-status", "refunded");
  await staffContext.close();

  // The member's balance dropped, the page says so, and a confirmation mail came.
  await page.reload();
  await expect(page.getByTestId("payment-balance")).toHaveText("Je hebt 0 credits.");
  await expect(refund.getByTestId("refund-status")).toHaveAttribute("data-status", "refunded");
  await expect(refund.getByTestId("refund-status")).toContainText(
    "€ 19,95 is terugbetaald voor 50 ongebruikte credits.",
  );
  const mail = await latestMail(member.email);
  expect(mail.html).toMatch(/€\s19,95 terugbetaald voor 50 ongebruikte credits/);
  expect(mail.links).toContain(`${baseURL}/transactions/${paymentId}`);

  const stored = await e2eDb().mollieSimulatorPayment.findUniqueOrThrow({
    where: { id: molliePaymentId },
    select: { amountRefunded: true },
  });
  expect(stored.amountRefunded).toBe("19.95");
  const user = await e2eDb().user.findUniqueOrThrow({ where: { id: member.id }, select: { credits: true } });
  expect(user.credits).toBe(0);
});

test("a member cannot ask for more than once, and members do not see the staff page", async ({
  page,
  context,
  baseURL,
}) => {
  test
    .info()
    .annotations.push({ type: "allow-console-errors", description: "the browser logs the 404 document" });
  await acceptEntryWarning(context, baseURL!);
  const member = await createMember();
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const { paymentId } = await paidPurchase(member.id, site.id, baseURL!);
  await login(page, member.email, member.password, `/transactions/${paymentId}`);
  await page.getByRole("button", { name: "Terugbetaling aanvragen" }).click();
  await expect(page.getByTestId("refund-status")).toHaveAttribute("data-status", "requested");
  await expect(page.getByRole("button", { name: "Terugbetaling aanvragen" })).toHaveCount(0);

  const response = await page.goto("/staff/payments");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toContainText("404");
});
