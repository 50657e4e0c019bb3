// A banned member's appeal (docs/product.md, Appeals): from the login's ban notice the member
// appeals with address and password again (a text too short is refused, the typed address kept),
// support grants it in the appeals queue with a reason, and the member logs in again; with
// JavaScript on and off.
import { acceptEntryWarning, createStaff, expect, jsEnabled, login, test, whenInteractive } from "./fixtures";
import { createMember, e2eDb, TEST_PASSWORD } from "./db";

test("a banned member appeals from the login page, support grants it, the member logs in again", async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  // Three logins and a password check (Argon2) on a shared machine.
  test.slow();
  test
    .info()
    .annotations.push({ type: "allow-console-errors", description: "the refused login answers 403" });
  const js = jsEnabled(testInfo);
  const member = await createMember();
  const staff = await createStaff({ role: "support" });
  const { id: staffId } = await e2eDb().user.findFirstOrThrow({
    where: { email: staff.email },
    select: { id: true },
  });
  await e2eDb().$transaction([
    e2eDb().ban.create({
      data: {
        userId: member.id,
        reason: "spam",
        note: "Stuurde reclame naar dertig leden",
        previousStatus: "confirmed",
        bannedById: staffId,
      },
      select: { id: true },
    }),
    e2eDb().user.update({ where: { id: member.id }, data: { status: "banned" }, select: { id: true } }),
  ]);

  // The login tells of the ban and links to the appeal.
  await acceptEntryWarning(context, baseURL!);
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByTestId("login-banned")).toBeVisible();
  await page.getByTestId("ban-appeal-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bezwaar tegen een blokkering");

  // Too short: the form says so and keeps the address.
  await whenInteractive(page, testInfo);
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel("Je bezwaar").fill("Onterecht");
  await page.getByRole("button", { name: "Bezwaar versturen" }).click();
  await expect(page.getByText("Leg in minstens 20 tekens uit waarom je bezwaar maakt.")).toBeVisible();
  await expect(page.getByLabel("E-mailadres")).toHaveValue(member.email);

  // The server never sends the password back, so it is typed again.
  await page.getByLabel("Wachtwoord", { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel("Je bezwaar").fill("Ik stuurde een uitnodiging voor ons feest, geen reclame.");
  await page.getByRole("button", { name: "Bezwaar versturen" }).click();
  await expect(page.getByTestId("ban-appeal-received")).toContainText("hebben we je bezwaar ontvangen");
  const appeal = await e2eDb().appeal.findFirstOrThrow({
    where: { userId: member.id },
    select: { id: true },
  });

  // Support decides in the queue: the ban's reason and note beside the member's words.
  const staffContext = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: js });
  await acceptEntryWarning(staffContext, baseURL!);
  const staffPage = await staffContext.newPage();
  await login(staffPage, staff.email, TEST_PASSWORD, "/staff");
  await staffPage.getByRole("link", { name: "Open bezwaren" }).click();
  await expect(staffPage).toHaveURL(/\/staff\/appeals$/);
  const card = staffPage.locator(`[data-testid="appeal"][data-appeal-id="${appeal.id}"]`);
  await expect(card).toContainText("Stuurde reclame naar dertig leden");
  await expect(card).toContainText("geen reclame");
  await expect(card.getByRole("link", { name: new RegExp(`Lid #${member.id}`) })).toHaveAttribute(
    "href",
    `/staff/members/${member.id}`,
  );
  await whenInteractive(staffPage, testInfo);
  await card.getByLabel("Toewijzen").check();
  await card
    .getByLabel("Reden (gaat per e-mail naar het lid)")
    .fill("Het was een uitnodiging, geen reclame.");
  await card.getByRole("button", { name: "Besluit opslaan" }).click();
  await expect(staffPage.getByTestId("appeal-done")).toHaveText(
    "Het bezwaar is toegewezen; het lid krijgt een e-mail.",
  );
  await expect(staffPage.locator(`[data-testid="appeal"][data-appeal-id="${appeal.id}"]`)).toHaveCount(0);

  const mail = await e2eDb().mail.findFirstOrThrow({
    where: { userId: member.id, template: "appealBanGranted" },
    select: { subject: true },
  });
  expect(mail.subject).toBe("Je account is niet langer geblokkeerd");

  // The ban is lifted: the member logs in.
  await login(page, member.email, TEST_PASSWORD, "/members");
  await staffContext.close();
});
