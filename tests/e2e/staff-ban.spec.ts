// A ban as support staff give it (docs/product.md, Bans): support finds the member by part of the
// address, opens the member page and bans; the member's open page, served by the other app server,
// loses its session at once (with JavaScript without a reload, without it at the next navigation),
// the login then shows the ban notice with the policy and the complaints form, and after the ban is
// lifted the member logs in again.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_SECOND_BASE_URL } from "./constants";
import { e2eDb, memberWithCredits, TEST_PASSWORD } from "./db";
import { acceptEntryWarning, createStaff, expect, jsEnabled, login, test, whenInteractive } from "./fixtures";

async function tryLogin(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

test("support finds a member by address, bans them while online elsewhere, and lifts the ban", async ({
  page,
  context,
  browser,
  baseURL,
  consoleErrors,
}, testInfo) => {
  // Four logins (Argon2) on two app servers: slower than one page's flow.
  test.slow();
  // The refused login answers 403, which the browser logs.
  test
    .info()
    .annotations.push({ type: "allow-console-errors", description: "the refused login answers 403" });
  const js = jsEnabled(testInfo);
  const found = await memberWithCredits(137);
  const part = `zoek-${randomUUID().slice(0, 8)}`;
  const member = { ...found, email: `${part}@voorbeeld.nl` };
  await e2eDb().user.update({
    where: { id: member.id },
    data: { email: member.email },
    select: { id: true },
  });
  const staff = await createStaff({ role: "support" });

  // The member, logged in on the other app server, with a page open.
  const memberContext = await browser.newContext({ baseURL: E2E_SECOND_BASE_URL, javaScriptEnabled: js });
  await acceptEntryWarning(memberContext, E2E_SECOND_BASE_URL);
  const memberPage = await memberContext.newPage();
  await login(memberPage, member.email, member.password, "/members");
  if (js) await expect(memberPage.locator("html[data-hydrated]")).toHaveCount(1);

  await acceptEntryWarning(context, baseURL!);
  await login(page, staff.email, TEST_PASSWORD, "/staff");
  await expect(page.getByRole("heading", { name: "Overzicht" })).toBeVisible();
  await expect(page.getByTestId("overview-signups")).toBeVisible();
  await page.getByRole("link", { name: "Een lid zoeken" }).click();

  // The lookup finds the member by part of the address.
  await whenInteractive(page, testInfo);
  await page.getByRole("searchbox", { name: "Zoeken" }).fill(part.slice(2));
  await page.getByRole("button", { name: "Zoeken" }).click();
  const results = page.getByTestId("member-result");
  await expect(results).toHaveCount(1);
  await expect(results).toContainText(member.email);
  await results.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/staff/members/${member.id}$`));
  await expect(page.getByTestId("member-email")).toHaveText(member.email);
  await expect(page.getByTestId("member-credits")).toHaveText("137");

  await page.getByTestId("member-actions").getByRole("link", { name: "Verbannen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lid blokkeren");
  await expect(page.getByTestId("member-facts")).toContainText(member.email);
  await expect(page.getByTestId("member-status")).toHaveText("Actief");

  // Without a note the form says so and keeps the chosen reason.
  await page.getByLabel("Reden van de blokkade").selectOption("spam");
  await page.getByRole("button", { name: "Blokkeren" }).click();
  await expect(page.getByText("Vul een toelichting in")).toBeVisible();
  await expect(page.getByLabel("Reden van de blokkade")).toHaveValue("spam");

  await page.getByLabel("Toelichting").fill("Stuurde dezelfde reclame naar twintig leden");
  await page.getByRole("button", { name: "Blokkeren" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/members/${member.id}\\?done=ban$`));
  expect(
    await e2eDb().user.findUniqueOrThrow({ where: { id: member.id }, select: { status: true } }),
  ).toEqual({ status: "banned" });

  if (js) {
    // Without a reload: the stream ends, its reconnect is refused and the page finds itself logged out.
    await expect(memberPage.getByTestId("account-menu")).toHaveCount(0, { timeout: 15_000 });
  } else {
    await memberPage.goto("/chats");
    await expect(memberPage).toHaveURL(/\/login\?redirectTo=/);
  }

  // The login tells the banned member why, with the policy and the complaints form.
  await tryLogin(memberPage, member.email);
  const notice = memberPage.getByTestId("login-banned");
  await expect(memberPage.getByText("Dit account is geblokkeerd.")).toBeVisible();
  await expect(notice.getByRole("link", { name: "waarom we accounts blokkeren" })).toHaveAttribute(
    "href",
    "/pages/ban",
  );
  await expect(notice.getByRole("link", { name: "klacht" })).toHaveAttribute("href", "/complaints");

  // Support lifts the ban; the member logs in again.
  await page.goto(`/staff/members/${member.id}/lift-ban`);
  await expect(page.getByTestId("member-ban")).toContainText("Stuurde dezelfde reclame");
  await page.getByLabel("Toelichting").fill("Lid heeft excuses aangeboden");
  await page.getByRole("button", { name: "Blokkade opheffen" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/members/${member.id}\\?done=lift-ban$`));
  await login(memberPage, member.email, member.password, "/members");

  expect(consoleErrors.filter((e) => !/status of 40[34]/.test(e))).toEqual([]);
  await memberContext.close();
});
