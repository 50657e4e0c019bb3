import { createMember } from "./db";
import { expect, test } from "./fixtures";

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

test("a wrong password shows the SPEC message and keeps the e-mail, not the password", async ({ page }) => {
  const member = await createMember();
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord").fill("helemaal-fout");
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page.getByRole("alert")).toHaveText("Login mislukt, probeer opnieuw.");
  await expect(page.getByLabel("E-mailadres")).toHaveValue(member.email);
  await expect(page.getByLabel("Wachtwoord")).toHaveValue("");
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
    await request.get("/api/logout.php");
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
