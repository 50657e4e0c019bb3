import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

/** Every page test fails on a browser console error or an uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
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
        if (message.type() === "error" && !/status of 400 \(Bad Request\)/.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
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

/** Logs in through the login form (works with and without JavaScript) and lands on `redirectTo`. */
export async function login(page: Page, email: string, password: string, redirectTo = "/members") {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
}
