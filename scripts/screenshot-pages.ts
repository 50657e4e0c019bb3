// The pages `npm run screenshots` (scripts/screenshots.ts) takes, and how it takes one: as a visitor
// or logged in as a demo member, at a phone's and a desktop's width, refusing a page that answers
// with an error, shows the error page or ends up somewhere else (a login page, say).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../prisma/seed/demo-data";

/** Who looks at a page: a visitor, or the free or the premium demo member. */
export type Viewer = "visitor" | "free" | "premium";

export interface Shot {
  /** The file is `{width}-{name}.png`. */
  name: string;
  viewer: Viewer;
  /** The page's path, or how the viewer finds it on the site (a link on another page). */
  path: string | ((page: Page) => Promise<string>);
  /** Where the page must end up (its path), when not at `path` itself (a redirect). */
  lands?: RegExp;
}

/** The first `selector`'s link target on `from`, as the viewer sees it. */
function linkOn(from: string, selector: string) {
  return async (page: Page) => {
    await page.goto(from);
    const href = await page.locator(selector).first().getAttribute("href");
    if (!href) throw new Error(`No link ${selector} on ${from}`);
    return href;
  };
}

/** What the search form sends for men in the Netherlands aged 25 to 45. */
const SEARCH = "/members?gender=male&country=NL&region_of=NL&region=&min_age=25&max_age=45&ages_were=range";

/**
 * The main pages, in an order that keeps what they show: the chats list is taken before opening a
 * conversation marks it read. The premium member looks where she sees more (a profile's private
 * photos); the free member everywhere else, with her time bonus running.
 */
export const SHOTS: Shot[] = [
  { name: "home", viewer: "visitor", path: "/" },
  { name: "lander", viewer: "visitor", path: "/landers/gallery/utrecht" },
  { name: "search", viewer: "free", path: SEARCH },
  { name: "likes", viewer: "free", path: "/likes" },
  { name: "chats", viewer: "free", path: "/chats" },
  { name: "credits", viewer: "free", path: "/credits" },
  {
    name: "checkout",
    viewer: "free",
    // The package marked popular.
    path: linkOn(
      "/credits",
      "[data-testid=package]:has([data-testid=package-popular]) [data-testid=package-buy]",
    ),
    lands: /^\/credits\/\d+$/,
  },
  { name: "settings", viewer: "free", path: "/settings" },
  {
    name: "profile",
    viewer: "premium",
    path: linkOn(SEARCH, "[data-testid=member-card] a.member-card-name"),
    lands: /^\/members\/\d+$/,
  },
  {
    name: "conversation",
    viewer: "free",
    // The conversation with her match: a photo and a rose she has not read yet.
    path: linkOn("/likes/matches", "[data-testid=match-chat]"),
    lands: /^\/chats\/\d+$/,
  },
];

export const WIDTHS = [390, 1280] as const;
export type Width = (typeof WIDTHS)[number];

/** A phone (touch) or a desktop, each image one screen of it; one image pixel per CSS pixel. */
function device(width: Width): BrowserContextOptions {
  const phone = width < 800;
  return {
    viewport: { width, height: phone ? 844 : 800 },
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
    reducedMotion: "reduce",
    colorScheme: "light",
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    // The site's Content-Security-Policy allows no inline stylesheet: without this the screenshot's
    // `style` (STEADY_STYLE) would not apply.
    bypassCSP: true,
  };
}

/**
 * The time bonus's countdown ticks every second: its digits are made transparent (Playwright's
 * screenshot `style` option), so the images do not change with the second they were taken in.
 */
const STEADY_STYLE = `body [data-testid="time-bonus-countdown"], body [data-testid="time-bonus-modal-countdown"] {
  color: transparent !important;
}`;

/** Logs a context in through the login form, as a member does; a visitor only gets past the entry warning. */
async function contextFor(browser: Browser, baseUrl: string, viewer: Viewer, width: Width) {
  const context = await browser.newContext({ ...device(width), baseURL: baseUrl });
  await context.addCookies([{ name: "entry_warning_dismissed", value: "1", url: baseUrl }]);
  if (viewer === "visitor") return context;
  const page = await context.newPage();
  await page.goto("/login");
  await page.locator("input[name=email]").fill(DEMO_LOGINS[viewer]);
  await page.locator("input[name=password]").fill(DEMO_PASSWORD);
  await page.locator("form:has(input[name=password]) button[type=submit]").click();
  await page.getByTestId("account-menu").waitFor();
  await page.close();
  return context;
}

/** Waits for the fonts and the pictures on the screen (lazy ones further down are not asked for). */
async function waitForPictures(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const pending = [...document.images].filter((image) => {
      const { top, bottom } = image.getBoundingClientRect();
      return !image.complete && bottom > 0 && top < window.innerHeight;
    });
    const loaded = Promise.all(
      pending.map(
        (image) => new Promise((resolve) => image.addEventListener("loadend", resolve, { once: true })),
      ),
    );
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  });
  await page.waitForLoadState("networkidle");
}

/**
 * Opens the shot's page and saves it as `{width}-{name}.png` in `outDir`. Returns what is wrong
 * with the page (an error status, the error page, another page than meant), or null when it was
 * taken.
 */
export async function takeShot(context: BrowserContext, shot: Shot, width: Width, outDir: string) {
  const page = await context.newPage();
  try {
    const target = typeof shot.path === "string" ? shot.path : await shot.path(page);
    const response = await page.goto(target, { waitUntil: "networkidle" });
    const status = response?.status() ?? 0;
    if (status >= 400 || status === 0) return `${shot.name}: ${target} answered ${status}`;
    if ((await page.getByTestId("error-page").count()) > 0)
      return `${shot.name}: ${target} shows the error page`;
    const landed = new URL(page.url()).pathname;
    const expected =
      shot.lands ?? new RegExp(`^${new URL(target, page.url()).pathname.replace(/[/.]/g, "\\$&")}$`);
    if (!expected.test(landed)) return `${shot.name}: ${target} ended up at ${landed}`;
    await waitForPictures(page);
    // A chat opens at its newest message; pictures that arrived since may have pushed it down.
    await page.evaluate(() =>
      document.querySelector("[data-testid=messages] > li:last-child")?.scrollIntoView({ block: "end" }),
    );
    await page.screenshot({
      path: path.join(outDir, `${width}-${shot.name}.png`),
      animations: "disabled",
      caret: "hide",
      style: STEADY_STYLE,
    });
    return null;
  } finally {
    await page.close();
  }
}

/**
 * Takes every shot at every width (a shot at all widths before the next, so each shows the same
 * state), each viewer logged in once per width; returns the problems (empty when all were taken).
 */
export async function takeShots(
  browser: Browser,
  baseUrl: string,
  outDir: string,
  { shots = SHOTS, widths = WIDTHS }: { shots?: readonly Shot[]; widths?: readonly Width[] } = {},
): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const problems: string[] = [];
  const contexts = new Map<string, BrowserContext>();
  try {
    for (const shot of shots) {
      for (const width of widths) {
        const key = `${shot.viewer} ${width}`;
        if (!contexts.has(key)) contexts.set(key, await contextFor(browser, baseUrl, shot.viewer, width));
        const problem = await takeShot(contexts.get(key)!, shot, width, outDir).catch(
          (error: unknown) => `${shot.name}: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (problem) problems.push(`${width} px, ${problem}`);
      }
    }
  } finally {
    for (const context of contexts.values()) await context.close();
  }
  return problems;
}
