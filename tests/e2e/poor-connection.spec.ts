// Sending on a poor connection (docs/product.md, Chat; decision 0068): a message whose request gets
// no answer is sent again with its send key, stored once, and its text stays in the box until then;
// after the last retry the member reads "not sent, try again". And how many messages a member's
// credits pay for, on /credits and at the send form, one fewer after each message.
import type { Page, Route } from "@playwright/test";
import { conversationStartedBy, e2eDb, memberWithCredits } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptEntryWarning(context, baseURL!);
});

/** `member`'s conversation with a partner who wrote first (no first-contact rules apply). */
async function conversationOf(member: { id: number }) {
  return (await conversationStartedBy(await memberWithCredits(0), member)).id;
}

const storedTexts = async (senderId: number) =>
  (await e2eDb().message.findMany({ where: { senderId }, select: { body: true } })).map((m) => m.body);

/** The send form's post (React Router's data request), not the page's reloads. */
const isSend = (route: Route) => route.request().method() === "POST";

/** The browser's record of an aborted request is what this test causes, not an error of the page. */
function dropAbortedRequestErrors(consoleErrors: string[]) {
  const kept = consoleErrors.filter((error) => !/net::ERR_INTERNET_DISCONNECTED/.test(error));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}

async function write(page: Page, text: string) {
  await expect(page.getByTestId("chat-counter")).toBeVisible();
  await page.getByRole("textbox", { name: "Bericht" }).fill(text);
  await page.getByTestId("send-button").click();
}

test("a message whose send got no answer is sent again, stored once, and leaves the box only once stored", async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the browser posts the form itself");
  const anna = await memberWithCredits(100);
  const conversationId = await conversationOf(anna);
  await login(page, anna.email, anna.password);
  await page.goto(`/chats/${conversationId}`);
  const box = page.getByRole("textbox", { name: "Bericht" });
  const text = "Hallo, ben je er nog?";
  const seenWhenStored: { stored: string[]; box: string }[] = [];
  let tries = 0;
  await page.route(`**/chats/${conversationId}.data*`, async (route) => {
    if (!isSend(route)) return route.continue();
    tries += 1;
    // The first try loses its connection; the second reaches the server.
    if (tries === 1) return route.abort("internetdisconnected");
    const response = await route.fetch();
    // The server answered: the message is stored, and the box still holds it until the answer arrives.
    seenWhenStored.push({ stored: await storedTexts(anna.id), box: await box.inputValue() });
    await route.fulfill({ response });
  });
  await write(page, text);
  await expect(box).toHaveValue("");
  expect(tries).toBe(2);
  expect(seenWhenStored).toEqual([{ stored: [text], box: text }]);
  await expect(page.getByTestId("message-own").last().getByTestId("message-text")).toHaveText(text);
  expect(await storedTexts(anna.id)).toEqual([text]);
  // Paid once.
  expect(await e2eDb().user.findUniqueOrThrow({ where: { id: anna.id }, select: { credits: true } })).toEqual(
    { credits: 90 },
  );
  await expect(page.getByTestId("not-sent")).toHaveCount(0);
  dropAbortedRequestErrors(consoleErrors);
});

test("when no try gets an answer the member reads 'not sent, try again', the text stays, and the retry sends it", async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the browser posts the form itself");
  const anna = await memberWithCredits(100);
  const conversationId = await conversationOf(anna);
  await login(page, anna.email, anna.password);
  await page.goto(`/chats/${conversationId}`);
  let tries = 0;
  let connected = false;
  await page.route(`**/chats/${conversationId}.data*`, async (route) => {
    if (!isSend(route) || connected) return route.continue();
    tries += 1;
    await route.abort("internetdisconnected");
  });
  const text = "Dit bericht komt er wel";
  const started = Date.now();
  await write(page, text);
  await expect(page.getByTestId("send-button")).toHaveText("Bezig met versturen…");
  // The first try and 5 retries, 0.3 s doubling: 9.3 s of waiting.
  await expect(page.getByTestId("not-sent")).toHaveText(
    "Niet verstuurd: geen verbinding. Probeer het opnieuw.Opnieuw proberen",
    { timeout: 20_000 },
  );
  expect(Date.now() - started).toBeGreaterThanOrEqual(9300);
  expect(tries).toBe(6);
  await expect(page.getByRole("textbox", { name: "Bericht" })).toHaveValue(text);
  expect(await storedTexts(anna.id)).toEqual([]);

  connected = true;
  await page.getByTestId("not-sent-retry").click();
  await expect(page.getByRole("textbox", { name: "Bericht" })).toHaveValue("");
  await expect(page.getByTestId("not-sent")).toHaveCount(0);
  expect(await storedTexts(anna.id)).toEqual([text]);
  dropAbortedRequestErrors(consoleErrors);
});

test("a member sees how many messages their credits pay for, one fewer after a message", async ({
  page,
}, testInfo) => {
  const anna = await memberWithCredits(35);
  const conversationId = await conversationOf(anna);
  await login(page, anna.email, anna.password);
  await page.goto("/credits");
  await expect(page.getByTestId("credit-balance")).toHaveText("Je hebt 35 credits.");
  await expect(page.getByTestId("credits-messages-left")).toHaveText("Daarmee kun je 3 berichten versturen.");
  await page.goto(`/chats/${conversationId}`);
  const left = page.getByTestId("conversation").getByTestId("chat-messages-left");
  await expect(left).toHaveText("Je tegoed is genoeg voor 3 berichten");
  if (jsEnabled(testInfo)) await expect(page.getByTestId("chat-counter")).toBeVisible();
  await page.getByRole("textbox", { name: "Bericht" }).fill("Zullen we eens bellen?");
  await page.getByTestId("send-button").click();
  await expect(page.getByTestId("message-own").last().getByTestId("message-text")).toHaveText(
    "Zullen we eens bellen?",
  );
  await expect(left).toHaveText("Je tegoed is genoeg voor 2 berichten");
  // The list of chats says it too.
  await page.goto("/chats");
  await expect(page.getByTestId("chat-list").getByTestId("chat-messages-left")).toHaveText(
    "Je tegoed is genoeg voor 2 berichten",
  );
});
