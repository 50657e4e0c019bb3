import { act, fireEvent, render, screen } from "@testing-library/react";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub, redirect, useLoaderData, useRevalidator } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testTranslator } from "../../../tests/setup/render";
import { answerOrNoAnswer, retryDelay, SEND_RETRIES } from "~/ui/send-retries";
import { GiftPicker } from "./gift-picker";

const PAGE_KEY = "b".repeat(32);
const gifts = [
  { id: 1, code: "rose", image: "/gifts/rose.svg" },
  { id: 2, code: "teddy", image: "/gifts/teddy.svg" },
];

afterEach(() => {
  vi.useRealTimers();
});

/** The open picker in conversation 5; /chats/gift gets no answer while `connected()` is false. */
function renderPicker(connected: () => boolean) {
  vi.useFakeTimers();
  const posted: Record<string, FormDataEntryValue>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/chats/:id",
      Component: () => <GiftPicker gifts={gifts} price={20} to={{ conversationId: 5 }} sendKey={PAGE_KEY} />,
    },
    { path: "/sent", Component: () => <p>sent</p> },
    {
      path: "/chats/gift",
      action: ({ request }) =>
        answerOrNoAnswer({
          request,
          serverAction: async () => {
            posted.push(Object.fromEntries(await request.formData()));
            if (!connected()) throw new TypeError("Failed to fetch");
            // The gift action always redirects: to the conversation, here a page that shows it happened.
            return redirect("/sent");
          },
        }),
    },
  ]);
  render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/chats/5?gifts=1"]} />
    </TranslatorProvider>,
  );
  fireEvent.click(screen.getByTestId("gift-teddy"));
  return { posted, wait: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)) };
}

/** A promise and the function that resolves it. */
function gate() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("GiftPicker", () => {
  it("posts the pressed gift with the page's gift key, again after no answer, and follows the answer", async () => {
    let connected = false;
    const { posted, wait } = renderPicker(() => connected);
    await wait(0);
    expect(screen.getByTestId("gift-sending")).toHaveTextContent("Bezig met versturen…");
    expect(screen.getByTestId("gift-rose")).toBeDisabled();
    connected = true;
    await wait(retryDelay(1));
    expect(posted).toHaveLength(2);
    expect(posted[0]).toMatchObject({ giftId: "2", conversationId: "5", sendKey: `${PAGE_KEY}-gift` });
    expect(posted[1]).toEqual(posted[0]);
    expect(screen.getByText("sent")).toBeInTheDocument();
  });

  it("says it was not sent after the last retry, and sends the same gift again from its button", async () => {
    let connected = false;
    const { posted, wait } = renderPicker(() => connected);
    await wait(0);
    for (let retry = 1; retry <= SEND_RETRIES; retry++) await wait(retryDelay(retry));
    expect(posted).toHaveLength(1 + SEND_RETRIES);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Niet verstuurd: geen verbinding. Probeer het opnieuw.",
    );
    expect(screen.getByTestId("gift-rose")).toBeEnabled();
    connected = true;
    fireEvent.click(screen.getByRole("button", { name: "Opnieuw proberen" }));
    await wait(0);
    expect(posted.at(-1)).toEqual(posted[0]);
    expect(screen.getByText("sent")).toBeInTheDocument();
  });

  it("follows the answer also when the page's key changed meanwhile (a refresh loaded the page again)", async () => {
    let loads = 0;
    const held = { loader: gate(), action: gate() };
    const Stub = createRoutesStub([
      {
        path: "/chats/:id",
        HydrateFallback: () => null,
        // Each load gives the page a new send key, as the chat pages do.
        loader: async () => {
          loads += 1;
          if (loads > 1) await held.loader.promise;
          return { sendKey: String(loads).repeat(32) };
        },
        Component: function Page() {
          const { sendKey } = useLoaderData<{ sendKey: string }>();
          const revalidator = useRevalidator();
          return (
            <>
              <button type="button" onClick={() => void revalidator.revalidate()}>
                refresh
              </button>
              <GiftPicker gifts={gifts} price={20} to={{ conversationId: 5 }} sendKey={sendKey} />
            </>
          );
        },
      },
      { path: "/sent", Component: () => <p>sent</p> },
      {
        path: "/chats/gift",
        action: async () => {
          await held.action.promise;
          return redirect("/sent");
        },
      },
    ]);
    render(
      <TranslatorProvider value={testTranslator()}>
        <Stub initialEntries={["/chats/5?gifts=1"]} />
      </TranslatorProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "refresh" }));
    fireEvent.click(screen.getByTestId("gift-teddy"));
    await screen.findByTestId("gift-sending");
    await act(async () => held.loader.resolve());
    await act(async () => held.action.resolve());
    expect(await screen.findByText("sent")).toBeInTheDocument();
  });
});
