// Staff's campaign links and funnel report, with and without JavaScript: create a link, switch it
// off, see it counted in the funnel and download the report as CSV.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, login, test, whenInteractive } from "./fixtures";

test("staff define a campaign link and read the funnel", async ({ page, context, baseURL }, testInfo) => {
  await acceptEntryWarning(context, baseURL!);
  const staff = await createMember();
  await e2eDb().user.update({ where: { id: staff.id }, data: { role: "admin" }, select: { id: true } });
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const token = `e2e-${randomUUID().slice(0, 8)}`;
  await e2eDb().landerVisit.create({
    data: { siteId: site.id, lander: "gallery", slug: "e2e", campaignToken: token, network: "e2enet" },
  });

  await login(page, staff.email, staff.password, "/staff/campaigns");
  await whenInteractive(page, testInfo);
  const form = page.getByTestId("campaign-form");
  await form.getByLabel("Token").fill(token);
  await form.getByLabel("Lander").selectOption("gallery");
  await form.getByLabel("Slug").fill("e2e");
  await form.getByLabel("Netwerk").fill("e2enet");
  await form.getByRole("button", { name: "Aanmaken" }).click();
  await expect(page.getByTestId("campaign-saved")).toContainText(token);
  const row = page.getByTestId("campaign-links").getByRole("row").filter({ hasText: token });
  await expect(row).toContainText("gallery/e2e");

  // The same token again is refused with a clear message.
  await whenInteractive(page, testInfo);
  await form.getByLabel("Token").fill(token);
  await form.getByLabel("Lander").selectOption("video");
  await form.getByRole("button", { name: "Aanmaken" }).click();
  await expect(page.getByText("Deze token is al in gebruik op deze site. Kies een andere.")).toBeVisible();

  await row.getByRole("button", { name: "Deactiveren" }).click();
  await expect(row.getByRole("button", { name: "Activeren" })).toBeVisible();

  await page.goto("/staff/funnel?group=campaign");
  const table = page.getByTestId("funnel-table");
  await expect(table.getByRole("row").filter({ hasText: token })).toContainText("1");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download als CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^funnel-campaign-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, "utf8");
  expect(csv).toContain(`${token},1,0,`);
});

test("the public calls answer 304 to a browser that has them", async ({ request }) => {
  for (const path of ["/api/interests.php", "/api/regions.php", "/api/companyinfo.php"]) {
    const first = await request.get(path);
    expect(first.status()).toBe(200);
    const etag = first.headers()["etag"]!;
    expect(etag).toBeTruthy();
    expect(first.headers()["cache-control"]).toBe("public, max-age=300");
    const again = await request.get(path, { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
  }
});
