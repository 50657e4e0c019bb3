import type { Page, TestInfo } from "@playwright/test";
import { LOGIN_FAILURES_PER_IP_FACTOR } from "../../app/domain/abuse/limits";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test, whenInteractive } from "./fixtures";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "entry_warning_dismissed", value: String(Date.now()), url: baseURL! }]);
});

test("a member logs in, sees the members' top bar, and logs out", async ({ page, context }) => {
  const member = await createMember();
  await page.goto("/login?redirectTo=/pages/faq");
  await page.getByLabel("E-mailadres").fill(member.email.toUpperCase());
  await page.getByLabel("Wachtwoord").fill(member.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(page.getByTestId("account-menu")).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === "auth.session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByRole("button", { name: "Uitloggen" }).click();
  await expect(page.getByRole("link", { name: "Inloggen" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "auth.session")).toBeUndefined();
});

test("a logout link opened from elsewhere asks first; its button logs out", async ({ page, context }) => {
  const member = await createMember();
  await login(page, member.email, member.password, "/pages/faq");
  // Typed, or followed from another site: the browser says it did not come from our own pages.
  await page.goto("/api/logout.php", { referer: "https://evil.example/" });
  await expect(page.getByRole("heading", { name: "Uitloggen?" })).toBeVisible();
  await expect(page.getByTestId("account-menu")).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "auth.session")).toBeDefined();
  await page.getByRole("button", { name: "Ja, uitloggen" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Inloggen" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "auth.session")).toBeUndefined();
});

test("Back after logout shows no member page from the cache", async ({ page }) => {
  const member = await createMember();
  await login(page, member.email, member.password, "/settings");
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByRole("button", { name: "Uitloggen" }).click();
  await expect(page.getByRole("link", { name: "Inloggen" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings/);
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
});

test("a wrong password shows the login error and keeps the e-mail, not the password", async ({ page }) => {
  const member = await createMember();
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord").fill("helemaal-fout");
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("alert")).toHaveText("Login mislukt, probeer opnieuw.");
  await expect(page.getByLabel("E-mailadres")).toHaveValue(member.email);
  await expect(page.getByLabel("Wachtwoord")).toHaveValue("");
});

/** Submits the login form, whatever the answer (fixtures' `login` expects to get in). */
async function submitLogin(page: Page, testInfo: TestInfo, email: string, password: string) {
  // After a refusal the page is the login form again (rendered anew without JavaScript).
  if (!page.url().endsWith("/login")) {
    await page.goto("/login");
    await whenInteractive(page, testInfo);
  }
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  // The answer came: the password field is emptied by every refusal.
  await expect(page.getByLabel("Wachtwoord", { exact: true })).toHaveValue("");
}

const loginLimits = () =>
  e2eDb().site.findFirstOrThrow({
    where: { isDefault: true },
    select: { loginMaxAttempts: true, loginBlockMinutes: true },
  });

test("a stranger's wrong passwords block only the stranger's address; the member still logs in", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}, testInfo) => {
  test.slow(); // Six logins, each an Argon2 check, on a shared machine.
  const member = await createMember();
  const { loginMaxAttempts, loginBlockMinutes } = await loginLimits();
  // Another visitor, from an address of its own (this test's with another first number).
  const strangerIp = extraHTTPHeaders!["X-Forwarded-For"]!.replace(/^10\./, "172.");
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: jsEnabled(testInfo),
    extraHTTPHeaders: { "X-Forwarded-For": strangerIp },
  });
  await acceptEntryWarning(context, baseURL!);
  const stranger = await context.newPage();
  for (let i = 1; i < loginMaxAttempts; i++) {
    await submitLogin(stranger, testInfo, member.email, `gok-${i}`);
    await expect(stranger.getByRole("alert")).toHaveText("Login mislukt, probeer opnieuw.");
  }
  await submitLogin(stranger, testInfo, member.email, "nog-een-gok");
  await expect(stranger.getByRole("alert")).toHaveText(
    `Te veel foute pogingen, account voor ${loginBlockMinutes} min geblokkeerd.`,
  );
  await context.close();

  await login(page, member.email, member.password);
});

test("an address that failed on many accounts is told so, not that the member's account is blocked", async ({
  page,
  extraHTTPHeaders,
}, testInfo) => {
  const member = await createMember();
  const { loginMaxAttempts, loginBlockMinutes } = await loginLimits();
  const ip = extraHTTPHeaders!["X-Forwarded-For"]!;
  await e2eDb().loginAttempt.createMany({
    data: Array.from({ length: loginMaxAttempts * LOGIN_FAILURES_PER_IP_FACTOR }, () => ({
      userId: null,
      ip,
    })),
  });
  await submitLogin(page, testInfo, member.email, member.password);
  await expect(page.getByRole("alert")).toHaveText(
    `Te veel inlogpogingen vanaf jouw netwerk. Probeer het over ${loginBlockMinutes} min opnieuw.`,
  );
  await expect(page.getByLabel("E-mailadres")).toHaveValue(member.email);
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
});

test.describe("@http account API", () => {
  test("GET /api/user.php has no user for a visitor; PUT needs a login", async ({ request }) => {
    expect(await (await request.get("/api/user.php")).json()).toEqual({ user: null });
    const put = await request.put("/api/user.php", { data: { language: "de" } });
    expect(put.status()).toBe(403);
    expect(await put.json()).toEqual({ error: "authentication_required" });
  });

  test("POST /api/user.php logs in; PUT saves the language", async ({ request }) => {
    const member = await createMember();
    const wrong = await request.post("/api/user.php", { form: { email: member.email, password: "nope" } });
    expect(wrong.status()).toBe(401);
    const login = await request.post("/api/user.php", {
      form: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(200);
    const { user } = await (await request.get("/api/user.php")).json();
    expect(user).toMatchObject({ status: "confirmed", paid_user: false, language: "nl" });
    const put = await request.put("/api/user.php", { data: { language: "de" } });
    expect((await put.json()).user.language).toBe("de");
    expect(put.headers()["set-cookie"]).toContain("i18n_redirected=de");
    // From another site (here: a request that names no page of ours) the call only asks.
    const asked = await request.get("/api/logout.php", { maxRedirects: 0 });
    expect(asked.status()).toBe(200);
    expect(asked.headers()["cache-control"]).toBe("private, no-store");
    expect((await (await request.get("/api/user.php")).json()).user).not.toBeNull();
    await request.get("/api/logout.php", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(await (await request.get("/api/user.php")).json()).toEqual({ user: null });
  });

  test("a form post from another site is refused", async ({ request }) => {
    const response = await request.post("/lang-config", {
      form: { locale: "de" },
      headers: { Origin: "https://evil.example" },
    });
    // React Router's own check (400) or ours (403) refuses it before the action runs.
    expect([400, 403]).toContain(response.status());
    expect(response.headers()["set-cookie"] ?? "").not.toContain("i18n_redirected=de");
  });
});

test("a member without a photo is nudged to add one until dismissing it", async ({ page }) => {
  const member = await createMember();
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord").fill(member.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  const alert = page.getByTestId("photo-alert");
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("link")).toHaveAttribute("href", "/profile/photos");
  await alert.getByRole("button").click();
  await expect(page.getByTestId("photo-alert")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("photo-alert")).toHaveCount(0);
});
