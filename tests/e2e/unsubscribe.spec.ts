import { acceptEntryWarning, expect, login, test, whenInteractive } from "./fixtures";
import { createMember, e2eDb } from "./db";
import { latestMail } from "./mail";

test.describe("notification mails", () => {
  test("a member unsubscribes from a mail's link without logging in, after confirming", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const anna = await createMember();
    const bram = await createMember();
    const bramProfile = await e2eDb().profile.findUniqueOrThrow({
      where: { userId: bram.id },
      select: { id: true },
    });
    await acceptEntryWarning(page.context(), baseURL!);
    await login(page, anna.email, anna.password);
    // Anna likes Bram: the like mail goes out through the queue.
    const liked = await page.request.post(`/members/${bramProfile.id}/like`, { form: { intent: "like" } });
    expect(liked.ok()).toBe(true);

    const mail = await latestMail(bram.email);
    const unsubscribe = mail.links.find((link) => link.includes("/unsubscribe/"));
    expect(unsubscribe).toMatch(new RegExp(`/unsubscribe/${bram.id}\\.like\\.`));

    // A browser without Bram's login follows the link (as a mail scanner would): it only asks.
    const visitor = await browser.newContext({ baseURL });
    await acceptEntryWarning(visitor, baseURL!);
    const stranger = await visitor.newPage();
    const preferencesOff = async () =>
      (
        await e2eDb().user.findUniqueOrThrow({
          where: { id: bram.id },
          select: { emailNotificationsOff: true },
        })
      ).emailNotificationsOff;
    await stranger.goto(unsubscribe!);
    await expect(stranger.getByRole("heading", { name: "Afmelden" })).toBeVisible();
    await expect(stranger.getByTestId("unsubscribe-confirm")).toContainText(
      "Wil je geen e-mails meer ontvangen over: Iemand geeft je een like?",
    );
    expect(await preferencesOff()).toEqual([]);

    // The button (a plain form) turns it off.
    await whenInteractive(stranger, testInfo);
    await stranger.getByRole("button", { name: "Afmelden" }).click();
    await expect(stranger.getByRole("heading", { name: "Je bent afgemeld" })).toBeVisible();
    await expect(stranger.getByTestId("unsubscribed")).toHaveText(
      "Je ontvangt geen e-mails meer over: Iemand geeft je een like.",
    );
    await expect(stranger.getByRole("link", { name: "Al je e-mailvoorkeuren" })).toHaveAttribute(
      "href",
      "/notifications",
    );
    expect(await preferencesOff()).toEqual(["like"]);

    // The mail provider's one-click unsubscribe (RFC 8058) needs no confirmation.
    await e2eDb().user.update({ where: { id: bram.id }, data: { emailNotificationsOff: [] } });
    const oneClick = await visitor.request.post(unsubscribe!, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    expect(await preferencesOff()).toEqual(["like"]);

    // A damaged link says so.
    await stranger.goto(`${unsubscribe!.slice(0, -3)}xyz`);
    await expect(stranger.getByTestId("unsubscribe-invalid")).toBeVisible();
    await visitor.close();
  });

  test("the disabled-notifications alert explains why and can be closed", async ({
    page,
    baseURL,
  }, testInfo) => {
    const member = await createMember();
    await e2eDb().user.update({ where: { id: member.id }, data: { notificationsDisabled: ["fbl"] } });
    await acceptEntryWarning(page.context(), baseURL!);
    await login(page, member.email, member.password);
    const alert = page.getByTestId("mails-off-alert");
    await expect(alert).toContainText("als spam gemarkeerd");
    await expect(alert.getByRole("button", { name: "E-mails weer aanzetten" })).toBeVisible();
    await whenInteractive(page, testInfo);
    await alert.getByRole("button", { name: "Sluiten" }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByTestId("account-menu")).toBeVisible();
    await expect(page.getByTestId("mails-off-alert")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("account-menu")).toBeVisible();
    await expect(page.getByTestId("mails-off-alert")).toHaveCount(0);
  });
});
