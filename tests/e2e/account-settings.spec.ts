import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, startOverAsVisitor, test } from "./fixtures";
import { latestMail } from "./mail";

async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

async function expectLoggedIn(page: Page) {
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

/** A second browser (another device) logged in as the member. */
async function otherDevice(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  await acceptEntryWarning(context, baseURL);
  const page = await context.newPage();
  await login(page, email, password);
  await expectLoggedIn(page);
  return { context, page };
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
  // A refused form answers 400 (by design), which Chromium logs as a failed resource; any other
  // console error still fails the test (checked below instead of in fixtures.ts).
  test.info().annotations.push({ type: "allow-console-errors" });
});

test.afterEach(({ consoleErrors }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) return;
  const unexpected = consoleErrors.filter((e) => !/the server responded with a status of (400|429)/.test(e));
  expect(unexpected, "console errors").toEqual([]);
});

test("password reset via the mail, then login with the new password", async ({ page, browser, baseURL }) => {
  const member = await createMember();
  const device = await otherDevice(browser, baseURL!, member.email, member.password);

  await page.goto("/login");
  await page.getByRole("link", { name: "Wachtwoord vergeten?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  // The login page stays up while the reset page's translations load: its field has the same label.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wachtwoord vergeten");
  await page.getByLabel("E-mailadres").fill("niemand-hier@example.com");
  await page.getByRole("button", { name: "Stuur mij een link" }).click();
  await expect(page.getByRole("alert")).toHaveText("E-mailadres niet gevonden");
  await expect(page.getByLabel("E-mailadres")).toHaveValue("niemand-hier@example.com");

  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByRole("button", { name: "Stuur mij een link" }).click();
  await expect(page.getByRole("status")).toContainText("We hebben je een e-mail gestuurd");

  const mail = await latestMail(member.email);
  const link = mail.links.find((l) => l.includes("/reset-password/do?token="));
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nieuw wachtwoord kiezen");
  // The signup's password rules apply here too.
  await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("alleenletters");
  await page.getByLabel("Herhaal nieuw wachtwoord").fill("alleenletters");
  await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
  await expect(
    page.getByText("Gebruik in je wachtwoord letters en minstens één cijfer of leesteken"),
  ).toBeVisible();
  await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Nieuw-wachtwoord-77");
  await page.getByLabel("Herhaal nieuw wachtwoord").fill("Nieuw-wachtwoord-78");
  await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
  await expect(page.getByText("De opgegeven wachtwoorden zijn niet gelijk")).toBeVisible();
  // Passwords are never sent back into the form.
  await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Nieuw-wachtwoord-77");
  await page.getByLabel("Herhaal nieuw wachtwoord").fill("Nieuw-wachtwoord-77");
  await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
  await expect(page).toHaveURL(/\/settings\?saved=reset$/);
  await expect(page.getByTestId("settings-saved")).toContainText("Je nieuwe wachtwoord is opgeslagen");
  await expectLoggedIn(page);

  // The other device was logged out by the reset.
  await device.page.goto("/settings");
  await expect(device.page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
  await device.context.close();

  // The link works once.
  await page.goto(link!);
  await expect(page.getByRole("alert")).toHaveText("Link verlopen of invalide, vraag een nieuwe e-mail aan");
  await page.getByRole("link", { name: "Vraag een nieuwe e-mail aan" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);

  await startOverAsVisitor(page, baseURL!);
  await login(page, member.email, member.password);
  await expect(page.getByRole("alert")).toHaveText("Login mislukt, probeer opnieuw.");
  await login(page, member.email, "Nieuw-wachtwoord-77");
  await expectLoggedIn(page);
});

test("a bad reset link shows the error and a way to ask for a new mail", async ({ page }) => {
  await page.goto("/reset-password/do?token=ongeldig");
  await expect(page.getByRole("alert")).toHaveText("Link verlopen of invalide, vraag een nieuwe e-mail aan");
  await expect(page.getByRole("link", { name: "Vraag een nieuwe e-mail aan" })).toHaveAttribute(
    "href",
    "/reset-password",
  );
  await expect(page.getByLabel("Nieuw wachtwoord", { exact: true })).toHaveCount(0);
});

test("e-mail change confirmed via the mail to the new address, then login with it", async ({
  page,
  baseURL,
}) => {
  const member = await createMember();
  const other = await createMember();
  const newEmail = `nieuw-${randomUUID().slice(0, 8)}@example.com`;
  await login(page, member.email, member.password);
  await expectLoggedIn(page);
  await page.goto("/settings");
  const section = page.getByTestId("settings-email");
  await expect(section).toContainText(member.email);

  await section.getByLabel("Nieuw e-mailadres").fill(other.email);
  await section.getByLabel("Huidig wachtwoord").fill(member.password);
  await section.getByRole("button", { name: "E-mailadres wijzigen" }).click();
  await expect(section.getByText("Dit e-mailadres heeft al een account op deze site.")).toBeVisible();
  await expect(section.getByLabel("Nieuw e-mailadres")).toHaveValue(other.email);
  await expect(section.getByLabel("Huidig wachtwoord")).toHaveValue("");

  await section.getByLabel("Nieuw e-mailadres").fill("geen-adres");
  await section.getByLabel("Huidig wachtwoord").fill(member.password);
  await section.getByRole("button", { name: "E-mailadres wijzigen" }).click();
  await expect(section.getByText("Nieuw e-mailadres invalide.")).toBeVisible();

  await section.getByLabel("Nieuw e-mailadres").fill(newEmail);
  await section.getByLabel("Huidig wachtwoord").fill("fout-wachtwoord");
  await section.getByRole("button", { name: "E-mailadres wijzigen" }).click();
  await expect(section.getByText("Controleer je wachtwoord")).toBeVisible();

  await section.getByLabel("Huidig wachtwoord").fill(member.password);
  await section.getByRole("button", { name: "E-mailadres wijzigen" }).click();
  await expect(page).toHaveURL(/\/settings\?saved=email$/);
  await expect(page.getByTestId("settings-saved")).toContainText("bevestigingslink");
  await expect(page.getByTestId("pending-email")).toContainText(newEmail);

  const mail = await latestMail(newEmail);
  const link = mail.links.find((l) => l.includes("/mail-change/do?token="));
  expect(link).toBeTruthy();
  await startOverAsVisitor(page, baseURL!);
  await page.goto(link!);
  await expect(page.getByText(newEmail)).toBeVisible();
  await page.getByRole("button", { name: "Bevestigen" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Je e-mailadres is gewijzigd. Log voortaan in met je nieuwe e-mailadres.",
  );
  // The old address is told, with the new one (someone else may have taken over the account).
  const notice = await latestMail(member.email);
  expect(notice.html).toContain("Je e-mailadres bij");
  expect(notice.html).toContain(newEmail);
  await page.getByRole("link", { name: "Inloggen" }).last().click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, newEmail, member.password);
  await expectLoggedIn(page);

  // The link was used.
  await page.goto(link!);
  await expect(page.getByRole("alert")).toHaveText("Link verlopen of invalide, vraag een nieuwe e-mail aan");
});

test("lockout: too many wrong passwords block the account, also for the right one", async ({ page }) => {
  const member = await createMember();
  const site = await e2eDb().site.findFirstOrThrow({
    where: { isDefault: true },
    select: { loginMaxAttempts: true, loginBlockMinutes: true },
  });
  const blocked = `Te veel foute pogingen, account voor ${site.loginBlockMinutes} min geblokkeerd.`;
  for (let i = 1; i < site.loginMaxAttempts; i++) {
    await login(page, member.email, `fout-${i}`);
    await expect(page.getByRole("alert")).toHaveText("Login mislukt, probeer opnieuw.");
  }
  await login(page, member.email, "nog-een-keer-fout");
  await expect(page.getByRole("alert")).toHaveText(blocked);
  await expect(page.getByLabel("E-mailadres")).toHaveValue(member.email);
  await login(page, member.email, member.password);
  await expect(page.getByRole("alert")).toHaveText(blocked);
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
});

test("settings: password, notifications, invisible mode, sessions and language", async ({
  page,
  browser,
  baseURL,
}) => {
  const member = await createMember();
  await login(page, member.email, member.password);
  await expectLoggedIn(page);
  const device = await otherDevice(browser, baseURL!, member.email, member.password);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Instellingen");
  await expect(page.getByRole("link", { name: "Account verwijderen" })).toHaveAttribute(
    "href",
    "/settings/delete",
  );

  // Password: the old one is checked.
  const password = page.getByTestId("settings-password");
  await password.getByLabel("Oud wachtwoord").fill("niet-mijn-wachtwoord");
  await password.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Ander-wachtwoord-5");
  await password.getByLabel("Herhaal nieuw wachtwoord").fill("Ander-wachtwoord-5");
  await password.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
  await expect(password.getByText("Controleer je oude wachtwoord")).toBeVisible();
  await password.getByLabel("Oud wachtwoord").fill(member.password);
  await password.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Ander-wachtwoord-5");
  await password.getByLabel("Herhaal nieuw wachtwoord").fill("Ander-wachtwoord-6");
  await password.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
  await expect(password.getByText("De opgegeven wachtwoorden zijn niet gelijk")).toBeVisible();
  await password.getByLabel("Oud wachtwoord").fill(member.password);
  await password.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Wachtwoord123");
  await password.getByLabel("Herhaal nieuw wachtwoord").fill("Wachtwoord123");
  await password.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
  await expect(
    password.getByText("Dit wachtwoord is te makkelijk te raden, kies een ander wachtwoord"),
  ).toBeVisible();
  await password.getByLabel("Oud wachtwoord").fill(member.password);
  await password.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Ander-wachtwoord-5");
  await password.getByLabel("Herhaal nieuw wachtwoord").fill("Ander-wachtwoord-5");
  await password.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
  await expect(page.getByTestId("settings-saved")).toContainText("Je wachtwoord is gewijzigd");
  await expect(password.getByLabel("Oud wachtwoord")).toHaveValue("");
  // That ended the other device's session.
  await device.page.goto("/settings");
  await expect(device.page).toHaveURL(/\/login/);

  // Notifications: switch two off.
  const notifications = page.getByTestId("settings-notifications");
  await notifications.getByLabel("Aanbiedingen en acties").uncheck();
  await notifications.getByLabel("Wekelijks overzicht").uncheck();
  await notifications.getByRole("button", { name: "Voorkeuren opslaan" }).click();
  await expect(page.getByTestId("settings-saved")).toHaveText("Je e-mailvoorkeuren zijn opgeslagen.");
  await expect(notifications.getByLabel("Aanbiedingen en acties")).not.toBeChecked();
  await expect(notifications.getByLabel("Nieuwe berichten")).toBeChecked();
  const stored = await e2eDb().user.findUniqueOrThrow({
    where: { id: member.id },
    select: { emailNotificationsOff: true },
  });
  expect(stored.emailNotificationsOff).toEqual(["promotions", "weekly_updates"]);

  // Invisible mode.
  const invisible = page.getByTestId("settings-invisible");
  await invisible.getByLabel("Onzichtbaar zijn").check();
  await invisible.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByTestId("settings-saved")).toHaveText("Je zichtbaarheid is opgeslagen.");
  await expect(invisible.getByLabel("Onzichtbaar zijn")).toBeChecked();

  // Sessions: log out everywhere else.
  const second = await otherDevice(browser, baseURL!, member.email, "Ander-wachtwoord-5");
  await page.reload();
  const sessions = page.getByTestId("settings-sessions");
  await expect(sessions.getByTestId("session")).toHaveCount(2);
  await expect(sessions.locator('[data-current="true"]')).toContainText("Dit apparaat");
  await sessions.getByRole("button", { name: "Overal elders uitloggen" }).click();
  await expect(page.getByTestId("settings-saved")).toHaveText("Je bent op al je andere apparaten uitgelogd.");
  await expect(sessions.getByTestId("session")).toHaveCount(1);
  await second.page.goto("/settings");
  await expect(second.page).toHaveURL(/\/login/);
  await second.context.close();
  await device.context.close();

  // Language: the page and the cookie switch to German.
  const language = page.getByTestId("settings-language");
  await language.getByRole("combobox").selectOption("de");
  await language.getByRole("button").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const cookie = (await page.context().cookies()).find((c) => c.name === "i18n_redirected");
  expect(cookie?.value).toBe("de");
  const { language: saved } = await e2eDb().user.findUniqueOrThrow({
    where: { id: member.id },
    select: { language: true },
  });
  expect(saved).toBe("de");
});

test("settings explain why mails are off; resuming keeps a bounce, which needs a new address", async ({
  page,
}) => {
  const member = await createMember();
  await e2eDb().user.update({
    where: { id: member.id },
    data: { notificationsDisabled: ["fbl", "bounce"] },
  });
  await login(page, member.email, member.password);
  await expectLoggedIn(page);
  await page.goto("/settings");
  const notice = page.getByTestId("notifications-disabled");
  await expect(notice).toContainText("We sturen je op dit moment geen e-mails");
  await expect(notice).toContainText("als spam gemarkeerd");
  await expect(notice).toContainText(`E-mails naar ${member.email} komen niet aan`);
  await notice.getByRole("button", { name: "E-mails weer aanzetten" }).click();
  await expect(notice).not.toContainText("als spam gemarkeerd");
  await expect(notice).toContainText(`E-mails naar ${member.email} komen niet aan`);
  await expect(notice).toContainText(
    "We sturen je pas weer e-mails als je een nieuw e-mailadres hebt bevestigd.",
  );
  await expect(notice.getByRole("button", { name: "E-mails weer aanzetten" })).toHaveCount(0);
  await expect(page.getByTestId("settings-saved")).toHaveCount(0);

  // Without the bounce, mails are on again.
  await e2eDb().user.update({
    where: { id: member.id },
    data: { notificationsDisabled: ["listunsubscribe"] },
  });
  await page.goto("/settings");
  await notice.getByRole("button", { name: "E-mails weer aanzetten" }).click();
  await expect(page.getByTestId("settings-saved")).toHaveText("Je ontvangt weer e-mails van ons.");
  await expect(page.getByTestId("notifications-disabled")).toHaveCount(0);
});

test("settings need a login", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
});
