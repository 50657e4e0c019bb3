import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { E2E_BASE_URL } from "./constants";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, jsEnabled, startOverAsVisitor, test, whenInteractive } from "./fixtures";
import { latestMail } from "./mail";

const PASSWORD = "Zomer-2026!";

// The matches page shows demo members' photos, which the server draws in the background after its
// first start (newest members first): wait until the last ones exist, or their thumbnails are 404s.
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const last = await e2eDb().photo.findMany({
    where: {
      filename: { startsWith: "seed/" },
      status: "active",
      visibility: "public",
      // Members listed on the site the tests visit: no visitor gets other members' photos.
      profile: { status: "active", listedSiteId: site.id },
    },
    orderBy: [{ profile: { createdAt: "asc" } }, { id: "desc" }],
    take: 10,
    select: { id: true },
  });
  const http = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  for (const photo of last) {
    await expect
      .poll(async () => (await http.get(`/photos/${photo.id}/thumb`)).status(), { timeout: 100_000 })
      .not.toBe(404);
  }
  await http.dispose();
});

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
  // Every browser here signs up from 127.0.0.1: start each test below the per-IP signup limit.
  await e2eDb().rateLimitHit.deleteMany({ where: { key: { startsWith: "signup:ip:" } } });
});

/**
 * A refused form answers 400 (or 429), which Chromium logs as a failed resource. Those are expected
 * here; any other console error still fails the test.
 */
function allowRefusedForms(consoleErrors: string[]) {
  test.info().annotations.push({ type: "allow-console-errors", description: "a refused form answers 400" });
  return () =>
    expect(
      consoleErrors.filter((e) => !/responded with a status of (400|429)/.test(e)),
      "console errors",
    ).toEqual([]);
}

/** Opens /signup; with JavaScript, waits until the form is hydrated so the JS path is what runs. */
async function openSignup(page: Page, testInfo: TestInfo) {
  await page.goto("/signup");
  await whenInteractive(page, testInfo);
}

const newEmail = () => `aanmelder-${randomUUID().slice(0, 8)}@example.com`;

async function fillSignupForm(
  scope: Page | ReturnType<Page["getByTestId"]>,
  values: { email: string; name?: string; password?: string; dateOfBirth?: string },
) {
  await scope.getByLabel("E-mailadres").fill(values.email);
  await scope.getByLabel("Profielnaam").fill(values.name ?? `Nieuw${Math.floor(Math.random() * 10000)}`);
  await scope.getByLabel("Wachtwoord").fill(values.password ?? PASSWORD);
  await scope.getByLabel("Geboortedatum").fill(values.dateOfBirth ?? "1990-05-05");
  // Leave the field first: with JavaScript its message appears on blur and moves what is below it.
  await scope.getByLabel("Geboortedatum").blur();
  await scope.getByRole("group", { name: "Ik ben een" }).getByLabel("Vrouw").check();
  await scope.getByRole("group", { name: "Ik zoek een" }).getByLabel("Man").check();
  await scope.getByRole("checkbox", { name: /Ik ga akkoord met de algemene voorwaarden/ }).check();
}

