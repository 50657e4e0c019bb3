import { test as base, expect } from "@playwright/test";

/** Every page test fails on a browser console error or an uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
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
