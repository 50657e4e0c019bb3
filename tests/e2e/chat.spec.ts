import type { Page } from "@playwright/test";
import sharp from "sharp";
import { createMember, e2eDb } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test, whenInteractive } from "./fixtures";

/** A member with this many credits (arranged directly, as a correction would). */
async function memberWithCredits(credits: number) {
  const member = await createMember();
  await e2eDb().user.update({ where: { id: member.id }, data: { credits }, select: { id: true } });
  const profile = await e2eDb().profile.findUniqueOrThrow({
    where: { userId: member.id },
    select: { id: true, name: true },
  });
  return { ...member, profileId: profile.id, name: profile.name };
}

async function write(page: Page, text: string, javaScript: boolean) {
  // With JavaScript, type once the form is interactive (its character counter shows then).
  if (javaScript) await expect(page.getByTestId("chat-counter")).toBeVisible();
  // An empty conversation offers icebreakers in a modal (with JavaScript); this test types its own text.
  const icebreakers = page.getByRole("dialog");
  if (await icebreakers.isVisible()) await page.keyboard.press("Escape");
  await expect(icebreakers).toBeHidden();
  await page.getByRole("textbox", { name: "Bericht" }).fill(text);
  await page.getByTestId("send-button").click();
}

/** `from` logs in and writes the first message to `to`; the page ends on the new conversation. */
async function startConversation(
  page: Page,
  from: { email: string; password: string },
  to: { profileId: number },
  text: string,
  javaScript: boolean,
) {
  await login(page, from.email, from.password);
  await page.goto(`/members/${to.profileId}/chat`);
  await write(page, text, javaScript);
  await expect(page).toHaveURL(/\/chats\/\d+$/);
}

