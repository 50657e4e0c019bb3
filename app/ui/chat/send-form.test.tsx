import { act, fireEvent, render, screen } from "@testing-library/react";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ChatActionData } from "~/domain/chat/chat-types";
import { SEND_KEY_PATTERN } from "~/domain/chat/send-key";
import { testTranslator } from "../../../tests/setup/render";
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
        <SendForm action="/chats/5" maxLength={1000} price={10} refused={null} sendKey={PAGE_KEY} />
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
});
