import { render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { testRootData } from "../../tests/fixtures/root-data";
import { testTranslator } from "../../tests/setup/render";
import { ErrorBoundary as RootErrorBoundary } from "~/root";
import { TranslatorProvider } from "~/ui/use-translation";
import ChatLayoutRoute, { ErrorBoundary as ChatLayoutErrorBoundary } from "./_layout.chat";
import { ErrorBoundary as ConversationErrorBoundary } from "./chats.$id";

const rootData = testRootData();

/** The chat layout with its list, and a conversation whose loader throws. */
function renderConversation(conversationLoader: () => unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => rootData,
      Component: () => <Outlet />,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          id: "routes/_layout.chat",
          loader: () => ({ member: false, list: { items: [], total: 0, page: 1, pageCount: 1 } }),
          Component: ChatLayoutRoute as never,
          ErrorBoundary: ChatLayoutErrorBoundary as never,
          children: [
            {
              path: "chats/:id",
              loader: conversationLoader,
              Component: () => null,
              ErrorBoundary: ConversationErrorBoundary as never,
            },
          ],
        },
      ],
    },
  ]);
  return render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/chats/7"]} />
    </TranslatorProvider>,
  );
}

describe("a conversation that fails", () => {
  it("shows its error in the pane while the chat layout and its list stay", async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    renderConversation(() => {
      throw new Error("database on fire");
    });
    const pane = await screen.findByRole("main");
    expect(await within(pane).findByRole("heading", { name: "500" })).toBeInTheDocument();
    expect(
      within(pane).getByText("Er is een fout opgetreden, probeer het later opnieuw."),
    ).toBeInTheDocument();
    expect(screen.getByTestId("chat-list")).toBeInTheDocument();
    expect(
      screen.getByRole("navigation", { name: testTranslator().t("chat:list.title") }),
    ).toBeInTheDocument();
  });

  it("shows a conversation that is not there as a 404 in the pane, the list beside it", async () => {
    renderConversation(() => {
      throw new Response(null, { status: 404 });
    });
    expect(await screen.findByRole("heading", { name: "404" })).toBeInTheDocument();
    expect(screen.getByTestId("chat-list")).toBeInTheDocument();
  });
});