test("signs up, confirms the e-mail from the mail and is logged in", async ({ page, baseURL }, testInfo) => {
  const email = newEmail();
  await openSignup(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gratis aanmelden");
  await fillSignupForm(page, { email });
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();

  await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deze leden passen bij jou");
  const matches = page.getByTestId("signup-matches").locator("li");
  expect(await matches.count()).toBeGreaterThan(0);
  expect(await matches.count()).toBeLessThanOrEqual(12);
  await expect(matches.first().locator("img")).toHaveAttribute("src", /^\/photos\/\d+\/thumb$/);
  // Until the address is confirmed, every page reminds of it; the confirm page itself does not.
  await expect(page.getByTestId("activation-reminder")).toBeVisible();

  await page.getByRole("link", { name: "Ga verder" }).click();
  await expect(page).toHaveURL(/\/complete-signup$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bevestig je e-mailadres");
  await expect(page.getByTestId("complete-signup-email")).toContainText(email);
  await expect(page.getByTestId("activation-reminder")).toHaveCount(0);

  const mail = await latestMail(email);
  const link = mail.links.find((l) => l.includes("/activate?token="));
  expect(link, "activation link").toBeTruthy();

  // In a browser without the signup's session, the link confirms the address and its page's
  // button logs in (a mail scanner's visit alone gets no session).
  await startOverAsVisitor(page, baseURL!);
  await page.goto(link!);
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
  await whenInteractive(page, testInfo);
  await page.getByRole("button", { name: "Inloggen en verder" }).click();
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Je account is geactiveerd");
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await expect(page.getByTestId("activation-reminder")).toHaveCount(0);

  // Opened again in another browser (as a mail scanner's visit would be first): the account is
  // active, and the link logs no one in a second time, it offers the login.
  await startOverAsVisitor(page, baseURL!);
  await page.goto(link!);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Je account is geactiveerd");
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Inloggen" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmembers$/);

  // A link that was never sent fails, with the support prompt.
  await page.goto("/activate?token=nooit-verstuurd");
  await expect(page).toHaveURL(/\/activate\/error$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Activeren mislukt");
  await expect(page.getByTestId("activate-support")).toContainText("support@hartklop.nl");
});

test("a failed submit keeps the typed values but not the password", async ({
  page,
  consoleErrors,
}, testInfo) => {
  const checkConsole = allowRefusedForms(consoleErrors);
  const member = await createMember();
  await openSignup(page, testInfo);
  await fillSignupForm(page, { email: member.email, name: "Bestaand1" });
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();
  const notice = page.getByTestId("signup-existing");
  await expect(notice).toHaveText("Er bestaat al een account met dit e-mailadres. Log hier in.");
  await expect(notice.getByRole("link", { name: "Log hier in" })).toHaveAttribute("href", "/login");
  await expect(page.getByLabel("E-mailadres")).toHaveValue(member.email);
  await expect(page.getByLabel("Profielnaam")).toHaveValue("Bestaand1");
  await expect(page.getByLabel("Geboortedatum")).toHaveValue("1990-05-05");
  await expect(page.getByRole("group", { name: "Ik ben een" }).getByLabel("Vrouw")).toBeChecked();
  await expect(page.getByLabel("Wachtwoord")).toHaveValue("");
  checkConsole();
});

test("shows the validation messages", async ({ page, consoleErrors }, testInfo) => {
  const checkConsole = allowRefusedForms(consoleErrors);
  const email = newEmail();
  await openSignup(page, testInfo);
  await fillSignupForm(page, { email, name: email, dateOfBirth: "2015-01-01" });
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();
  await expect(page.getByText("Je profielnaam moet anders zijn dan je e-mailadres")).toBeVisible();
  await expect(page.getByText("Vul uw geboortedatum in (18+ jaar)")).toBeVisible();
  await page.getByLabel("Profielnaam").fill("@sanne");
  await page.getByLabel("E-mailadres").fill("geen-adres");
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();
  await expect(page.getByText("Je profielnaam mag niet beginnen met een @")).toBeVisible();
  await expect(page.getByText("Ongeldige e-mail")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  checkConsole();
});

test("suggests a correction for a misspelled mail domain", async ({ page, consoleErrors }, testInfo) => {
  const checkConsole = allowRefusedForms(consoleErrors);
  const user = `typo-${randomUUID().slice(0, 8)}`;
  await openSignup(page, testInfo);
  await fillSignupForm(page, { email: `${user}@gmial.com` });
  if (jsEnabled(testInfo)) {
    // Shown as soon as the field is left; accepting it fills in the address.
    await page.getByLabel("Profielnaam").focus();
    await page.getByRole("button", { name: `Bedoelde je ${user}@gmail.com?` }).click();
    await expect(page.getByLabel("E-mailadres")).toHaveValue(`${user}@gmail.com`);
    await page.getByRole("button", { name: "Gratis aanmelden" }).click();
  } else {
    // Without JavaScript the server shows the hint after the first submit.
    await page.getByRole("button", { name: "Gratis aanmelden" }).click();
    await expect(page.getByTestId("email-suggestion")).toContainText(`Bedoelde je ${user}@gmail.com?`);
    await page.getByLabel("Wachtwoord").fill(PASSWORD);
    await page.getByRole("button", { name: `Bedoelde je ${user}@gmail.com?` }).click();
  }
  await expect(page).toHaveURL(/\/signup-matches$/);
  await page.goto("/complete-signup");
  await expect(page.getByTestId("complete-signup-email")).toContainText(`${user}@gmail.com`);
  checkConsole();
});

test("the home page's signup button opens the modal on wide screens with JavaScript", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const button = page.getByTestId("signup-cta");
  await expect(button).toHaveText("Gratis aanmelden");
  await whenInteractive(page, testInfo);
  await button.click();
  if (!jsEnabled(testInfo)) {
    await expect(page).toHaveURL(/\/signup$/);
    return;
  }
  const modal = page.getByRole("dialog", { name: "Gratis aanmelden" });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  await button.click();
  await expect(modal.getByLabel("E-mailadres")).toBeVisible();
  const email = newEmail();
  await fillSignupForm(modal, { email });
  // Hold the signup a moment: while it runs, neither Escape nor the backdrop closes the modal.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/signup.data*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await modal.getByRole("button", { name: "Gratis aanmelden" }).click();
  await expect(modal.getByTestId("signup-steps")).toContainText("Gegevens controleren");
  await page.keyboard.press("Escape");
  await page.mouse.click(10, 10);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: "Sluiten" })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deze leden passen bij jou");
});

test("the signup button goes to the /signup page on phones", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await page.getByTestId("signup-cta").click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gratis aanmelden");
});