/** An approved private photo (no file needed: private photos are not shown as the main photo). */
async function approvedPrivatePhoto(profileId: number) {
  const key = `e2e-${profileId}-${Date.now()}`;
  await e2eDb().photo.create({
    data: {
      profileId,
      filename: `${key}.webp`,
      thumbFilename: `${key}-thumb.webp`,
      width: 600,
      height: 800,
      status: "active",
      visibility: "private",
    },
    select: { id: true },
  });
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

test("a member writes a first message and sees it in the conversation and the list", async ({
  page,
}, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  // An approved photo makes Anna a known member, who may put a link in a first message
  // (docs/product.md, Trust and first contact).
  await approvedPrivatePhoto(anna.profileId);
  await login(page, anna.email, anna.password);
  await page.goto(`/members/${bram.profileId}`);
  await page.getByTestId("chat-button").click();
  await expect(page).toHaveURL(new RegExp(`/members/${bram.profileId}/chat$`));
  await expect(page.getByTestId("chat-partner")).toHaveText(bram.name);
  await expect(page.getByTestId("chat-price")).toHaveText("Een bericht kost 10 credits");
  await write(page, "Hoi <b>Bram</b>, kijk op https://example.com", jsEnabled(testInfo));
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const message = page.getByTestId("message-own").last();
  await expect(message.getByTestId("message-text")).toHaveText(
    "Hoi <b>Bram</b>, kijk op https://example.com",
  );
  await expect(message.locator("a, b")).toHaveCount(0);
  // Without JavaScript the server cannot know the window is wide: the list is one link away.
  if (!jsEnabled(testInfo)) await page.getByRole("link", { name: "Alle gesprekken" }).click();
  const item = page.getByTestId("chat-list").getByTestId("chat-list-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("chat-preview")).toContainText("Hoi <b>Bram</b>");
});

test("a new member's first message with a phone number is refused with the reason, and the text stays", async ({
  page,
}, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await login(page, anna.email, anna.password);
  await page.goto(`/members/${bram.profileId}/chat`);
  const text = "Hoi Bram, app me op 06 12 34 56 78";
  await write(page, text, jsEnabled(testInfo));
  await expect(page.getByTestId("send-refused")).toContainText(
    "Je eerste berichten mogen geen link, e-mailadres of telefoonnummer bevatten zolang dit lid nog niet heeft geantwoord.",
  );
  await expect(page.getByRole("textbox", { name: "Bericht" })).toHaveValue(text);
  expect(await e2eDb().message.count({ where: { senderId: anna.id } })).toBe(0);
  expect(await e2eDb().user.findUniqueOrThrow({ where: { id: anna.id }, select: { credits: true } })).toEqual(
    {
      credits: 100,
    },
  );
});

test("an unconfirmed member starts no conversation: the notice offers the activation mail again", async ({
  page,
}) => {
  const sanne = await createMember({ status: "not_confirmed" });
  await e2eDb().user.update({ where: { id: sanne.id }, data: { credits: 100 }, select: { id: true } });
  const bram = await memberWithCredits(0);
  await login(page, sanne.email, sanne.password);
  await page.goto(`/members/${bram.profileId}/chat`);
  const notice = page.getByTestId("chat-confirm-first");
  await expect(notice).toContainText(
    "Bevestig eerst je e-mailadres via de link in de activatiemail. Daarna kun je een gesprek beginnen.",
  );
  await expect(page.getByTestId("send-form")).toHaveCount(0);
  await notice.getByRole("button", { name: "Stuur de e-mail opnieuw" }).click();
  await expect(page).toHaveURL(/\/complete-signup\?done=resent$/);
  await expect(page.getByRole("status").filter({ hasText: sanne.email })).toBeVisible();
  const mails = await e2eDb().mail.count({ where: { userId: sanne.id, template: "activation" } });
  expect(mails).toBe(1);
  expect(await e2eDb().conversation.count({ where: { startedById: sanne.id } })).toBe(0);
});

test("without enough credits the message stays in the form", async ({ page }, testInfo) => {
  const [poor, bram] = [await memberWithCredits(0), await memberWithCredits(0)];
  await login(page, poor.email, poor.password);
  await page.goto(`/members/${bram.profileId}/chat`);
  await write(page, "Dit wil ik echt kwijt", jsEnabled(testInfo));
  if (jsEnabled(testInfo)) {
    const dialog = page.getByTestId("credits-dialog");
    await expect(dialog.getByRole("heading", { name: "Je hebt onvoldoende credits" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Koop credits" })).toBeVisible();
    await dialog.getByRole("button", { name: "Sluiten" }).first().click();
  } else {
    const notice = page.getByTestId("credits-notice");
    await expect(notice.getByRole("heading", { name: "Je hebt onvoldoende credits" })).toBeVisible();
    await expect(notice.getByRole("link", { name: "Koop credits" })).toBeVisible();
  }
  await expect(page.getByRole("textbox", { name: "Bericht" })).toHaveValue("Dit wil ik echt kwijt");
});

test("messages arrive without a reload and replies show up", async ({ page, browser, baseURL }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "live updates need JavaScript");
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(100)];
  await startConversation(page, anna, bram, "Eerste bericht", jsEnabled(testInfo));
  await expect(page.getByTestId("message-own")).toHaveCount(1);
  const conversationUrl = page.url();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await write(page, "Tweede bericht", jsEnabled(testInfo));
  await expect(page.getByTestId("message-own")).toHaveCount(2);
  await expect(page.getByRole("textbox", { name: "Bericht" })).toHaveValue("");
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  const other = await browser.newContext({ baseURL, javaScriptEnabled: true });
  await acceptEntryWarning(other, baseURL!);
  const bramPage = await other.newPage();
  await login(bramPage, bram.email, bram.password);
  await bramPage.goto(conversationUrl);
  await expect(bramPage.getByTestId("message-other")).toHaveCount(2);
  await write(bramPage, "Antwoord van Bram", true);
  await expect(bramPage.getByTestId("message-own")).toHaveCount(1);
  // A gift arrives live with its picture and name.
  await page.getByTestId("gift-picker").getByRole("link").click();
  await page.getByTestId("gift-kiss").click();
  await expect(
    bramPage.getByTestId("message-other").getByTestId("message-gift").getByRole("img", { name: "Kus" }),
  ).toBeVisible({ timeout: 15_000 });

  // Coming back to the window refreshes at once (otherwise the 60 s poll or the live stream would).
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByTestId("message-other")).toHaveText(/Antwoord van Bram/, { timeout: 15_000 });
  await expect(page.getByTestId("message-own").last().getByTestId("message-seen")).toBeVisible();
  await other.close();
});

test("on a phone /chats is the list (rendered once), and an open conversation hides it", async ({
  page,
}, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await page.setViewportSize({ width: 360, height: 740 });
  await startConversation(page, anna, bram, "Hallo vanaf de telefoon", jsEnabled(testInfo));
  // Not even sent: a phone gets neither the list's HTML nor its data beside a conversation.
  await expect(page.getByTestId("chat-list")).toHaveCount(0);
  await expect(page.getByTestId("conversation")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("conversation")).toBeVisible();
  await expect(page.getByTestId("chat-list")).toHaveCount(0);
  await page.goto("/chats");
  await expect(page.getByTestId("chat-list-item")).toHaveCount(1);
  await expect(page.getByTestId("chat-list-item")).toBeVisible();
  await expect(page.getByTestId("chat-list")).toHaveJSProperty("offsetWidth", 360);
  await page.getByTestId("chat-list-item").getByRole("link").click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByTestId("chat-list")).toHaveCount(0);
});

test("in a wide window the list shows beside a conversation; without JavaScript a link leads to it", async ({
  page,
}, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await startConversation(page, anna, bram, "Hallo vanaf de computer", jsEnabled(testInfo));
  const back = page.getByRole("link", { name: "Alle gesprekken" });
  if (jsEnabled(testInfo)) {
    // The page's script loads the list beside it; the page itself comes without it.
    await expect(page.getByTestId("chat-list").getByTestId("chat-list-item")).toHaveCount(1);
    await expect(back).toBeHidden();
    const html = await (await page.request.get(page.url())).text();
    expect(html).not.toContain('data-testid="chat-list-item"');
    // Opening another conversation keeps it, its open one marked.
    await page.getByTestId("chat-list-item").getByRole("link").click();
    await expect(page.getByTestId("chat-list-item").getByRole("link")).toHaveAttribute(
      "aria-current",
      "page",
    );
    return;
  }
  await expect(page.getByTestId("chat-list")).toHaveCount(0);
  await back.click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByTestId("chat-list").getByTestId("chat-list-item")).toHaveCount(1);
});

