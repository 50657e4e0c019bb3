import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import {
  pushServiceCertificate,
  startPushService,
  type PushService,
  type TestSubscription,
} from "../fixtures/push-service";
import { E2E_PORT } from "./constants";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test, whenInteractive } from "./fixtures";

let service: PushService;

test.beforeAll(async () => {
  // The certificate the app servers trust (NODE_EXTRA_CA_CERTS in playwright.config.ts).
  service = await startPushService(
    pushServiceCertificate(path.join(os.tmpdir(), `hartklop-e2e-${E2E_PORT}-push`)),
  );
});

test.afterAll(async () => {
  await service?.close();
});

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

/**
 * Headless Chromium has no push service to subscribe at (no Google servers here). The page's
 * PushManager hands out a subscription at the test's push service instead; everything else (the
 * permission, the service worker, the app's own code storing the subscription) is the browser's.
 */
async function fakePushManager(context: BrowserContext, device: TestSubscription) {
  await context.addInitScript(
    (sub) => {
      const key = "e2e-push-subscription";
      const make = (applicationServerKey: ArrayBuffer | null) => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey },
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(key);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const raw = options?.applicationServerKey;
        const bytes = raw instanceof ArrayBuffer ? new Uint8Array(raw) : new Uint8Array(raw as Uint8Array);
        localStorage.setItem(key, JSON.stringify(Array.from(bytes)));
        return make(bytes.buffer) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const stored = localStorage.getItem(key);
        if (!stored) return null;
        return make(new Uint8Array(JSON.parse(stored) as number[]).buffer) as unknown as PushSubscription;
      };
    },
    { endpoint: device.endpoint, keys: device.keys },
  );
}

test("push on in Chromium: a message from another member arrives as a notification", async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "push needs JavaScript");
  const bram = await createMember();
  const anna = await createMember();
  await e2eDb().user.update({ where: { id: anna.id }, data: { credits: 100 }, select: { id: true } });
  const [annaProfile, bramProfile] = (await Promise.all(
    [anna.id, bram.id].map((userId) =>
      e2eDb().profile.findUniqueOrThrow({ where: { userId }, select: { id: true, name: true } }),
    ),
  )) as [{ id: number; name: string }, { id: number; name: string }];
  const device = service.subscription();
  await context.grantPermissions(["notifications"], { origin: baseURL! });
  await fakePushManager(context, device);

  // Bram turns push on from the alert's page, /notifications.
  await login(page, bram.email, bram.password, "/notifications");
  await whenInteractive(page, testInfo);
  await expect(page.getByTestId("push-device")).toHaveAttribute("data-state", "capable");
  await page.getByRole("button", { name: "Meldingen aanzetten" }).click();
  await expect(page.getByTestId("push-device")).toHaveAttribute("data-state", "subscribed");
  await expect(page.getByTestId("push-device-row")).toHaveCount(1);
  await expect(page.getByTestId("push-device-row")).toContainText("Dit apparaat");
  const stored = await e2eDb().pushSubscription.findMany({
    where: { userId: bram.id },
    select: { endpoint: true },
  });
  expect(stored).toEqual([{ endpoint: device.endpoint }]);
  // Bram leaves the site (his tab closes): from now on he is told by push.
  await page.close();
  await expect.poll(() => e2eDb().openTab.count({ where: { userId: bram.id } }), { timeout: 10_000 }).toBe(0);

  // Anna writes to him through the site.
  const annaContext = await browser.newContext();
  await acceptEntryWarning(annaContext, baseURL!);
  const annaPage = await annaContext.newPage();
  await login(annaPage, anna.email, anna.password);
  await annaPage.goto(`/members/${bramProfile.id}/chat`);
  await whenInteractive(annaPage, testInfo);
  await expect(annaPage.getByTestId("chat-counter")).toBeVisible();
  const icebreakers = annaPage.getByRole("dialog");
  if (await icebreakers.isVisible()) await annaPage.keyboard.press("Escape");
  await annaPage.getByRole("textbox", { name: "Bericht" }).fill("Zin in een drankje?");
  await annaPage.getByTestId("send-button").click();
  await expect(annaPage).toHaveURL(/\/chats\/\d+$/);
  const conversationId = Number(new URL(annaPage.url()).pathname.split("/").pop());
  await annaContext.close();

  // The push service got it, signed with the site's VAPID key and readable only with Bram's key.
  const ours = () => service.received.filter((p) => p.endpoint === device.endpoint);
  await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(1);
  const [push] = ours();
  expect(service.rejected).toEqual([]);
  expect(push!.payload).toMatchObject({
    title: `${annaProfile.name} wil met je chatten`,
    url: `/chats/${conversationId}`,
  });

  // Handed to Bram's real service worker as the browser's push service would.
  const bramPage = await context.newPage();
  await bramPage.goto("/notifications");
  await whenInteractive(bramPage, testInfo);
  const cdp = await context.newCDPSession(bramPage);
  const registration = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await bramPage.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const registrationId = await registration;
  const workerErrors: string[] = [];
  cdp.on("ServiceWorker.workerErrorReported", ({ errorMessage }) =>
    workerErrors.push(errorMessage.errorMessage),
  );
  // Delivered again while none shows (a worker still starting may miss it); the tag keeps it one.
  const deliver = () =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL!,
      registrationId,
      data: JSON.stringify(push!.payload),
    });
  await deliver();
  await expect
    .poll(
      () =>
        bramPage
          .evaluate(async () => {
            const ready = await navigator.serviceWorker.ready;
            return (await ready.getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              data: n.data as unknown,
            }));
          })
          .then(async (shown) => {
            if (shown.length === 0) await deliver();
            return shown;
          }),
      { timeout: 15_000 },
    )
    .toEqual([
      {
        title: `${annaProfile.name} wil met je chatten`,
        body: `${annaProfile.name} is een gesprek met je begonnen. Tik om het te lezen.`,
        data: { url: `/chats/${conversationId}` },
      },
    ]);
  expect(workerErrors).toEqual([]);
});

