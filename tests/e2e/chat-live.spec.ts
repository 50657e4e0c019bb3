import type { BrowserContext, Page } from "@playwright/test";
import { E2E_BASE_URL, E2E_SECOND_BASE_URL } from "./constants";
import { memberWithCredits } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test } from "./fixtures";

type LiveWindow = Window & { liveReady?: number; marker?: string };

/** Counts the "ready" events of the tab's live stream, so a test knows when the stream listens. */
async function countLiveReady(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("ready", () => {
          const w = window as LiveWindow;
          w.liveReady = (w.liveReady ?? 0) + 1;
        });
      }
    };
  });
}

async function streamReady(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as LiveWindow).liveReady ?? 0), { timeout: 10_000 })
    .toBeGreaterThan(0);
}

/** Marks the window; a reload or a full page load loses the marker. */
async function setMarker(page: Page, marker: string) {
  await page.evaluate((value) => ((window as LiveWindow).marker = value), marker);
}

async function markerOf(page: Page) {
  return page.evaluate(() => (window as LiveWindow).marker);
}

async function write(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Bericht" }).fill(text);
  await page.getByTestId("send-button").click();
}

test("a message sent through one app server appears at once on the other, and so does 'seen'", async ({
  page,
  context,
  browser,
  consoleErrors,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "live updates need JavaScript");
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(100)];

  // Anna on the first server (the test's own page), Bram in his own browser on the second.
  await acceptEntryWarning(context, E2E_BASE_URL);
  await countLiveReady(context);
  await login(page, anna.email, anna.password);
  await page.goto(`${E2E_BASE_URL}/members/${bram.profileId}/chat`);
  await streamReady(page); // hydrated: an empty conversation may offer its icebreakers in a modal
  const icebreakers = page.getByTestId("icebreaker-modal");
  if (await icebreakers.isVisible()) await icebreakers.getByRole("button", { name: "Sluiten" }).click();
  await write(page, "Eerste bericht");
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByTestId("message-own")).toHaveCount(1);
  const conversationPath = new URL(page.url()).pathname;

  const other = await browser.newContext({ baseURL: E2E_SECOND_BASE_URL, javaScriptEnabled: true });
  try {
    await acceptEntryWarning(other, E2E_SECOND_BASE_URL);
    await countLiveReady(other);
    const bramPage = await other.newPage();
    bramPage.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(`[second server] ${message.text()}`);
    });
    bramPage.on("pageerror", (error) => consoleErrors.push(`[second server] ${error.message}`));
    await login(bramPage, bram.email, bram.password);
    await bramPage.goto(conversationPath);
    expect(new URL(bramPage.url()).origin).toBe(E2E_SECOND_BASE_URL);
    await expect(bramPage.getByTestId("message-other")).toHaveCount(1);
    await expect(bramPage.getByTestId("message-other")).toContainText("Eerste bericht");

    // Both tabs listen to their own server's stream before anything is sent.
    await streamReady(bramPage);
    await setMarker(page, "anna");
    await setMarker(bramPage, "bram");

    // Anna writes on server 1: Bram sees it on server 2 within a second, without a reload.
    await write(page, "Hoi Bram, via de eerste server");
    await expect(page.getByTestId("message-own")).toHaveCount(2);
    await expect(bramPage.getByTestId("message-other")).toHaveCount(2, { timeout: 1_000 });
    await expect(bramPage.getByTestId("message-other").last()).toContainText(
      "Hoi Bram, via de eerste server",
    );

    // Bram has the conversation open, so Anna's message is read: "seen" shows on her side.
    await expect(page.getByTestId("message-own").last().getByTestId("message-seen")).toBeVisible({
      timeout: 1_000,
    });

    // Bram answers on server 2: Anna sees it on server 1 within a second.
    await write(bramPage, "Hoi Anna, via de tweede server");
    await expect(bramPage.getByTestId("message-own")).toHaveCount(1);
    await expect(page.getByTestId("message-other")).toHaveCount(1, { timeout: 1_000 });
    await expect(page.getByTestId("message-other")).toContainText("Hoi Anna, via de tweede server");
    await expect(bramPage.getByTestId("message-own").getByTestId("message-seen")).toBeVisible({
      timeout: 1_000,
    });

    expect(await markerOf(page)).toBe("anna");
    expect(await markerOf(bramPage)).toBe("bram");
  } finally {
    await other.close();
  }
});
