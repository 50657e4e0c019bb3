import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_BASE_URL } from "./constants";
import { e2eDb } from "./db";
import { acceptEntryWarning, expect, jsEnabled, test, whenInteractive } from "./fixtures";
import { latestMail } from "./mail";
import { birthStep, fillAccountStep, placeStep, whoStep } from "./signup-steps";

/** A visible demo member with an approved public main photo whose file the server has drawn. */
async function demoMember() {
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const profile = await e2eDb().profile.findFirstOrThrow({
    where: {
      status: "active",
      listedSiteId: site.id,
      country: "NL",
      user: { status: "confirmed", invisible: false },
      mainPhoto: { status: "active", visibility: "public", filename: { startsWith: "seed/" } },
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, mainPhotoId: true },
  });
  return profile;
}

// Demo photos are drawn in the background after the server's first start: wait for the newest.
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const member = await demoMember();
  const http = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await expect
    .poll(async () => (await http.get(`/photos/${member.mainPhotoId}/thumb`)).status(), { timeout: 100_000 })
    .toBe(200);
  await http.dispose();
});

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

const newEmail = () => `lander-${randomUUID().slice(0, 8)}@example.com`;

/** The lander's own first step, then the remaining steps on /signup. */
async function fillSignupForm(page: Page, email: string) {
  await whoStep(page, { gender: "Man", seeking: "Vrouw" });
  await expect(page).toHaveURL(/\/signup\?step=1$/);
  await birthStep(page);
  await placeStep(page);
  await fillAccountStep(page, { email, name: `Lander${Math.floor(Math.random() * 100000)}` });
  await page.getByRole("button", { name: "Gratis aanmelden" }).click();
}

async function activationLink(email: string) {
  const mail = await latestMail(email);
  const link = mail.links.find((l) => l.includes("/activate?token="));
  expect(link, "activation link").toBeTruthy();
  return link!;
}

test("signs up on a promotional lander, keeping the tracking data and the lander", async ({
  page,
}, testInfo) => {
  const email = newEmail();
  await page.goto("/landers/gallery/utrecht?network=e2enet&sub1=s1&campaign=e2e-camp");
  await whenInteractive(page, testInfo);
  await expect(page.getByTestId("lander-grid").getByTestId("lander-member").first()).toBeVisible();
  await fillSignupForm(page, email);
  await expect(page).toHaveURL(/\/signup-matches$/);

  const user = await e2eDb().user.findFirstOrThrow({
    where: { email },
    select: { network: true, sub1: true, lander: true, campaignToken: true },
  });
  expect(user).toEqual({
    network: "e2enet",
    sub1: "s1",
    lander: "gallery/utrecht",
    campaignToken: "e2e-camp",
  });

  await page.goto(await activationLink(email));
  await expect(page).toHaveURL(/\/activate\/done$/);
});

test("a visitor's chat link leads to the member's lander; after signup and activation the chat opens", async ({
  page,
}, testInfo) => {
  const member = await demoMember();
  const email = newEmail();
  await page.goto(`/members/${member.id}/chat?network=e2enet`);
  await expect(page).toHaveURL(new RegExp(`/members/${member.id}/landing\\?network=e2enet&reason=chat$`));
  await whenInteractive(page, testInfo);
  await expect(page.getByTestId("member-lander-notice")).toHaveText("Je moet ingelogd zijn om te chatten");
  await expect(page.getByTestId("member-lander-name")).toContainText(member.name);
  await fillSignupForm(page, email);
  await expect(page).toHaveURL(/\/complete-signup$/);

  await page.goto(await activationLink(email));
  await expect(page).toHaveURL(new RegExp(`/members/${member.id}/chat$`));
  await expect(page.getByRole("textbox")).toBeVisible();
  const user = await e2eDb().user.findFirstOrThrow({
    where: { email },
    select: { status: true, lander: true, network: true },
  });
  expect(user).toEqual({ status: "confirmed", lander: `members/${member.id}/landing`, network: "e2enet" });
});