test("older messages show above the newest ones: in place with JavaScript, as a page of their own without", async ({
  page,
}, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await startConversation(page, anna, bram, "Bericht 1", jsEnabled(testInfo));
  const conversationId = Number(new URL(page.url()).pathname.split("/").pop());
  // Arranged directly: 59 more, so the conversation has more than two pages of 25.
  const start = Date.now();
  await e2eDb().message.createMany({
    data: Array.from({ length: 59 }, (_, i) => ({
      conversationId,
      senderId: i % 2 === 0 ? bram.id : anna.id,
      kind: "text" as const,
      body: `Bericht ${i + 2}`,
      credits: 0,
      createdAt: new Date(start + (i + 1) * 1000),
    })),
  });
  await page.reload();
  await whenInteractive(page, testInfo);
  const texts = page.getByTestId("messages").getByTestId("message-text");
  await expect(texts).toHaveCount(25);
  await expect(texts.first()).toHaveText("Bericht 36");
  await expect(texts.last()).toHaveText("Bericht 60");
  await page.getByTestId("older-messages").click();
  if (jsEnabled(testInfo)) {
    await expect(texts).toHaveCount(50);
    await expect(texts.first()).toHaveText("Bericht 11");
    await expect(texts.last()).toHaveText("Bericht 60");
    await expect(page).toHaveURL(new RegExp(`/chats/${conversationId}$`));
    // What was on screen stays there: the first message of the newest page has not moved down.
    const messages = page.getByTestId("messages");
    await expect(messages.getByText("Bericht 36", { exact: true })).toBeInViewport();
    await expect(messages.getByText("Bericht 11", { exact: true })).not.toBeInViewport();
    await page.getByTestId("older-messages").click();
    await expect(texts).toHaveCount(60);
    await expect(texts.first()).toHaveText("Bericht 1");
  } else {
    await expect(page).toHaveURL(/\?before=\d+$/);
    await expect(texts).toHaveCount(25);
    await expect(texts.first()).toHaveText("Bericht 11");
    await expect(texts.last()).toHaveText("Bericht 35");
    await page.getByTestId("older-messages").click();
    await expect(texts).toHaveCount(10);
    await expect(texts.first()).toHaveText("Bericht 1");
  }
  await expect(page.getByTestId("older-messages")).toHaveCount(0);
});

test("deleting a chat asks first and removes it from the list", async ({ page }, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await startConversation(page, anna, bram, "Even testen", jsEnabled(testInfo));
  await page.getByTestId("conversation").getByTestId("delete-chat").click();
  const confirm = page.getByTestId("delete-chat-modal").or(page.getByTestId("delete-chat-confirmation"));
  await confirm.getByRole("button", { name: "Verwijderen" }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByTestId("chat-list").getByTestId("chat-list-item")).toHaveCount(0);
});

