// "Download my data" (docs/product.md, Your data), with and without JavaScript: the member asks for
// the archive on /settings, an app server's job makes it, the mail says it is ready, and the member
// downloads it from the settings page; the archive opens and holds the member's account.
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { createMember } from "./db";
import { acceptEntryWarning, expect, login, test, whenInteractive } from "./fixtures";
import { latestMail } from "./mail";

test("a member asks for their data, gets the mail and downloads the archive", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  // A login (Argon2) and a job polled every two seconds on a busy machine.
  test.slow();
  const member = await createMember();
  await acceptEntryWarning(context, baseURL!);
  await login(page, member.email, member.password, "/settings");
  const section = page.getByTestId("settings-data-export");
  await expect(section.getByRole("heading", { name: "Download mijn gegevens" })).toBeVisible();
  await expect(section.getByTestId("data-export")).toHaveAttribute("data-state", "none");

  await whenInteractive(page, testInfo);
  await section.getByRole("button", { name: "Mijn gegevens aanvragen" }).click();
  await expect(page).toHaveURL(/\/settings\?dataExport=requested#data-export-title$/);
  await expect(section.getByTestId("data-export-notice")).toHaveText(
    "Je aanvraag is ontvangen. We mailen je zodra je archief klaarstaat.",
  );
  // One a day: no second button, but the time from which a new one may be asked for.
  await expect(section.getByRole("button", { name: "Mijn gegevens aanvragen" })).toHaveCount(0);
  await expect(section.getByTestId("data-export-next")).toContainText(
    "Je kunt één archief per dag aanvragen.",
  );

  const mail = await latestMail(member.email);
  expect(mail.html).toContain("Je gegevens bij");
  const link = mail.links.find((href) => /\/settings\/data-export\/\d+$/.test(href));
  expect(link, mail.links.join(", ")).toBeTruthy();

  // The mail's link leads to the file; the settings page, reloaded, offers it too.
  await page.goto("/settings");
  await expect(section.getByTestId("data-export")).toHaveAttribute("data-state", "ready");
  const downloadLink = section.getByRole("link", { name: /Download je gegevens/ });
  await expect(downloadLink).toHaveAttribute("href", new URL(link!).pathname);
  const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^hartklop-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(["README.txt", "account.json", "conversations.json"]),
  );
  expect(JSON.parse(strFromU8(files["account.json"]!)).account.email).toBe(member.email);
  expect(strFromU8(files["README.txt"]!)).toContain("Je gegevens bij");
});
