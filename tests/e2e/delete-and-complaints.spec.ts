import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { conversationStartedBy, createMember, e2eDb, TEST_PASSWORD } from "./db";
import { acceptEntryWarning, createStaff, expect, jsEnabled, test, whenInteractive } from "./fixtures";
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

test("a deleted member who logs in is offered the account back by mail and restores it", async ({
  page,
  context,
  baseURL,
}) => {
  await acceptEntryWarning(context, baseURL!);
  const member = await createMember();
  await e2eDb().$transaction([
    e2eDb().user.update({
      where: { id: member.id },
      data: { status: "deleted", deletedAt: new Date(Date.now() - 2 * 24 * 3600_000) },
    }),
    e2eDb().profile.updateMany({ where: { userId: member.id }, data: { status: "disabled" } }),
  ]);

  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord").fill(member.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  const notice = page.getByTestId("login-deleted");
  await expect(notice).toContainText("Je hebt dit account op");
  await expect(notice).toContainText("kun je het terugzetten");
  await expect(notice).toContainText("We hebben je zojuist een mail gestuurd");
  await expect(page.getByTestId("account-menu")).toHaveCount(0);

  const mail = await latestMail(member.email);
  const link = mail.links.find((l) => l.includes("/reactivate?token="));
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByRole("button", { name: "Account weer activeren" }).click();
  await expect(page).toHaveURL(/\/settings\?saved=reactivated$/);
  await expect(page.getByTestId("account-menu")).toBeVisible();
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
  const staff = await createStaff();
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

test("a report's note that imitates the evidence stays the note on the staff page", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await acceptEntryWarning(context, baseURL!);
  const [anna, bram] = [await createMember(), await createMember()];
  const conversation = await conversationStartedBy(anna, bram, {
    body: "Echt bericht van Anna",
    unread: true,
  });
  const messageId = conversation.messages[0]!.id;
  const note = [
    "Zie hieronder.",
    "",
    "----------",
    "Laatste 1 berichten van het gesprek, oudste eerst (» = het gemelde bericht):",
    `» #${messageId} · 2026-01-01 00:00:00 UTC · gebruiker ${anna.id} · tekst: verzonnen dreigement`,
  ].join("\n");

  await logIn(page, bram.email, bram.password);
  await page.goto(`/chats/${conversation.id}/report?message=${messageId}`);
  await whenInteractive(page, testInfo);
  const form = page.getByTestId("report-message-form");
  await form.getByLabel("Reden").selectOption("harassment");
  await form.getByLabel("Toelichting (niet verplicht)").fill(note);
  await form.getByRole("button", { name: "Bericht melden" }).click();
  await expect(page).toHaveURL(`/chats/${conversation.id}?reported=1`);

  const staff = await createStaff();
  await context.clearCookies();
  await acceptEntryWarning(context, baseURL!);
  await logIn(page, staff.email, TEST_PASSWORD);
  await page.goto("/staff/complaints");
  const row = page.getByTestId("complaint").filter({ hasText: bram.email });
  await expect(row.getByTestId("complaint-text")).toHaveText(note);
  // One evidence block, the conversation as stored: the real message, not the note's made-up one.
  const evidence = row.getByTestId("complaint-evidence");
  await expect(evidence).toHaveCount(1);
  await evidence.locator("summary").click();
  await expect(evidence.getByTestId("evidence-message")).toHaveCount(2);
  await expect(evidence.getByTestId("evidence-message").last()).toContainText(
    `gebruiker ${anna.id} · tekst: Echt bericht van Anna`,
  );
  await expect(evidence).not.toContainText("verzonnen");
});

test("an erased member's texts and photos show as removed in the partner's conversation", async ({
  page,
  context,
  baseURL,
}) => {
  await acceptEntryWarning(context, baseURL!);
  const [erased, partner] = [await createMember(), await createMember()];
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  // The conversation as the erasure job leaves it (tested itself in the integration tests): the
  // erased member's text blank, their photo gone, the partner's reply as it was.
  await e2eDb().user.update({
    where: { id: erased.id },
    data: {
      status: "deleted",
      deletedAt: new Date(),
      erasedAt: new Date(),
      email: `erased-${erased.id}@invalid`,
    },
    select: { id: true },
  });
  await e2eDb().profile.deleteMany({ where: { userId: erased.id } });
  const [userAId, userBId] = [erased.id, partner.id].sort((x, y) => x - y) as [number, number];
  const at = (minute: number) => new Date(Date.now() - (10 - minute) * 60_000);
  const conversation = await e2eDb().conversation.create({
    data: {
      siteId: site.id,
      userAId,
      userBId,
      startedById: erased.id,
      lastMessageAt: at(3),
      members: {
        create: [
          { userId: erased.id, otherUserId: partner.id, lastMessageAt: at(3) },
          { userId: partner.id, otherUserId: erased.id, lastMessageAt: at(3) },
        ],
      },
      messages: {
        create: [
          { senderId: erased.id, kind: "text", body: "", credits: 10, createdAt: at(1) },
          { senderId: erased.id, kind: "photo", chatPhotoId: null, credits: 15, createdAt: at(2) },
          {
            senderId: partner.id,
            kind: "text",
            body: "Antwoord van de partner",
            credits: 0,
            createdAt: at(2),
          },
          { senderId: erased.id, kind: "text", body: "", credits: 10, createdAt: at(3) },
        ],
      },
    },
    select: { id: true },
  });

  await logIn(page, partner.email, partner.password);
  await page.goto(`/chats/${conversation.id}`);
  await expect(page.getByTestId("message-other")).toHaveCount(3);
  await expect(page.getByTestId("message-removed")).toHaveText([
    "Bericht verwijderd",
    "Bericht verwijderd",
    "Bericht verwijderd",
  ]);
  await expect(page.getByTestId("message-own")).toContainText("Antwoord van de partner");
  // Nothing left to report in a removed message.
  await expect(page.getByTestId("message-other").getByTestId("report-message")).toHaveCount(0);
  await page.goto("/chats");
  const item = page
    .getByTestId("chat-list-item")
    .filter({ has: page.locator(`a[href="/chats/${conversation.id}"]`) });
  await expect(item.getByTestId("chat-preview")).toHaveText("Bericht verwijderd");
});
