// Recorded consent (docs/decisions/0061-recorded-terms-consent.md): a member whose signup predates
// the current terms, with no acceptance on record, logs in and is asked before the page they were
// going to; the terms stay readable, a form without the box is refused, accepting records the
// version and goes on to that page, and the next pages open as usual. With and without JavaScript:
// with it the pages after the login are client-side navigations (data requests).
import { termsVersionDate } from "../../app/domain/sites/terms-date";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, test, whenInteractive } from "./fixtures";

test("a member logs in after the terms moved, accepts them and lands where they were going", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const member = await createMember();
  // Signed up before the seeded company's terms date: the current terms are newer than the signup.
  await e2eDb().user.update({
    where: { id: member.id },
    data: { signupDate: new Date("2024-01-01T00:00:00Z") },
    select: { id: true },
  });
  await acceptEntryWarning(context, baseURL!);

  await page.goto(`/login?redirectTo=${encodeURIComponent("/likes/received")}`);
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Inloggen" }).click();

  await expect(page).toHaveURL(/\/terms\/accept\?redirectTo=%2Flikes%2Freceived$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nieuwe voorwaarden");
  const form = page.getByTestId("terms-accept-form");
  await expect(form.getByRole("link", { name: "algemene voorwaarden" })).toHaveAttribute(
    "href",
    "/pages/terms",
  );
  await expect(form.getByRole("link", { name: "privacybeleid" })).toHaveAttribute("href", "/pages/privacy");

  // Without the box ticked the form says so and records nothing.
  await whenInteractive(page, testInfo);
  await page.getByRole("button", { name: "Akkoord en verder" }).click();
  await expect(
    page.getByText("Ga akkoord met de algemene voorwaarden en het privacybeleid om verder te gaan."),
  ).toBeVisible();
  expect(await e2eDb().termsAcceptance.count({ where: { userId: member.id } })).toBe(0);

  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Akkoord en verder" }).click();
  await expect(page).toHaveURL(/\/likes\/received$/);

  const site = await e2eDb().site.findFirstOrThrow({
    where: { isDefault: true },
    select: { company: { select: { added: true } } },
  });
  const rows = await e2eDb().termsAcceptance.findMany({
    where: { userId: member.id },
    select: { termsVersion: true, ip: true },
  });
  expect(rows).toHaveLength(1);
  expect(rows[0]!.termsVersion).toEqual(termsVersionDate(site.company.added));
  expect(rows[0]!.ip).toBeTruthy();

  // Accepted: the next pages open without the question.
  await page.getByRole("link", { name: "Berichten" }).first().click();
  await expect(page).toHaveURL(/\/chats$/);
  await page.goto("/members");
  await expect(page).toHaveURL(/\/members$/);
});
