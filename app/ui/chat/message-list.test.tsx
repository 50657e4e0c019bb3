import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData, useRevalidator } from "react-router";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "~/domain/chat/chat-types";
import { TranslatorProvider } from "~/ui/use-translation";
import { testTranslator } from "../../../tests/setup/render";
import { MessageList } from "./message-list";

const PAGE = 25;

function message(id: number): ChatMessage {
  return {
    id,
    own: false,
    kind: "text",
    body: `Bericht ${id}`,
    chatPhotoId: null,
    giftId: null,
    gift: null,
    createdAt: new Date(Date.UTC(2026, 10, 29, 12, 0, id)).toISOString(),
    seen: false,
  };
}

/** A conversation page whose loader pages through `store` as the real one does (newest first, `?before=`). */
function renderConversation(store: ChatMessage[]) {
  function page(before: number | null) {
    const candidates = store.filter((m) => before === null || m.id < before);
    const shown = candidates.slice(-PAGE);
    const more = candidates.length > PAGE;
    return { messages: shown, olderBefore: more ? shown[0]!.id : null, historyHidden: false };
  }
  function Page() {
    const { view } = useLoaderData<{ view: ReturnType<typeof page> }>();
    const revalidator = useRevalidator();
    return (
      <>
        <button type="button" onClick={() => void revalidator.revalidate()}>
          revalidate
        </button>
        <MessageList
          messages={view.messages}
          olderBefore={view.olderBefore}
          paged={false}
          historyHidden={view.historyHidden}
          historyDays={30}
          emptyText="leeg"
          conversationId={5}
        />
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/chats/:id",
      Component: Page,
      loader: ({ request }) => {
        const before = new URL(request.url).searchParams.get("before");
        return { view: page(before === null ? null : Number(before)) };
      },
    },
  ]);
  render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/chats/5"]} />
    </TranslatorProvider>,
  );
}

const shownIds = () =>
  screen.getAllByTestId("message-text").map((text) => Number(text.textContent!.replace("Bericht ", "")));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("MessageList with JavaScript", () => {
  it("loads older messages above the newest page and keeps the two joined as the conversation goes on", async () => {
    const store = range(1, 60).map(message);
    renderConversation(store);
    await screen.findByText("Bericht 60");
    expect(shownIds()).toEqual(range(36, 60));
    fireEvent.click(screen.getByTestId("older-messages"));
    await screen.findByText("Bericht 11");
    expect(shownIds()).toEqual(range(11, 60));

    // Three new messages push three out of the newest page: they stay, between the two parts.
    store.push(...range(61, 63).map(message));
    await act(async () => fireEvent.click(screen.getByText("revalidate")));
    await screen.findByText("Bericht 63");
    expect(shownIds()).toEqual(range(11, 63));

    // A deleted message lets an older one back into the newest page: shown once.
    store.splice(
      store.findIndex((m) => m.id === 50),
      1,
    );
    await act(async () => fireEvent.click(screen.getByText("revalidate")));
    await expect.poll(() => shownIds().includes(50)).toBe(false);
    expect(shownIds()).toEqual(range(11, 63).filter((id) => id !== 50));

    fireEvent.click(screen.getByTestId("older-messages"));
    await screen.findByText("Bericht 1");
    expect(shownIds()).toEqual(range(1, 63).filter((id) => id !== 50));
    expect(screen.queryByTestId("older-messages")).toBeNull();
  });
});
