import type { Request } from "@playwright/test";
import { acceptEntryWarning, expect, jsEnabled, test, whenInteractive } from "./fixtures";

// Every form that checks its fields in the browser does so through one hook
// (app/ui/use-validated-form.ts), with its schema loaded once the page is interactive. Without
// JavaScript the server checks the same schema and answers with the same message. The password
// reset request is the form here: open to visitors, one field, refused before anything is sent.

const INVALID_EMAIL = { nl: "Ongeldige e-mail", de: "Ungültige E-Mail" } as const;

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

for (const [locale, message] of Object.entries(INVALID_EMAIL)) {
  test(`a mistyped address is pointed out in the page's language (${locale}), in the browser with JavaScript and by the server without`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await context.addCookies([{ name: "i18n_redirected", value: locale, url: baseURL! }]);
    const posted: string[] = [];
    const onRequest = (request: Request) => {
      if (request.method() === "POST") posted.push(new URL(request.url()).pathname);
    };
    page.on("request", onRequest);
    await page.goto("/reset-password");
    await whenInteractive(page, testInfo);
    const form = page.getByRole("main").locator("form");
    const email = form.locator('input[name="email"]');
    const error = form.getByText(message, { exact: true });

    if (jsEnabled(testInfo)) {
      // Leaving the field says nothing until the schema has arrived, a moment after hydration.
      await expect(async () => {
        await email.fill("geen-adres");
        await email.blur();
        await expect(error).toBeVisible({ timeout: 500 });
      }).toPass();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      // A submit with the mistake stays in the browser.
      await form.locator('button[type="submit"]').click();
      await expect(error).toBeVisible();
      // Once shown, the message goes while the field is corrected, before it is left.
      await email.fill("iemand@example.com");
      await expect(error).toHaveCount(0);
      await expect(email).toBeFocused();
      expect(posted).toEqual([]);
    } else {
      await email.fill("geen-adres");
      await form.locator('button[type="submit"]').click();
      await expect(error).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveValue("geen-adres");
      expect(posted).toEqual(["/reset-password"]);
    }
    page.off("request", onRequest);
  });
}
