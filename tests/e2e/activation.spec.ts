// The activation link confirms the address but logs in only through the page's button (a plain
// form POST), and never replaces the session of another member logged in in that browser.
import { createHash, randomBytes } from "node:crypto";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, login, test, whenInteractive } from "./fixtures";

/** An unconfirmed member and a fresh activation link to their address. */
async function unconfirmedWithLink() {
  const member = await createMember({ status: "not_confirmed" });
  const token = randomBytes(32).toString("base64url");
  await e2eDb().verification.create({
    data: {
      type: "activation",
      userId: member.id,
      target: member.email,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(Date.now() + 3600_000),
    },
    select: { id: true },
  });
  const { profile } = await e2eDb().user.findUniqueOrThrow({
    where: { id: member.id },
    select: { profile: { select: { name: true } } },
  });
  const masked = `${member.email[0]}***@e***.com`;
  return { ...member, name: profile!.name, masked, link: `/activate?token=${token}` };
}

const statusOf = async (userId: number) =>
  (await e2eDb().user.findUniqueOrThrow({ where: { id: userId }, select: { status: true } })).status;

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

test("in a fresh browser the link confirms the address and the button logs in", async ({
  page,
}, testInfo) => {
  const member = await unconfirmedWithLink();
  await page.goto(member.link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Je account is geactiveerd");
  await expect(page.getByTestId("activate-account")).toHaveText(
    `Geactiveerd: het account van ${member.name} (${member.masked}).`,
  );
  // Opening the link confirmed the address, but logged no one in.
  expect(await statusOf(member.id)).toBe("confirmed");
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name === "auth.session")).toBe(false);

  await whenInteractive(page, testInfo);
  await page.getByRole("button", { name: "Inloggen en verder" }).click();
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Leden zoeken" })).toBeVisible();
});

test("with another member logged in, that member stays logged in and is asked to log out first", async ({
  page,
}, testInfo) => {
  const other = await createMember();
  const { profile } = await e2eDb().user.findUniqueOrThrow({
    where: { id: other.id },
    select: { profile: { select: { name: true } } },
  });
  await login(page, other.email, other.password);
  const member = await unconfirmedWithLink();

  await page.goto(member.link);
  await expect(page.getByTestId("activate-account")).toContainText(member.name);
  const notice = page.getByTestId("activate-other-member");
  await expect(notice).toContainText(`ingelogd als ${profile!.name} (${other.email[0]}***@e***.com)`);
  await expect(page.getByRole("button", { name: "Inloggen en verder" })).toHaveCount(0);
  expect(await statusOf(member.id)).toBe("confirmed");
  expect(await e2eDb().session.count({ where: { userId: member.id } })).toBe(0);

  // Still the other member, as the site sees the browser.
  const user = (await (await page.request.get("/api/user.php")).json()) as {
    user: { profile: { name: string } };
  };
  expect(user.user.profile.name).toBe(profile!.name);

  // The page's logout button ends that session.
  await page.goto(member.link);
  await whenInteractive(page, testInfo);
  await notice.getByRole("button", { name: "Uitloggen" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-menu")).toHaveCount(0);
  expect(await e2eDb().session.count({ where: { userId: member.id } })).toBe(0);
});
