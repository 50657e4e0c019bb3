import AxeBuilder from "@axe-core/playwright";
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { test as base, expect, type BrowserContext, type Frame, type Page } from "@playwright/test";
import { e2eDb, TEST_PASSWORD } from "./db";

/** The rules every page must pass (WCAG 2.2 AA and axe's best practices). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe's violations on the page's current document, one line per element; none for JSON or images. */
export async function axeViolations(page: Page): Promise<string[]> {
  // axe refuses a second run in the same document while one is going: one at a time per page.
  const previous = running.get(page) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => analyze(page));
  running.set(page, run);
  return run;
}

const running = new WeakMap<Page, Promise<unknown>>();

async function analyze(page: Page): Promise<string[]> {
  if ((await page.evaluate(() => document.contentType)) !== "text/html") return [];
  // Legacy mode runs in the page itself: no extra blank page a test could count or wait for.
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  return violations.flatMap((rule) =>
    rule.nodes.map((node) => `${rule.id}: ${node.target.join(" ")} (${rule.help}, ${rule.helpUrl})`),
  );
}

/** Checks each page a test loads (once per path) and its final state with axe. */
export interface A11y {
  /** Checks the current document now (or waits for the check its load started). */
  check(): Promise<void>;
}

/** Every page test fails on a browser console error, an uncaught exception or an axe violation. */
export const test = base.extend<{ consoleErrors: string[]; a11y: A11y }>({
  // Each test comes from its own address, so per-IP limits (login, signup) of one test do not hit another.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    const n = [...testInfo.testId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, testInfo.retry + 7);
    const ip = `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255 || 1}`;
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": ip });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // A form refused with 400 (validation) is an expected answer, not an error of the page.
        if (
          message.type() === "error" &&
          !/status of (400 \(Bad Request\)|429 \(Too Many Requests\))/.test(message.text())
        ) {
          errors.push(message.text());
        }
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
  a11y: [
    async ({ page }, use, testInfo) => {
      // axe runs as a script in the page, and a page without JavaScript runs none (Playwright's
      // evaluate waits forever). The no-js project loads the same server-rendered pages the js
      // project checks.
      if (!jsEnabled(testInfo)) {
        await use({ check: async () => {} });
        return;
      }
      /** Each violation once, with the first page it was seen on. */
      const found = new Map<string, string>();
      const checks = new Map<string, Promise<void>>();
      // One check per path (ids count as one): /members/12 and /members/13 are the same page.
      const keyOf = (url: string) => new URL(url).pathname.replace(/\d+/g, "{n}");
      const record = (label: string) => (lines: string[]) => {
        for (const line of lines) if (!found.has(line)) found.set(line, label);
      };
      // The check started by the current document, if any. Documents are counted by navigation,
      // client-side ones (JavaScript) included: they load no new document but show a new page.
      let documents = 0;
      let loadCheck: { document: number; done: Promise<boolean> } | undefined;
      const onNavigated = (frame: Frame) => {
        if (frame !== page.mainFrame()) return;
        const document = ++documents;
        const url = frame.url();
        if (!url.startsWith("http") || checks.has(keyOf(url))) return;
        const done = page
          .waitForLoadState("load")
          // A moment for React to render the page it navigated to.
          .then(() => page.waitForTimeout(100))
          .then(async () => {
            if (documents !== document) throw new Error("navigated away");
            record(url)(await axeViolations(page));
            return true;
          })
          // The test moved on (or closed the page) before or during the check: a later visit checks it.
          .catch(() => (checks.delete(keyOf(url)), false));
        checks.set(
          keyOf(url),
          done.then(() => undefined),
        );
        loadCheck = { document, done };
      };
      page.on("framenavigated", onNavigated);
      await use({
        check: async () => {
          if (loadCheck?.document === documents && (await loadCheck.done)) return;
          record(page.url())(await axeViolations(page));
        },
      });
      page.off("framenavigated", onNavigated);
      // The checks need time of their own (a few seconds on a busy machine).
      testInfo.setTimeout(testInfo.timeout + 30_000);
      await Promise.all(checks.values());
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || !page.url().startsWith("http")) {
        return;
      }
      record(`${page.url()} (end of test)`)(await axeViolations(page));
      const report = [...found].map(([line, label]) => `${label}: ${line}`);
      expect(report, "accessibility violations (axe)").toEqual([]);
    },
    { auto: true },
  ],
});

test.afterEach(({ consoleErrors }, testInfo) => {
  if (
    testInfo.status === testInfo.expectedStatus &&
    !testInfo.annotations.some((a) => a.type === "allow-console-errors")
  ) {
    expect(consoleErrors, "console errors").toEqual([]);
  }
});

export { expect };

/** Whether the current project runs with JavaScript. */
export function jsEnabled(testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/** With JavaScript, waits until React handles the page's events (a change made before is not seen). */
export async function whenInteractive(page: Page, testInfo: Parameters<typeof jsEnabled>[0]) {
  if (jsEnabled(testInfo)) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/** Skips the site-entry warning for every page of this browser context (as a dismissal would). */
export async function acceptEntryWarning(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "entry_warning_dismissed", value: String(Date.now()), url: baseURL }]);
}

/**
 * Starts this browser over as a visitor: only the entry-warning cookie stays. The page leaves the
 * site first: a member page's poll that finds the session gone reloads itself, and that reload would
 * abort the test's next navigation.
 */
export async function startOverAsVisitor(page: Page, baseURL: string) {
  await page.goto("about:blank");
  await page.context().clearCookies();
  await acceptEntryWarning(page.context(), baseURL);
}

/** Logs in through the login form (works with and without JavaScript) and lands on `redirectTo`. */
export async function login(page: Page, email: string, password: string, redirectTo = "/members") {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

/** A staff account of the default site (no profile, admin unless told) that logs in with `TEST_PASSWORD`. */
export async function createStaff({ role = "admin" }: { role?: "admin" | "support" } = {}): Promise<{
  email: string;
}> {
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  return e2eDb().user.create({
    data: {
      siteId: site.id,
      email: `staf-${randomUUID().slice(0, 8)}@example.com`,
      passwordHash: await hash(TEST_PASSWORD),
      status: "confirmed",
      role,
    },
    select: { email: true },
  });
}

/** Buys the first package on /credits by card, paid at the Mollie simulator's checkout (this leaves a card mandate). */
export async function buyFirstPackageByCard(page: Page) {
  await page.goto("/credits");
  await page.getByTestId("package-buy").first().click();
  await page.getByTestId("payment-method").filter({ hasText: "Creditcard" }).getByRole("radio").check();
  await page.getByTestId("pay-button").click();
  await page.getByRole("button", { name: "Betaald", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bedankt voor je aankoop!" })).toBeVisible();
}