test("confirm step: resend the mail and correct the address", async ({ page, consoleErrors }, testInfo) => {
  const checkConsole = allowRefusedForms(consoleErrors);
  const email = newEmail();
  await openSignup(page, testInfo);
  await fillSignupForm(page, { email });
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();
  await expect(page).toHaveURL(/\/signup-matches$/);
  await page.goto("/complete-signup");

  const first = await latestMail(email);
  await page.getByRole("button", { name: "Stuur de e-mail opnieuw" }).click();
  await expect(page.getByRole("status")).toHaveText(`We hebben de e-mail opnieuw verstuurd naar ${email}.`);
  await latestMail(email, { after: first.id });

  const fixed = newEmail();
  await page.getByLabel("Nieuw e-mailadres").fill("kapot");
  await page.getByLabel("Huidig wachtwoord").fill(PASSWORD);
  await page.getByRole("button", { name: "E-mailadres wijzigen" }).click();
  await expect(page.getByText("Nieuw e-mailadres invalide.")).toBeVisible();
  // The address changes only with the current password, as on the settings page.
  await page.getByLabel("Nieuw e-mailadres").fill(fixed);
  await page.getByLabel("Huidig wachtwoord").fill("Niet-mijn-wachtwoord-1");
  await page.getByRole("button", { name: "E-mailadres wijzigen" }).click();
  await expect(page.getByText("Controleer je wachtwoord", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Nieuw e-mailadres")).toHaveValue(fixed);
  await expect(page.getByLabel("Huidig wachtwoord")).toHaveValue("");
  await page.getByLabel("Huidig wachtwoord").fill(PASSWORD);
  await page.getByRole("button", { name: "E-mailadres wijzigen" }).click();
  await expect(page.getByRole("status")).toContainText(`nieuwe activatielink gestuurd naar ${fixed}`);
  await expect(page.getByTestId("complete-signup-email")).toContainText(fixed);

  const mail = await latestMail(fixed);
  await page.goto(mail.links.find((l) => l.includes("/activate?token="))!);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await page.goto("/complete-signup");
  await expect(page).toHaveURL(/\/$/);
  checkConsole();
});