test("tinderswipe: cards to swipe with JavaScript, then the form; without, a list and the form", async ({
  page,
}, testInfo) => {
  await page.goto("/landers/tinderswipe");
  await whenInteractive(page, testInfo);
  const form = page.getByTestId("signup-form");
  if (!jsEnabled(testInfo)) {
    await expect(page.getByTestId("swipe-list").getByTestId("lander-member").first()).toBeVisible();
    await expect(form).toBeVisible();
    return;
  }
  await expect(page.getByTestId("swipe-stack")).toBeVisible();
  await expect(form).toBeHidden();
  const cards = await page.getByTestId("swipe-stack").locator(".swipe-card").count();
  expect(cards).toBeGreaterThan(1);
  // The first by dragging, the rest by the buttons.
  const top = page.getByTestId("swipe-card-top");
  const box = (await top.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  for (let i = 1; i < cards; i++) {
    await page.getByRole("button", { name: i % 2 ? "Leuk" : "Volgende" }).click();
  }
  await expect(page.getByTestId("swipe-done")).toBeVisible();
  await expect(form).toBeVisible();
});

test("with ?lb, leaving the lander without signing up is logged as a bounce", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the beacon needs JavaScript");
  const network = `bounce-${randomUUID().slice(0, 6)}`;
  await page.goto(`/landers/alonetonight?lb&network=${network}`);
  await whenInteractive(page, testInfo);
  await page.goto("/pages/terms");
  await expect
    .poll(async () => {
      const visit = await e2eDb().landerVisit.findFirst({ where: { network }, select: { bouncedAt: true } });
      return visit?.bouncedAt ? "bounced" : "not yet";
    })
    .toBe("bounced");
});

const LANDERS = [
  "/landers/adultonly",
  "/landers/tinderswipe",
  "/landers/whoneedsstrings",
  "/landers/alonetonight",
  "/landers/collagelanding",
  "/landers/gallery",
  "/landers/iconslanding",
  "/landers/maplanding",
  "/landers/socialnetwork",
  "/landers/transitionsvideolanding",
  "/landers/video",
];

test("each lander's first load on a phone: HTML, CSS and the first image under 100 KB", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(jsEnabled(testInfo), "measured once, without JavaScript (what a slow phone needs to sign up)");
  test.setTimeout(120_000);
  const member = await demoMember();
  const figures: string[] = [];
  for (const path of [...LANDERS, `/members/${member.id}/landing`]) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      javaScriptEnabled: false,
    });
    await acceptEntryWarning(context, baseURL!);
    const page = await context.newPage();
    const loaded: { url: string; type: string; bytes: number }[] = [];
    const measuring: Promise<void>[] = [];
    page.on("requestfinished", (req) => {
      // A request that finishes as the context closes can no longer be measured: it came after the load.
      const measured = req.sizes().then(
        (sizes) => {
          loaded.push({
            url: req.url(),
            type: req.resourceType(),
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          });
        },
        () => {},
      );
      measuring.push(measured);
    });
    await page.goto(path, { waitUntil: "load" });
    await page.waitForTimeout(300);
    await Promise.all(measuring);
    const html = loaded.filter((r) => r.type === "document").reduce((s, r) => s + r.bytes, 0);
    const css = loaded.filter((r) => r.type === "stylesheet").reduce((s, r) => s + r.bytes, 0);
    const images = loaded.filter((r) => r.type === "image");
    const firstImage = images[0]?.bytes ?? 0;
    const total = loaded.reduce((s, r) => s + r.bytes, 0);
    const kb = (n: number) => (n / 1024).toFixed(1);
    figures.push(
      `${path}: HTML ${kb(html)} KB + CSS ${kb(css)} KB + first image ${kb(firstImage)} KB = ${kb(html + css + firstImage)} KB; ` +
        `all at load ${kb(total)} KB (${images.length} images)`,
    );
    expect(html + css + firstImage, path).toBeLessThan(100 * 1024);
    await context.close();
  }
  testInfo.annotations.push({ type: "lander bytes", description: figures.join("\n") });
  console.log(figures.join("\n"));
});