test("deleting a chat from the list of chats asks first and removes only that one", async ({
  page,
}, testInfo) => {
  const [anna, bram, carla] = [
    await memberWithCredits(100),
    await memberWithCredits(0),
    await memberWithCredits(0),
  ];
  await startConversation(page, anna, bram, "Hoi Bram", jsEnabled(testInfo));
  await page.goto(`/members/${carla.profileId}/chat`);
  await write(page, "Hoi Carla", jsEnabled(testInfo));
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await page.goto("/chats");
  await whenInteractive(page, testInfo);
  const items = page.getByTestId("chat-list").getByTestId("chat-list-item");
  await expect(items).toHaveCount(2);
  await items.filter({ hasText: bram.name }).getByTestId("delete-chat").click();
  const confirm = page.getByTestId("delete-chat-modal").or(page.getByTestId("delete-chat-confirmation"));
  await expect(confirm).toContainText(bram.name);
  await confirm.getByRole("button", { name: "Verwijderen" }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(carla.name);
  await page.reload();
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(carla.name);
});

test("reporting a received message: its page, a reason and a note, back to the conversation", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await startConversation(page, anna, bram, "Stuur me je telefoonnummer, nu!", jsEnabled(testInfo));
  const conversationPath = new URL(page.url()).pathname;
  // The sender cannot report their own message.
  await expect(page.getByTestId("message-own").getByTestId("report-message")).toHaveCount(0);

  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled(testInfo) });
  await acceptEntryWarning(context, baseURL!);
  const bramPage = await context.newPage();
  await login(bramPage, bram.email, bram.password);
  await bramPage.goto(conversationPath);
  // A click before hydration starts a document navigation that the router's start can cancel.
  await whenInteractive(bramPage, testInfo);
  await bramPage.getByTestId("message-other").getByTestId("report-message").click();
  await expect(bramPage).toHaveURL(/\/report\?message=\d+$/);
  const form = bramPage.getByTestId("report-message-form");
  await expect(form.getByRole("heading", { name: "Dit bericht melden" })).toBeVisible();
  await expect(form.locator("blockquote")).toHaveText("Stuur me je telefoonnummer, nu!");
  await form.getByLabel("Reden").selectOption("spam");
  await form.getByLabel("Toelichting (niet verplicht)").fill("Vraagt meteen om mijn nummer.");
  await form.getByRole("button", { name: "Bericht melden" }).click();
  await expect(bramPage).toHaveURL(`${conversationPath}?reported=1`);
  await expect(bramPage.getByTestId("message-reported")).toHaveText(
    "Bedankt voor je melding. We bekijken het gesprek zo snel mogelijk.",
  );
  const complaint = await e2eDb().complaint.findFirstOrThrow({
    where: { email: bram.email },
    select: { category: true, description: true },
  });
  expect(complaint.category).toBe("spam");
  expect(complaint.description).toContain("Vraagt meteen om mijn nummer.");
  await context.close();
});

