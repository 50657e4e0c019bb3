import type { BrowserContext, Locator, Page } from "@playwright/test";
import { createMember, e2eDb } from "./db";
import { expect, jsEnabled, test, whenInteractive } from "./fixtures";

async function acceptEntryWarning(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "entry_warning_dismissed", value: String(Date.now()), url: baseURL }]);
}

async function login(page: Page, email: string, password: string, redirectTo: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

/** The profile id of the card shown on a page. */
async function shownId(page: Page) {
  return Number(await page.getByTestId("swipe-card").getAttribute("data-profile-id"));
}

function choices(page: Page): Locator {
  return page.getByRole("group", { name: "Jouw keuze" });
}

/** Waits until the page shows another card than `before`, or the limit notice. */
async function nextCardAfter(page: Page, before: number) {
  await expect(async () => {
    const limit = await page.getByTestId("swipe-limit").count();
    const ids = await page
      .getByTestId("swipe-card")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-profile-id")));
    expect(limit > 0 || (ids.length === 1 && ids[0] !== String(before))).toBe(true);
  }).toPass();
}

async function likeByButton(page: Page) {
  const before = await shownId(page);
  await choices(page)
    .getByRole("button", { name: /een like$/ })
    .click();
  await nextCardAfter(page, before);
  return before;
}

function likesOf(userId: number) {
  return e2eDb().like.count({ where: { likerId: userId } });
}

function decisionsOf(userId: number, choice: "like" | "skip") {
  return e2eDb().swipeDecision.count({ where: { userId, choice } });
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

test("a visitor is asked to log in first", async ({ page }) => {
  await page.goto("/swipe-game");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fswipe-game$/);
});

test("the swipe game until the limit message", async ({ page, context }, testInfo) => {
  const js = jsEnabled(testInfo);
  const member = await createMember();
  await login(page, member.email, member.password, "/swipe-game");
  await expect(page).toHaveURL(/\/swipe-game$/);
  const game = page.getByTestId("swipe-game");
  await expect(game.getByRole("heading", { level: 1 })).toHaveText("Swipegame");
  const card = page.getByTestId("swipe-card");
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { level: 2 })).toContainText(", ");
  await expect(card.getByRole("link", { name: "Bekijk profiel" })).toHaveAttribute(
    "href",
    `/members/${await shownId(page)}`,
  );
  await expect(page.getByTestId("swipe-likes-left")).toHaveText("Vandaag nog 4 likes");
  if (js) {
    // The next card lies ready under the current one; the page never reloads during the game.
    await expect(page.getByTestId("swipe-next-card")).toBeAttached();
    await page.evaluate(() => Object.assign(window, { swipeMarker: "same page" }));
  } else {
    await expect(page.getByTestId("swipe-next-card")).toHaveCount(0);
  }

  // A skip.
  const skipped = await shownId(page);
  await choices(page)
    .getByRole("button", { name: /overslaan$/ })
    .click();
  await nextCardAfter(page, skipped);
  await expect.poll(() => decisionsOf(member.id, "skip")).toBe(1);

  const liked: number[] = [];
  if (js) {
    // A like with the arrow key, and one by dragging the card to the right.
    const first = await shownId(page);
    await page.keyboard.press("ArrowRight");
    await nextCardAfter(page, first);
    liked.push(first);
    const second = await shownId(page);
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 250, box.y + box.height / 3, { steps: 12 });
    await page.mouse.up();
    await nextCardAfter(page, second);
    liked.push(second);
  } else {
    liked.push(await likeByButton(page));
    liked.push(await likeByButton(page));
  }
  liked.push(await likeByButton(page));
  await expect(page.getByTestId("swipe-likes-left")).toHaveText("Vandaag nog 1 like");
  expect(await likesOf(member.id)).toBe(3);

  // A second tab still showing the game, for a 5th like once the 4th is given here.
  const other = await context.newPage();
  await other.goto("/swipe-game");
  await expect(other.getByTestId("swipe-card")).toBeVisible();

  liked.push(await likeByButton(page));
  const limit = page.getByTestId("swipe-limit");
  await expect(limit).toContainText("Je likes zijn op");
  await expect(limit).toContainText("Je hebt al 4 likes gegeven, het maximum per dag.");
  await expect(limit).toContainText(/Het spel gaat weer open op \S+ om \d\d:\d\d \(over \d+ uur\)\./);
  await expect(page.getByTestId("swipe-card")).toHaveCount(0);
  await expect(limit.getByRole("link", { name: "Leden zoeken" })).toHaveAttribute("href", "/members");

  // The 5th like is refused: the other tab shows the same message and nothing more is stored.
  await other
    .getByRole("group", { name: "Jouw keuze" })
    .getByRole("button", { name: /een like$/ })
    .click();
  await expect(other.getByTestId("swipe-limit")).toContainText("Het spel gaat weer open op");
  await expect(other.getByTestId("swipe-card")).toHaveCount(0);
  expect(await likesOf(member.id)).toBe(4);
  expect(await decisionsOf(member.id, "like")).toBe(4);
  const likedUsers = await e2eDb().profile.findMany({
    where: { id: { in: liked } },
    select: { userId: true },
  });
  expect(
    await e2eDb().like.count({
      where: { likerId: member.id, likedId: { in: likedUsers.map((p) => p.userId) } },
    }),
  ).toBe(4);

  if (js) {
    expect(await page.evaluate(() => (window as { swipeMarker?: string }).swipeMarker)).toBe("same page");
  }
  // Coming back later the same day: still the message.
  await other.close();
  await page.goto("/swipe-game");
  await expect(page.getByTestId("swipe-limit")).toBeVisible();
});

test("with JavaScript and reduced motion the arrow keys skip and like without reloading the page", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "keys need JavaScript");
  await page.emulateMedia({ reducedMotion: "reduce" });
  const member = await createMember();
  await login(page, member.email, member.password, "/swipe-game");
  await expect(page.getByTestId("swipe-card")).toBeVisible();
  await whenInteractive(page, testInfo);
  await page.evaluate(() => Object.assign(window, { swipeMarker: "same page" }));
  const first = await shownId(page);
  await page.keyboard.press("ArrowLeft");
  await nextCardAfter(page, first);
  const second = await shownId(page);
  await page.keyboard.press("ArrowRight");
  await nextCardAfter(page, second);
  await expect.poll(() => decisionsOf(member.id, "skip")).toBe(1);
  await expect.poll(() => decisionsOf(member.id, "like")).toBe(1);
  await expect(page.getByTestId("swipe-likes-left")).toHaveText("Vandaag nog 3 likes");
  expect(await page.evaluate(() => (window as { swipeMarker?: string }).swipeMarker)).toBe("same page");
});
