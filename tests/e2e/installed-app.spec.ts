import type { BrowserContext, Page } from "@playwright/test";
import { createMember } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test, whenInteractive } from "./fixtures";

/** Playwright cannot set `display-mode`; the page's matchMedia answers as in the app's window. */
async function emulateStandalone(page: Page) {
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      if (query !== "(display-mode: standalone)") return original(query);
      const list = {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
      return list as MediaQueryList;
    };
  });
}

async function appCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "installed_app")?.value;
}

test.describe("@http the web app manifest", () => {
  test("is linked from every page and its icons load as PNG", async ({ request }) => {
    const html = await (await request.get("/pages/faq")).text();
    expect(html).toMatch(/<link [^>]*rel="manifest" href="\/manifest.webmanifest"\/>/);
    expect(html).toMatch(/<link [^>]*rel="apple-touch-icon" href="\/icons\/apple-touch-icon.png"\/>/);
    const response = await request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      id: string;
      scope: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      id: "/?app=1",
      scope: "/",
      start_url: "/?app=1",
      display: "standalone",
    });
    const png = manifest.icons.filter((icon) => icon.type === "image/png");
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const src of [...png.map((icon) => icon.src), "/icons/apple-touch-icon.png"]) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()["content-type"], src).toBe("image/png");
      const bytes = await icon.body();
      expect(bytes.subarray(1, 4).toString(), src).toBe("PNG");
      // The PNG header's width: the size the manifest claims.
      const size = manifest.icons.find((i) => i.src === src)?.sizes.split("x")[0] ?? "180";
      expect(bytes.readUInt32BE(16), src).toBe(Number(size));
    }
  });
});

test("the app's window tells the server: app footer and no entry warning, also on the next page", async ({
  page,
  context,
}, testInfo) => {
  if (jsEnabled(testInfo)) {
    await emulateStandalone(page);
    // The first page comes from a server that does not know yet; the page then switches.
    await page.goto("/pages/faq");
    await whenInteractive(page, testInfo);
    await expect(page.locator("footer")).toHaveAttribute("data-variant", "app");
    expect(await appCookie(context)).toBe("1");
  } else {
    // Without JavaScript only the address (the manifest's start_url) says so.
    await page.goto("/?app=1");
    await expect(page.locator("footer")).toHaveAttribute("data-variant", "app");
  }
  await expect(page.getByTestId("entry-warning")).toHaveCount(0);
  const html = await (await page.goto("/pages/cookies"))!.text();
  expect(html).toContain('data-variant="app"');
  expect(html).not.toContain('data-testid="entry-warning"');
});

test("a browser tab drops the cookie the app left and shows the entry warning", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "only a script knows it runs in a tab");
  await context.addCookies([{ name: "installed_app", value: "1", url: baseURL! }]);
  await page.goto("/pages/faq");
  await whenInteractive(page, testInfo);
  await expect(page.getByTestId("entry-warning")).toBeVisible();
  await expect(page.locator("footer")).toHaveAttribute("data-variant", "public");
  expect(await appCookie(context)).toBeUndefined();
});

test("the Back button on a profile goes back in history, or to the member list without JavaScript", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const member = await createMember();
  await acceptEntryWarning(context, baseURL!);
  if (jsEnabled(testInfo)) await emulateStandalone(page);
  else await context.addCookies([{ name: "installed_app", value: "1", url: baseURL! }]);
  await login(page, member.email, member.password, "/members");
  await whenInteractive(page, testInfo);
  await expect(page.locator("footer")).toHaveAttribute("data-variant", "app");
  await expect(page.getByTestId("app-back")).toHaveCount(0);

  await page.getByTestId("member-card").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  const firstProfile = page.url();
  const back = page.getByTestId("app-back");
  await expect(back).toHaveAttribute("href", "/members");
  await page.getByTestId("related-profiles").getByRole("link").first().click();
  await expect(page).not.toHaveURL(firstProfile);
  await expect(page).toHaveURL(/\/members\/\d+$/);

  await back.click();
  if (jsEnabled(testInfo)) await expect(page).toHaveURL(firstProfile);
  else await expect(page).toHaveURL(/\/members$/);
});
