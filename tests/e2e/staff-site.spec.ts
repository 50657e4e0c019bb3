import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_PORT, E2E_SECOND_PORT } from "./constants";
import { TEST_PASSWORD, e2eDb, memberWithCredits } from "./db";
import { acceptEntryWarning, expect, jsEnabled, test, whenInteractive } from "./fixtures";

// A site of its own per project (Chromium sends every *.localhost host to this machine), so that
// changing its message price touches neither the default site the other specs use nor the other
// project's run of this spec.
function siteHost(javaScript: boolean) {
  return javaScript ? "staff-site-js.localhost" : "staff-site-nojs.localhost";
}

async function siteOf(domain: string) {
  const base = await e2eDb().site.findFirstOrThrow({
    where: { isDefault: true },
    select: {
      name: true,
      countries: true,
      indexTitle: true,
      description: true,
      supportPhone: true,
      supportEmail: true,
      visibleProfileFields: true,
      searchFields: true,
      companyId: true,
    },
  });
  return e2eDb().site.upsert({
    where: { domain },
    create: { ...base, domain, enableSiteEntryPopup: "no" },
    update: { messageCredits: 10, minimumMessageCosts: {} },
    select: { id: true },
  });
}

async function logIn(page: Page, origin: string, email: string, redirectTo: string) {
  await page.goto(`${origin}/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).toHaveURL(`${origin}${redirectTo}`);
}

test("an admin changes the message price; the member's next message costs the new price", async ({
  page,
  browser,
}, testInfo) => {
  // Two logins (Argon2) and two app servers' first pages on a shared machine.
  test.setTimeout(120_000);
  const javaScript = jsEnabled(testInfo);
  const domain = siteHost(javaScript);
  const origin = `http://${domain}:${E2E_PORT}`;
  // The member writes through the second app server: the change reaches every process.
  const secondOrigin = `http://${domain}:${E2E_SECOND_PORT}`;
  const site = await siteOf(domain);
  const admin = await e2eDb().user.create({
    data: {
      siteId: site.id,
      email: `beheer-${randomUUID().slice(0, 8)}@example.com`,
      passwordHash: await hash(TEST_PASSWORD),
      status: "confirmed",
      role: "admin",
    },
    select: { email: true },
  });
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await e2eDb().user.updateMany({ where: { id: { in: [anna.id, bram.id] } }, data: { siteId: site.id } });
  const price = javaScript ? 13 : 17;

  await acceptEntryWarning(page.context(), origin);
  await logIn(page, origin, admin.email, "/staff/settings");
  await whenInteractive(page, testInfo);
  const form = page.getByTestId("settings-credits");
  await form.getByLabel("Credits per bericht").fill(String(price));
  await form.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByTestId("saved-notice")).toContainText("Opgeslagen");
  await expect(page.getByTestId("settings-credits").getByLabel("Credits per bericht")).toHaveValue(
    String(price),
  );

  // A wrong price is refused on its field, with what was typed kept.
  await page.getByTestId("settings-credits").getByLabel("Credits per bericht").fill("0");
  await page.getByTestId("settings-credits").getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByTestId("settings-credits")).toContainText(
    "Vul een heel getal van 1 tot en met 1000 in.",
  );
  await expect(page.getByTestId("settings-credits").getByLabel("Credits per bericht")).toHaveValue("0");

  const member = await browser.newContext({ javaScriptEnabled: javaScript });
  const memberPage = await member.newPage();
  await acceptEntryWarning(member, origin);
  await logIn(memberPage, origin, anna.email, "/credits");
  await expect(memberPage.getByTestId("credit-balance")).toHaveText("Je hebt 100 credits.");
  await memberPage.goto(`${secondOrigin}/members/${bram.profileId}/chat`);
  await expect(memberPage.getByTestId("chat-price")).toHaveText(`Een bericht kost ${price} credits`);
  if (javaScript) await expect(memberPage.getByTestId("chat-counter")).toBeVisible();
  const icebreakers = memberPage.getByRole("dialog");
  if (await icebreakers.isVisible()) await memberPage.keyboard.press("Escape");
  await memberPage.getByRole("textbox", { name: "Bericht" }).fill("Hoi Bram, leuk profiel!");
  await memberPage.getByTestId("send-button").click();
  await expect(memberPage).toHaveURL(/\/chats\/\d+$/);
  await memberPage.goto(`${origin}/credits`);
  await expect(memberPage.getByTestId("credit-balance")).toHaveText(`Je hebt ${100 - price} credits.`);
  await member.close();
});
