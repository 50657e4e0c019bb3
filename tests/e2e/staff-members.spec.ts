// The back office's member lookup, with and without JavaScript: support finds a member by part of
// the address and opens the member page with the address and the credits.
import { randomUUID } from "node:crypto";
import { e2eDb, memberWithCredits, createMember } from "./db";
import { acceptEntryWarning, expect, login, test, whenInteractive } from "./fixtures";

test("support finds a member by part of the address and opens the member page", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await acceptEntryWarning(context, baseURL!);
  const support = await createMember();
  await e2eDb().user.update({ where: { id: support.id }, data: { role: "support" }, select: { id: true } });
  const member = await memberWithCredits(137);
  const part = `zoek-${randomUUID().slice(0, 8)}`;
  await e2eDb().user.update({
    where: { id: member.id },
    data: { email: `${part}@voorbeeld.nl` },
    select: { id: true },
  });

  await login(page, support.email, support.password, "/staff");
  await expect(page.getByRole("heading", { name: "Overzicht" })).toBeVisible();
  await expect(page.getByTestId("overview-signups")).toBeVisible();
  await page.getByRole("link", { name: "Een lid zoeken" }).click();

  await whenInteractive(page, testInfo);
  await page.getByRole("searchbox", { name: "Zoeken" }).fill(part.slice(2));
  await page.getByRole("button", { name: "Zoeken" }).click();
  const results = page.getByTestId("member-result");
  await expect(results).toHaveCount(1);
  await expect(results).toContainText(`${part}@voorbeeld.nl`);
  await results.getByRole("link").click();

  await expect(page).toHaveURL(new RegExp(`/staff/members/${member.id}$`));
  await expect(page.getByTestId("member-email")).toHaveText(`${part}@voorbeeld.nl`);
  await expect(page.getByTestId("member-credits")).toHaveText("137");
  await expect(page.getByTestId("member-actions").getByRole("link", { name: "Verbannen" })).toHaveAttribute(
    "href",
    `/staff/members/${member.id}/ban`,
  );
});
