import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { E2E_BASE_URL } from "./constants";
import { createMember, e2eDb } from "./db";
import {
  acceptEntryWarning,
  expect,
  jsEnabled,
  login,
  startOverAsVisitor,
  test,
  whenInteractive,
} from "./fixtures";
import { latestMail } from "./mail";
import {
  atStep,
  birthStep,
  fillAccountStep,
  next,
  placeStep,
  SIGNUP_PASSWORD as PASSWORD,
  signUpInSteps,
  toAccountStep,
  whoStep,
} from "./signup-steps";

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

test("signs up, confirms the e-mail from the mail and is logged in", async ({ page, baseURL }, testInfo) => {
  const email = newEmail();
  await openSignup(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gratis aanmelden");
  await signUpInSteps(page, { email });

  await expect(page).toHaveURL(/\/signup-matches$/);
  await expect(page.getByTestId("signup-progress").locator('[aria-current="step"]')).toContainText("Matches");
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
  await toAccountStep(page, { email: member.email, dateOfBirth: "1990-05-05" });
  await fillAccountStep(page, { email: member.email, name: "Bestaand1" });
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();
  const notice = page.getByTestId("signup-existing");
  await expect(notice).toHaveText("Er bestaat al een account met dit e-mailadres. Log hier in.");
  await expect(notice.getByRole("link", { name: "Log hier in" })).toHaveAttribute("href", "/login");
  await expect(page.getByLabel("E-mailadres")).toHaveValue(member.email);
  await expect(page.getByLabel("Profielnaam")).toHaveValue("Bestaand1");
  await expect(page.getByLabel("Wachtwoord")).toHaveValue("");
  // Going back keeps what was typed, in every step; coming forward again too.
  await page.getByRole("button", { name: "Terug" }).click();
  await atStep(page, "place");
  await expect(page.getByLabel("Woonplaats")).toHaveValue("Utrecht");
  await page.getByRole("button", { name: "Terug" }).click();
  await atStep(page, "birth");
  await expect(page.getByLabel("Geboortedatum")).toHaveValue("1990-05-05");
  await page.getByRole("button", { name: "Terug" }).click();
  await atStep(page, "who");
  await expect(page.getByRole("group", { name: "Ik ben een" }).getByLabel("Vrouw")).toBeChecked();
  await expect(page.getByTestId("signup-progress").locator('[aria-current="step"]')).toContainText("Jij");
  await next(page);
  await next(page);
  await next(page);
  await atStep(page, "account");
  await expect(page.getByLabel("E-mailadres")).toHaveValue(member.email);
  await expect(page.getByLabel("Profielnaam")).toHaveValue("Bestaand1");
  checkConsole();
});

test("shows the validation messages", async ({ page, consoleErrors }, testInfo) => {
  const checkConsole = allowRefusedForms(consoleErrors);
  const email = newEmail();
  await openSignup(page, testInfo);
  await atStep(page, "who");
  await next(page);
  await expect(page.getByText("Kies of je een man of een vrouw bent")).toBeVisible();
  await whoStep(page);
  await birthStep(page, "2015-01-01");
  await expect(page.getByText("Vul uw geboortedatum in (18+ jaar)")).toBeVisible();
  await birthStep(page, "1990-05-05");
  // A place the offline data does not know, a postcode alone, a bad postcode: each says so and
  // keeps what was typed.
  await placeStep(page, "Nergenshuizen");
  await expect(
    page.getByText("We kennen geen plaats met de naam Nergenshuizen.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel("Woonplaats")).toHaveValue("Nergenshuizen");
  await placeStep(page, "3511 AB");
  await expect(
    page.getByText("Met alleen een postcode vinden we je woonplaats niet.", { exact: false }),
  ).toBeVisible();
  await placeStep(page, "0123 AB");
  await expect(page.getByText("Dit is geen geldige postcode.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Woonplaats")).toHaveValue("0123 AB");
  await placeStep(page, "3511 AB Utrecht");
  await fillAccountStep(page, { email, name: email });
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();
  await expect(page.getByText("Je profielnaam moet anders zijn dan je e-mailadres")).toBeVisible();
  await page.getByLabel("Profielnaam").fill("@sanne");
  await page.getByLabel("E-mailadres").fill("geen-adres");
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();
  await expect(page.getByText("Je profielnaam mag niet beginnen met een @")).toBeVisible();
  await expect(page.getByText("Ongeldige e-mail")).toBeVisible();
  await expect(page).toHaveURL(/\/signup(\?step=3)?$/);
  checkConsole();
});

test("suggests a correction for a misspelled mail domain", async ({ page, consoleErrors }, testInfo) => {
  const checkConsole = allowRefusedForms(consoleErrors);
  const user = `typo-${randomUUID().slice(0, 8)}`;
  await openSignup(page, testInfo);
  await toAccountStep(page, { email: `${user}@gmial.com` });
  await fillAccountStep(page, { email: `${user}@gmial.com` });
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
  const email = newEmail();
  await toAccountStep(modal, { email });
  await expect(page).toHaveURL(/\/$/);
  await fillAccountStep(modal, { email });
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
  await signUpInSteps(page, { email });
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

/** Age in whole years today of someone born on `iso` (YYYY-MM-DD). */
function ageToday(iso: string) {
  const born = new Date(`${iso}T00:00:00Z`);
  const now = new Date();
  let age = now.getUTCFullYear() - born.getUTCFullYear();
  if (
    now.getUTCMonth() < born.getUTCMonth() ||
    (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate())
  )
    age -= 1;
  return age;
}

test("on a phone, signup in steps makes a profile with a city that a region search finds", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = newEmail();
  const name = `Hengeloer${Math.floor(Math.random() * 100000)}`;
  // An age few demo members have, so the search's first page shows the new member.
  const dateOfBirth = "1941-03-09";
  await openSignup(page, testInfo);
  const progress = page.getByTestId("signup-progress");
  await expect(progress.locator("li")).toHaveCount(5);
  await expect(progress.locator('[aria-current="step"]')).toContainText("Jij");
  // Each step fits the phone's screen: its button is there without scrolling.
  const fitsScreen = async () => {
    const button = page.getByRole("button", { name: /Volgende|Gratis aanmelden/ });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  };
  await fitsScreen();
  await whoStep(page, { gender: "Man", seeking: "Vrouw" });
  await atStep(page, "birth");
  await fitsScreen();
  await birthStep(page, dateOfBirth);
  await atStep(page, "place");
  await expect(progress.locator('[aria-current="step"]')).toContainText("Woonplaats");
  await fitsScreen();
  // Two places are called Hengelo: the member chooses.
  await placeStep(page, "Hengelo");
  const choice = page.getByTestId("signup-place-choice");
  await expect(choice.getByRole("radio")).toHaveCount(2);
  await choice.getByLabel("Hengelo, Overijssel (NL)").check();
  await next(page);
  await atStep(page, "account");
  await fitsScreen();
  await fillAccountStep(page, { email, name });
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();
  await expect(page).toHaveURL(/\/signup-matches$/);

  const profile = await e2eDb().profile.findFirstOrThrow({
    where: { user: { email } },
    select: { city: true, region: true, country: true, latitude: true, longitude: true },
  });
  expect(profile).toMatchObject({ city: "Hengelo", region: "Overijssel", country: "NL" });
  expect(profile.latitude).toBeCloseTo(52.27, 1);
  expect(profile.longitude).toBeCloseTo(6.79, 1);

  // Confirmed, the profile is listed: another member finds it by region (and its age).
  const mail = await latestMail(email);
  await page.goto(mail.links.find((l) => l.includes("/activate?token="))!);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await startOverAsVisitor(page, baseURL!);
  const searcher = await createMember();
  await login(page, searcher.email, searcher.password);
  const age = ageToday(dateOfBirth);
  await page.goto(`/members?gender=male&country=NL&region=Overijssel&min_age=${age}&max_age=${age}`);
  const card = page.getByTestId("member-card").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Hengelo");
});

test("every signup link opens the modal on wide screens with JavaScript, and the page on phones", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/login");
  await whenInteractive(page, testInfo);
  await page.getByRole("main").getByRole("link", { name: "Meld je gratis aan" }).click();
  if (jsEnabled(testInfo)) {
    const modal = page.getByRole("dialog", { name: "Gratis aanmelden" });
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(modal.getByTestId("signup-progress")).toBeVisible();
    await whoStep(modal);
    await atStep(modal, "birth");
    await expect(page).toHaveURL(/\/login$/);
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
  } else {
    await expect(page).toHaveURL(/\/signup$/);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/premium");
  await whenInteractive(page, testInfo);
  await page.getByRole("link", { name: "Gratis aanmelden" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gratis aanmelden");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
