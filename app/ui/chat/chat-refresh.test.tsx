import { act, render, screen } from "@testing-library/react";
import { createRoutesStub, Link, redirect, useFetcher, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { FakeEventSource, stubEventSource } from "../../../tests/setup/fake-event-source";
import { ChatRefresh } from "./chat-refresh";

/** A loader whose answers wait until the test releases them; it keeps each request it was asked. */
function heldLoader() {
  const requests: Request[] = [];
  let release = () => {};
  let held = Promise.resolve();
  return {
    requests,
    hold: () => (held = new Promise<void>((resolve) => (release = resolve))),
    release: () => release(),
    loader: async ({ request }: { request: Request }) => {
      requests.push(request);
      await held;
      return { load: requests.length };
    },
  };
}

function ListBeside() {
  const fetcher = useFetcher<{ load: number }>();
  return (
    <button type="button" onClick={() => void fetcher.load("/chats/list")}>
      list {fetcher.state} {fetcher.data?.load ?? "-"}
    </button>
  );
}

/** A gift that the server refuses: its action answers with a redirect to the refusal. */
function GiftBeside() {
  const fetcher = useFetcher();
  return (
    <button
      type="button"
      onClick={() => void fetcher.submit({ giftId: "1" }, { method: "post", action: "/chats/gift" })}
    >
      gift {fetcher.state}
    </button>
  );
}

/** A conversation page (/chats/5, and /chats/6 to navigate to) with the chat layout's refresh. */
function renderChats() {
  const page = heldLoader();
  const list = heldLoader();
  const gift = heldLoader();
  const Stub = createRoutesStub([
    {
      path: "/chats/list",
      loader: list.loader,
    },
    {
      path: "/chats/gift",
      action: async (args: { request: Request }) => {
        await gift.loader(args);
        return redirect("/chats/5?refused=premiumOnly");
      },
    },
    {
      path: "/chats/:id",
      loader: page.loader,
      HydrateFallback: () => null,
      Component: function Conversation({ loaderData }: { loaderData?: { load: number } }) {
        return (
          <>
            <ChatRefresh />
            <p>page load {loaderData?.load}</p>
            <p>at {useLocation().search || "-"}</p>
            <ListBeside />
            <GiftBeside />
            <Link to="/chats/6">open 6</Link>
          </>
        );
      },
    },
  ]);
  render(<Stub initialEntries={["/chats/5"]} />);
  /** A live event of the tab's stream, with the totals every event carries. */
  const emit = (type: string) =>
    FakeEventSource.opened.at(-1)!.emit(type, "1", { totals: { num_unread_messages: 1, num_new_likes: 0 } });
  return { page, list, gift, emit };
}

describe("ChatRefresh", () => {
  stubEventSource();

  it("refreshes the page at once on a chat event when nothing loads, not on a like or new totals", async () => {
    const { page, emit } = renderChats();
    await screen.findByText("page load 1");
    act(() => emit("like"));
    act(() => emit("totals"));
    act(() => emit("message"));
    await screen.findByText("page load 2");
    expect(page.requests).toHaveLength(2);
  });

  it("does not wait for a fetcher's load (the list beside), which the refresh loads again", async () => {
    const { page, list, emit } = renderChats();
    await screen.findByText("page load 1");
    list.hold();
    act(() => screen.getByRole("button", { name: /^list/ }).click());
    await screen.findByText("list loading -");

    act(() => emit("message"));
    await vi.waitFor(() => expect(page.requests).toHaveLength(2));
    await vi.waitFor(() => expect(list.requests).toHaveLength(2));
    await act(async () => list.release());
    await screen.findByText("list idle 2");
  });

  it("waits while a fetcher submits, so that the action's redirect is followed, then refreshes", async () => {
    const { page, gift, emit } = renderChats();
    await screen.findByText("page load 1");
    gift.hold();
    act(() => screen.getByRole("button", { name: /^gift/ }).click());
    await vi.waitFor(() => expect(gift.requests).toHaveLength(1));

    act(() => emit("message"));
    expect(page.requests).toHaveLength(1);

    await act(async () => gift.release());
    await screen.findByText("at ?refused=premiumOnly");
    await screen.findByText("page load 3");
  });

  it("lets the page being opened load, then refreshes it", async () => {
    const { page, emit } = renderChats();
    await screen.findByText("page load 1");
    page.hold();
    act(() => screen.getByRole("link").click());
    await vi.waitFor(() => expect(page.requests).toHaveLength(2));

    act(() => emit("message"));
    expect(page.requests).toHaveLength(2);
    expect(page.requests[1]!.signal.aborted).toBe(false);

    await act(async () => page.release());
    await screen.findByText("page load 3");
    expect(page.requests.map((request) => new URL(request.url).pathname)).toEqual([
      "/chats/5",
      "/chats/6",
      "/chats/6",
    ]);
    expect(page.requests[1]!.signal.aborted).toBe(false);
  });
});