test("a photo uploaded from the picker arrives as a photo message, paid once", async ({ page }, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await startConversation(page, anna, bram, "Kijk eens", jsEnabled(testInfo));
  await whenInteractive(page, testInfo);
  const photo = await sharp({ create: { width: 60, height: 80, channels: 3, background: "#c03" } })
    .jpeg()
    .toBuffer();
  await page.getByTestId("photo-picker").getByRole("link").click();
  const upload = page.getByTestId("chat-photo-upload");
  await upload.locator('input[type="file"]').setInputFiles({
    name: "foto.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  await upload.getByRole("button", { name: "Foto versturen" }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByTestId("message-own").getByRole("img", { name: "Foto" })).toHaveCount(1);
  const sent = await e2eDb().message.findMany({
    where: { senderId: anna.id, kind: "photo" },
    select: { credits: true },
  });
  expect(sent).toEqual([{ credits: 15 }]);
  const { credits } = await e2eDb().user.findUniqueOrThrow({
    where: { id: anna.id },
    select: { credits: true },
  });
  expect(credits).toBe(100 - 10 - 15);
});

test("a gift from the picker arrives as a message, and an own message can be deleted", async ({
  page,
}, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await startConversation(page, anna, bram, "Dit haal ik straks weer weg", jsEnabled(testInfo));
  await expect(page.getByTestId("message-own")).toHaveCount(1);

  // The picker's contents come with the page that opens it; with JavaScript, in place, focus on it.
  await page.getByTestId("gift-picker").getByRole("link").click();
  await expect(page).toHaveURL(/\/chats\/\d+\?gifts=1#gift-picker$/);
  if (jsEnabled(testInfo)) await expect(page.getByTestId("gift-picker").locator("summary")).toBeFocused();
  await page.getByTestId("gift-rose").click();
  await expect(page.getByTestId("message-own").getByTestId("message-gift")).toHaveCount(1);
  // The chosen gift, not a generic one: its picture named by its alt text, and its name.
  const bubble = page.getByTestId("message-own").getByTestId("message-gift");
  await expect(bubble.getByRole("img", { name: "Roos" })).toHaveAttribute("src", "/gifts/rose.svg");
  await expect(bubble.getByTestId("message-gift-name")).toHaveText("Roos");
  const credits = await e2eDb().user.findUniqueOrThrow({ where: { id: anna.id }, select: { credits: true } });
  // 100 credits, 10 for the text message and 20 for the rose.
  expect(credits.credits).toBe(70);
  const gift = await e2eDb().message.findFirstOrThrow({
    where: { senderId: anna.id, kind: "gift" },
    select: { gift: { select: { code: true } } },
  });
  expect(gift.gift?.code).toBe("rose");

  const text = page.getByTestId("message-own").filter({ hasText: "Dit haal ik straks weer weg" });
  await text.getByTestId("delete-message").click();
  const confirm = page
    .getByTestId("delete-message-modal")
    .or(page.getByTestId("delete-message-confirmation"));
  await confirm.getByRole("button", { name: "Verwijderen" }).click();
  await expect(text).toHaveCount(0);
  await expect(page.getByTestId("message-own").getByTestId("message-gift")).toHaveCount(1);
});

test("the profile's gift button opens the chat with the gift picker, and a gift starts the conversation", async ({
  page,
}) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await login(page, anna.email, anna.password, `/members/${bram.profileId}`);
  await page.getByTestId("profile-actions").getByTestId("gift-button").click();
  await expect(page).toHaveURL(new RegExp(`/members/${bram.profileId}/chat\\?gifts=1$`));
  // The picker is open at once, also without JavaScript.
  await page.getByTestId("gift-rose").click();
  await expect(page).toHaveURL(/\/chats\/\d+/);
  await expect(page.getByTestId("message-own").getByTestId("message-gift")).toHaveCount(1);
  const { credits } = await e2eDb().user.findUniqueOrThrow({
    where: { id: anna.id },
    select: { credits: true },
  });
  expect(credits).toBe(80);
});

test("a refused gift says why: a free member's third conversation is premium-only, and nothing is charged", async ({
  page,
}, testInfo) => {
  const [free, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  // Two conversations started before (free members start at most 2).
  const long = new Date(Date.now() - 7 * 86_400_000);
  await e2eDb().conversationStart.createMany({
    data: [
      { userId: free.id, createdAt: long },
      { userId: free.id, createdAt: long },
    ],
  });
  await login(page, free.email, free.password);
  await page.goto(`/members/${bram.profileId}/chat?gifts=1`);
  // A click while the page hydrates may go either way; this test is about the fetcher's path.
  await whenInteractive(page, testInfo);
  await page.getByTestId("gift-rose").click();
  await expect(page).toHaveURL(new RegExp(`/members/${bram.profileId}/chat\\?refused=premiumOnly$`));
  const refused = page.getByTestId("send-refused");
  await expect(refused).toContainText("Deze functie is alleen beschikbaar voor premium leden.");
  await expect(refused.getByRole("link", { name: "Koop credits" })).toHaveAttribute("href", "/credits");
  const { credits } = await e2eDb().user.findUniqueOrThrow({
    where: { id: free.id },
    select: { credits: true },
  });
  expect(credits).toBe(100);
  expect(await e2eDb().message.count({ where: { senderId: free.id } })).toBe(0);
});

test("with a conversation, the profile's gift button opens it with the gift picker open", async ({
  page,
}, testInfo) => {
  const [anna, bram] = [await memberWithCredits(100), await memberWithCredits(0)];
  await startConversation(page, anna, bram, "Hoi Bram", jsEnabled(testInfo));
  const conversationUrl = page.url();
  await page.goto(`/members/${bram.profileId}`);
  await page.getByTestId("profile-actions").getByTestId("gift-button").click();
  await expect(page).toHaveURL(`${conversationUrl}?gifts=1`);
  await expect(page.getByTestId("gift-rose")).toBeVisible();
});
