// The staff accounts and the action log as an admin uses them (docs/product.md, Staff accounts and
// the action log): an invitation reaches a new address as a link to choose a password, the invited
// support member opens the back office without the admin pages, the admin makes them admin and
// revokes them again, and the log, filtered by the admin, shows those decisions and offers them as CSV.
import { randomUUID } from "node:crypto";
import { TEST_PASSWORD } from "./db";
import { acceptEntryWarning, createStaff, expect, jsEnabled, login, test, whenInteractive } from "./fixtures";
import { latestMail } from "./mail";

test("an admin invites a support member, changes the role, revokes it and finds it all in the log", async ({
  page,
  browser,
  context,
  baseURL,
}, testInfo) => {
  // Three logins (Argon2) and a mail: slower than one page's flow.
  test.slow();
  const admin = await createStaff({ role: "admin" });
  const invited = `team-${randomUUID().slice(0, 8)}@voorbeeld.nl`;
  await acceptEntryWarning(context, baseURL!);
  await login(page, admin.email, TEST_PASSWORD, "/staff/team");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Medewerkers");

  // A mistyped address is refused and stays in the field.
  await whenInteractive(page, testInfo);
  const form = page.getByTestId("staff-invite-form");
  await form.getByLabel("E-mailadres").fill("geen-adres");
  await form.getByRole("button", { name: "Uitnodigen" }).click();
  await expect(form.getByText("Vul een geldig e-mailadres in.")).toBeVisible();
  await expect(form.getByLabel("E-mailadres")).toHaveValue("geen-adres");

  await form.getByLabel("E-mailadres").fill(invited);
  await form.getByLabel("Rol").selectOption("support");
  await form.getByRole("button", { name: "Uitnodigen" }).click();
  await expect(page.getByTestId("staff-team-notice")).toHaveText("Uitnodiging verstuurd.");
  const row = page.locator(`[data-testid="staff-member"][data-email="${invited}"]`);
  await expect(row).toContainText("Support");
  await expect(row).toContainText("Heeft nog geen wachtwoord gekozen");

  // The invited address chooses a password through the mailed link and opens the back office.
  const mail = await latestMail(invited);
  const link = mail.links.find((l) => l.includes("/reset-password/do?token="));
  expect(link).toBeTruthy();
  const supportContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled(testInfo) });
  await acceptEntryWarning(supportContext, baseURL!);
  const support = await supportContext.newPage();
  await support.goto(link!);
  await support.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Team-wachtwoord-42");
  await support.getByLabel("Herhaal nieuw wachtwoord").fill("Team-wachtwoord-42");
  await support.getByRole("button", { name: "Wachtwoord opslaan" }).click();
  await expect(support).toHaveURL(/\/settings\?saved=reset$/);
  await support.goto("/staff");
  await expect(support.getByRole("heading", { name: "Overzicht" })).toBeVisible();
  // Support has no admin pages.
  const adminPage = await support.goto("/staff/team");
  expect(adminPage?.status()).toBe(404);

  // The admin makes them admin, then revokes the role: their back office closes.
  await page.reload();
  await row.getByRole("button", { name: "Maak beheerder" }).click();
  await expect(page.getByTestId("staff-team-notice")).toHaveText("De rol is gewijzigd.");
  await expect(row).toContainText("Beheerder");
  await expect(row).not.toContainText("Heeft nog geen wachtwoord gekozen");
  await row.getByRole("button", { name: "Intrekken" }).click();
  await expect(page.getByTestId("staff-team-notice")).toHaveText(
    "De medewerker is weer lid en is overal uitgelogd.",
  );
  await expect(row).toHaveCount(0);
  await support.goto("/staff");
  await expect(support).toHaveURL(/\/login\?redirectTo=%2Fstaff$/);
  await supportContext.close();

  // The log, filtered by this admin, shows the three decisions, newest first.
  await page.goto("/staff/actions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Actielog van medewerkers");
  await page.getByLabel("Medewerker").selectOption({ label: admin.email });
  await page.getByRole("button", { name: "Filteren" }).click();
  await expect(page).toHaveURL(/[?&]staff=\d+/);
  const actions = page.getByTestId("staff-action-row");
  await expect(actions).toHaveCount(3);
  await expect(actions.nth(0)).toContainText("admin → member");
  await expect(page.getByText("3 acties gevonden.")).toBeVisible();

  const csvLink = page.getByRole("link", { name: "Download als CSV" });
  const csv = await page.request.get(new URL((await csvLink.getAttribute("href"))!, baseURL).toString());
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines).toHaveLength(4);
});
