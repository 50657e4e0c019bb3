// The one-click repeat order on the stored card names the account beside the card and asks for
// the password again once the session's login is older than 30 minutes.
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, buyFirstPackageByCard, expect, login, test, whenInteractive } from "./fixtures";

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

test("names the account and asks for the password again after 30 minutes", async ({ page }, testInfo) => {
  // A card purchase and two repeat orders: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const member = await createMember();
  const { profile } = await e2eDb().user.findUniqueOrThrow({
    where: { id: member.id },
    select: { profile: { select: { name: true } } },
  });
  await login(page, member.email, member.password);
  await buyFirstPackageByCard(page);

  await page.goto("/credits/repeat-order");
  await expect(page.getByTestId("repeat-order-account")).toHaveText(
    `Account: ${profile!.name} (${member.email[0]}***@e***.com)`,
  );
  // Logged in just now: no password asked.
  await expect(page.getByLabel("Wachtwoord")).toHaveCount(0);

  // The login was 31 minutes ago.
  await e2eDb().session.updateMany({
    where: { userId: member.id },
    data: { passwordAt: new Date(Date.now() - 31 * 60_000) },
  });
  await page.goto("/credits/repeat-order");
  await whenInteractive(page, testInfo);
  await page.getByLabel("Wachtwoord").fill("Niet-mijn-wachtwoord-1");
  await page.getByTestId("repeat-order-buy").click();
  await expect(page.getByText("Controleer je wachtwoord", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Wachtwoord")).toHaveValue("");
  expect(await e2eDb().payment.count({ where: { userId: member.id } })).toBe(1);

  await page.getByLabel("Wachtwoord").fill(member.password);
  await page.getByTestId("repeat-order-buy").click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole("heading", { name: "Bedankt voor je aankoop!" })).toBeVisible();
  expect(await e2eDb().payment.count({ where: { userId: member.id } })).toBe(2);
});
