import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createMember, e2eDb, TEST_PASSWORD } from "./db";
import { acceptEntryWarning, expect, jsEnabled, test } from "./fixtures";
import { latestMail } from "./mail";

/**
 * A refused form answers 400, which the browser logs as a console error; allow exactly those and
 * still fail on anything else.
 */
function allowRefusedForms(consoleErrors: string[]) {
  test.info().annotations.push({ type: "allow-console-errors", description: "refused forms answer 400" });
  return () => expect(consoleErrors.filter((e) => !e.includes("status of 400 (Bad Request)"))).toEqual([]);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

test("a member deletes the account and reactivates it from the mail", async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  const checkConsole = allowRefusedForms(consoleErrors);
  await acceptEntryWarning(context, baseURL!);
  const member = await createMember();
  await logIn(page, member.email, member.password);

  await page.goto("/settings/delete");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account verwijderen");
  await expect(page.getByTestId("delete-discount")).toContainText("20% korting");

  // A wrong password keeps the reason and remarks, never the password.
  await page.getByLabel("Ik heb iemand gevonden").check();
  await page.getByLabel("Opmerkingen (niet verplicht)").fill("Het was leuk!");
  await page.getByLabel("Je wachtwoord, ter bevestiging").fill("fout-wachtwoord");
  await page.getByRole("button", { name: "Account verwijderen" }).click();
  await expect(page.getByText("Controleer je wachtwoord")).toBeVisible();
  await expect(page.getByLabel("Ik heb iemand gevonden")).toBeChecked();
  await expect(page.getByLabel("Opmerkingen (niet verplicht)")).toHaveValue("Het was leuk!");
  if (!jsEnabled(test.info()))
    await expect(page.getByLabel("Je wachtwoord, ter bevestiging")).toHaveValue("");

  await page.getByLabel("Je wachtwoord, ter bevestiging").fill(member.password);
  await page.getByRole("button", { name: "Account verwijderen" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Je account is verwijderd");
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
  const user = await e2eDb().user.findUniqueOrThrow({
    where: { id: member.id },
    select: { status: true, deleteReason: true, deleteRemarks: true, profile: { select: { status: true } } },
  });
  expect(user).toEqual({
    status: "deleted",
    deleteReason: "found_someone",
    deleteRemarks: "Het was leuk!",
    profile: { status: "disabled" },
  });
  // The old session is gone: member pages ask to log in again.
  await page.goto("/settings/delete");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  const mail = await latestMail(member.email);
  const link = mail.links.find((l) => l.includes("/reactivate?token="));
  expect(link).toBeTruthy();
  // Opening the link only asks (a mail scanner may open it first); the button reactivates.
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account weer activeren");
  expect(
    (await e2eDb().user.findUniqueOrThrow({ where: { id: member.id }, select: { status: true } })).status,
  ).toBe("deleted");
  await page.getByRole("button", { name: "Account weer activeren" }).click();
  await expect(page).toHaveURL(/\/settings\?saved=reactivated$/);
  await expect(page.getByTestId("account-menu")).toBeVisible();
  expect(
    await e2eDb().user.findUniqueOrThrow({
      where: { id: member.id },
      select: { status: true, profile: { select: { status: true } } },
    }),
  ).toEqual({ status: "confirmed", profile: { status: "active" } });

  // The link works once.
  await page.goto(link!);
  await expect(page).toHaveURL(/\/account-deleted\?error=link$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account weer activeren mislukt");
  await expect(page.getByTestId("reactivate-error")).toContainText("verlopen of al gebruikt");
  checkConsole();
});

test("a visitor files a complaint, gets a mail, and staff handles it", async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  const checkConsole = allowRefusedForms(consoleErrors);
  await acceptEntryWarning(context, baseURL!);
  const email = `klager-${randomUUID().slice(0, 8)}@example.com`;

  await page.goto("/complaints?member=4242");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Klachten");
  await expect(page.getByLabel("Lid waar het om gaat (naam of profielnummer, niet verplicht)")).toHaveValue(
    "4242",
  );
  await page.getByLabel("Je naam").fill("Karin Klager");
  await page.getByLabel("Je e-mailadres").fill(email);
  await page.getByLabel("Soort klacht").selectOption({ label: "Nepprofiel" });
  await page.getByLabel("Omschrijving").fill("Te kort");
  await page.getByRole("button", { name: "Klacht versturen" }).click();
  await expect(page.getByText("Beschrijf je klacht in minimaal 20 tekens")).toBeVisible();
  await expect(page.getByLabel("Je naam")).toHaveValue("Karin Klager");
  await expect(page.getByLabel("Je e-mailadres")).toHaveValue(email);
  await expect(page.getByLabel("Soort klacht")).toHaveValue("fake_profile");

  const description = `Dit profiel gebruikt foto's van een bekende actrice (${randomUUID().slice(0, 8)}).`;
  await page.getByLabel("Omschrijving").fill(description);
  await page.getByRole("button", { name: "Klacht versturen" }).click();
  await expect(page).toHaveURL(/\/complaints\?sent=1$/);
  await expect(page.getByTestId("complaint-sent")).toContainText("Bedankt voor je melding");

  const mail = await latestMail(email);
  expect(mail.html).toContain("We hebben je klacht ontvangen");
  expect(mail.links.filter((l) => l.includes("/reactivate") || l.includes("token="))).toEqual([]);

  // Staff log in with a password and mark it handled.
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const staff = await e2eDb().user.create({
    data: {
      siteId: site.id,
      email: `staf-${randomUUID().slice(0, 8)}@example.com`,
      passwordHash: await hash(TEST_PASSWORD),
      status: "confirmed",
      role: "staff",
    },
    select: { email: true },
  });
  // Staff have no profile: the account menu shows without a name.
  await logIn(page, staff.email, TEST_PASSWORD);
  await page.goto("/staff/complaints");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Klachten behandelen");
  const row = page.getByTestId("complaint").filter({ hasText: email });
  await expect(row).toHaveAttribute("data-status", "open");
  await expect(row).toContainText(description);
  await expect(row).toContainText("Lid: 4242");
  await expect(row).toContainText("Nepprofiel");
  await row.getByRole("button", { name: "Afgehandeld" }).click();
  await expect(row).toHaveAttribute("data-status", "handled");
  await expect(row.getByRole("button", { name: "Heropenen" })).toBeVisible();
  const stored = await e2eDb().complaint.findFirstOrThrow({ where: { email }, select: { status: true } });
  expect(stored.status).toBe("handled");
  checkConsole();
});

test("members do not see the staff page", async ({ page, context, baseURL }) => {
  test
    .info()
    .annotations.push({ type: "allow-console-errors", description: "the browser logs the 404 document" });
  await acceptEntryWarning(context, baseURL!);
  const member = await createMember();
  await logIn(page, member.email, member.password);
  const response = await page.goto("/staff/complaints");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toContainText("404");
});
