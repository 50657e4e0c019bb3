import { act, fireEvent, render, screen } from "@testing-library/react";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatActionData } from "~/domain/chat/chat-types";
import { SEND_KEY_PATTERN } from "~/domain/chat/send-key";
import { testTranslator } from "../../../tests/setup/render";
import { answerOrNoAnswer, retryDelay, SEND_RETRIES } from "~/ui/send-retries";
import { SendForm } from "./send-form";

const PAGE_KEY = `${"a".repeat(32)}-text`;

/** The form on a conversation page whose action answers each post once `release` is called. */
function renderForm(answer: ChatActionData) {
  let release: () => void = () => {};
  let answered = new Promise<void>((resolve) => (release = resolve));
  const posted: Record<string, FormDataEntryValue>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/chats/:id",
      Component: () => (
        <SendForm
          action="/chats/5"
          maxLength={1000}
          price={10}
          messagesPaidFor={3}
          refused={null}
          sendKey={PAGE_KEY}
        />
      ),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        await answered;
        answered = new Promise<void>((resolve) => (release = resolve));
        return answer;
      },
    },
  ]);
  render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/chats/5"]} />
    </TranslatorProvider>,
  );
  const textarea = () => screen.getByRole("textbox");
  const submit = () => fireEvent.submit(screen.getByTestId("send-form"));
  return { release: () => release(), posted, textarea, submit };
}

describe("SendForm", () => {
  it("posts a text once while it is being sent, with the page's key, and a new key for the next text", async () => {
    const { release, posted, textarea, submit } = renderForm({
      intent: "send",
      ok: true,
      conversationId: 5,
    });
    fireEvent.change(textarea(), { target: { value: "Hoi!" } });
    submit();
    await screen.findByText("Bezig met versturen…");
    // Enter pressed again before the answer: nothing more is posted.
    submit();
    await act(async () => release());
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ intent: "send", body: "Hoi!", sendKey: PAGE_KEY });
    expect(textarea()).toHaveValue("");

    fireEvent.change(textarea(), { target: { value: "Nog een" } });
    submit();
    await act(async () => release());
    expect(posted).toHaveLength(2);
    const next = String(posted[1]!.sendKey);
    expect(next).toMatch(SEND_KEY_PATTERN);
    expect(next).not.toBe(PAGE_KEY);
  });

  it("keeps the text and its key after a refusal, so a retry cannot send it twice", async () => {
    const { release, posted, textarea, submit } = renderForm({
      intent: "send",
      ok: false,
      error: "rateLimited",
      text: "Hoi!",
    });
    fireEvent.change(textarea(), { target: { value: "Hoi!" } });
    submit();
    await act(async () => release());
    expect(textarea()).toHaveValue("Hoi!");
    submit();
    await act(async () => release());
    expect(posted.map((form) => form.sendKey)).toEqual([PAGE_KEY, PAGE_KEY]);
  });

  it("says how many messages the credits pay for, and offers credits when they pay for none", () => {
    const shown = (messagesPaidFor: number) => {
      const { unmount } = renderCount(messagesPaidFor);
      const line = screen.getByTestId("chat-messages-left");
      const text = line.textContent;
      const buy = line.querySelector("a")?.getAttribute("href") ?? null;
      unmount();
      return { text, buy };
    };
    expect(shown(3)).toEqual({ text: "Je tegoed is genoeg voor 3 berichten", buy: null });
    expect(shown(1)).toEqual({ text: "Je tegoed is genoeg voor 1 bericht", buy: null });
    expect(shown(0)).toEqual({
      text: "Je tegoed is niet genoeg voor een berichtKoop credits",
      buy: "/credits",
    });
  });
});

/** The form alone on a page (its action is never posted to). */
function renderCount(messagesPaidFor: number) {
  const Stub = createRoutesStub([
    {
      path: "/chats/:id",
      Component: () => (
        <SendForm
          action="/chats/5"
          maxLength={1000}
          price={10}
          messagesPaidFor={messagesPaidFor}
          refused={null}
          sendKey={PAGE_KEY}
        />
      ),
    },
  ]);
  return render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/chats/5"]} />
    </TranslatorProvider>,
  );
}

describe("SendForm on a connection that gives no answer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The form whose posts get no answer while `connected()` is false, then are stored. */
  function renderOffline(connected: () => boolean) {
    vi.useFakeTimers();
    const posted: Record<string, FormDataEntryValue>[] = [];
    const Stub = createRoutesStub([
      {
        path: "/chats/:id",
        Component: () => (
          <SendForm
            action="/chats/5"
            maxLength={1000}
            price={10}
            messagesPaidFor={3}
            refused={null}
            sendKey={PAGE_KEY}
          />
        ),
        action: ({ request }) =>
          answerOrNoAnswer({
            request,
            serverAction: async () => {
              posted.push(Object.fromEntries(await request.formData()));
              if (!connected()) throw new TypeError("Failed to fetch");
              return { intent: "send" as const, ok: true as const, conversationId: 5 };
            },
          }),
      },
    ]);
    render(
      <TranslatorProvider value={testTranslator()}>
        <Stub initialEntries={["/chats/5"]} />
      </TranslatorProvider>,
    );
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "Hoi!" } });
    fireEvent.submit(screen.getByTestId("send-form"));
    return { posted, wait, textarea: () => screen.getByRole("textbox") };
  }

  it("shows it is sending while it retries, and empties the box only once the text is stored", async () => {
    let connected = false;
    const { posted, wait, textarea } = renderOffline(() => connected);
    await wait(0);
    await wait(retryDelay(1));
    expect(posted).toHaveLength(2);
    expect(screen.getByTestId("send-button")).toHaveTextContent("Bezig met versturen…");
    expect(textarea()).toHaveValue("Hoi!");
    expect(textarea()).toHaveAttribute("readonly");
    connected = true;
    await wait(retryDelay(2));
    expect(posted).toHaveLength(3);
    expect(textarea()).toHaveValue("");
    expect(screen.getByTestId("send-button")).toHaveTextContent("Versturen");
    expect(posted.map((form) => form.sendKey)).toEqual([PAGE_KEY, PAGE_KEY, PAGE_KEY]);
    expect(screen.queryByTestId("not-sent")).not.toBeInTheDocument();
  });

  it("says it was not sent after the last retry, keeps the text, and sends it again with its key", async () => {
    let connected = false;
    const { posted, wait, textarea } = renderOffline(() => connected);
    await wait(0);
    for (let retry = 1; retry <= SEND_RETRIES; retry++) await wait(retryDelay(retry));
    expect(posted).toHaveLength(1 + SEND_RETRIES);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Niet verstuurd: geen verbinding. Probeer het opnieuw.",
    );
    expect(textarea()).toHaveValue("Hoi!");
    expect(textarea()).not.toHaveAttribute("readonly");
    connected = true;
    fireEvent.click(screen.getByRole("button", { name: "Opnieuw proberen" }));
    await wait(0);
    expect(posted).toHaveLength(2 + SEND_RETRIES);
    expect(new Set(posted.map((form) => form.sendKey))).toEqual(new Set([PAGE_KEY]));
    expect(textarea()).toHaveValue("");
    expect(screen.queryByTestId("not-sent")).not.toBeInTheDocument();
  });
});