test("/notifications: mail switches and removing a device work as plain forms", async ({
  page,
}, testInfo) => {
  const member = await createMember();
  // Push was turned on in an earlier login session (on another device).
  const session = await e2eDb().session.create({
    data: { id: `e2e-push-${member.id}`, userId: member.id, expiresAt: new Date(Date.now() + 86_400_000) },
    select: { id: true },
  });
  await e2eDb().pushSubscription.create({
    data: {
      userId: member.id,
      sessionId: session.id,
      endpoint: `https://push.example.com/e2e-${member.id}`,
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
      userAgent: "Mozilla/5.0 (Android 14; Mobile) Firefox/140.0",
    },
    select: { id: true },
  });
  await login(page, member.email, member.password, "/settings");
  await page.getByTestId("notifications-link").click();
  await expect(page).toHaveURL(/\/notifications$/);
  await whenInteractive(page, testInfo);
  if (!jsEnabled(testInfo)) {
    await expect(page.getByTestId("push-state")).toContainText(
      "We weten nog niet of dit apparaat pushmeldingen kan ontvangen",
    );
  }

  await page.getByLabel("Nieuwe berichten").uncheck();
  await page.getByLabel("Wekelijks overzicht").uncheck();
  await page.getByRole("button", { name: "Voorkeuren opslaan" }).click();
  await expect(page.getByTestId("notifications-saved")).toHaveText("Je e-mailvoorkeuren zijn opgeslagen.");
  await expect(page.getByLabel("Nieuwe berichten")).not.toBeChecked();
  const user = await e2eDb().user.findUniqueOrThrow({
    where: { id: member.id },
    select: { emailNotificationsOff: true },
  });
  expect(user.emailNotificationsOff.sort()).toEqual(["new_messages", "weekly_updates"]);

  const row = page.getByTestId("push-device-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Firefox op Android");
  await row.getByRole("button", { name: "Verwijderen" }).click();
  await expect(page.getByTestId("notifications-saved")).toHaveText(
    "Het apparaat krijgt geen pushmeldingen meer.",
  );
  await expect(page.getByTestId("push-device-row")).toHaveCount(0);
  expect(await e2eDb().pushSubscription.count({ where: { userId: member.id } })).toBe(0);
});

test("the push alert offers push where the browser can, and stays away once closed", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript there is no push, so no alert");
  const member = await createMember();
  await login(page, member.email, member.password);
  await page.goto("/members");
  await whenInteractive(page, testInfo);
  const alert = page.getByTestId("push-alert");
  // It waits until the member uses the page (here: scrolls), then sits at the bottom of the screen.
  await page.mouse.wheel(0, 200);
  await expect(alert).toContainText("Zet meldingen aan");
  await expect(alert).toBeInViewport();
  await expect(alert.getByRole("button", { name: "Meldingen aanzetten" })).toBeVisible();
  await alert.getByRole("button", { name: "Sluiten" }).click();
  await expect(alert).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          await e2eDb().user.findUniqueOrThrow({
            where: { id: member.id },
            select: { pushAlertDismissedAt: true },
          })
        ).pushAlertDismissedAt,
    )
    .toBeInstanceOf(Date);
  await page.reload();
  await whenInteractive(page, testInfo);
  await page.mouse.wheel(0, 200);
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test("without a network the service worker shows the offline page", async ({
  page,
  context,
  consoleErrors,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the service worker needs JavaScript");
  // Chromium logs the failed network request of the offline navigation itself; nothing else may fail.
  testInfo.annotations.push({ type: "allow-console-errors" });
  await page.goto("/pages/faq");
  await whenInteractive(page, testInfo);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    }
  });
  await context.setOffline(true);
  await page.goto("/pages/terms");
  // In the language of the last page the site showed.
  await expect(page.getByRole("heading", { name: "Geen verbinding" })).toBeVisible();
  await expect(page.locator("main:visible")).toContainText("Je bent offline.");
  await expect(page.locator("main:visible")).not.toContainText("You are offline.");
  await context.setOffline(false);
  await page.getByRole("link", { name: "Opnieuw proberen" }).click();
  await expect(page.getByRole("heading", { name: "Geen verbinding" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/pages\/terms$/);
  await context.addCookies([{ name: "i18n_redirected", value: "de", url: page.url() }]);
  await page.reload();
  await whenInteractive(page, testInfo);
  await context.setOffline(true);
  await page.goto("/pages/faq");
  await expect(page.getByRole("heading", { name: "Keine Verbindung" })).toBeVisible();
  await context.setOffline(false);
  expect(consoleErrors.filter((e) => !e.includes("net::ERR_INTERNET_DISCONNECTED"))).toEqual([]);
});
