// A ban as support staff give it (docs/product.md, Bans): the member's open page, served by the
// other app server, loses its session at once (with JavaScript without a reload, without it at the
// next navigation), the login then shows the ban notice with the policy and the complaints form,
// and after the ban is lifted the member logs in again.
import type { Page } from "@playwright/test";
import { E2E_SECOND_BASE_URL } from "./constants";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, createStaff, expect, jsEnabled, login, test } from "./fixtures";
import { TEST_PASSWORD } from "./db";

async function tryLogin(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

test("support bans a member who is online elsewhere, and lifts the ban again", async ({
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
  const member = await createMember();
  const staff = await createStaff({ role: "support" });

  // The member, logged in on the other app server, with a page open.
  const memberContext = await browser.newContext({ baseURL: E2E_SECOND_BASE_URL, javaScriptEnabled: js });
  await acceptEntryWarning(memberContext, E2E_SECOND_BASE_URL);
  const memberPage = await memberContext.newPage();
  await login(memberPage, member.email, member.password, "/members");
  if (js) await expect(memberPage.locator("html[data-hydrated]")).toHaveCount(1);

  await acceptEntryWarning(context, baseURL!);
  await login(page, staff.email, TEST_PASSWORD, "/");
  await page.goto(`/staff/members/${member.id}/ban`);
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
