import { render, waitFor } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { testRootData } from "../../../tests/fixtures/root-data";
import { testTranslator } from "../../../tests/setup/render";
import { TranslatorProvider } from "../use-translation";
import { ChatLayout } from "./chat-layout";

type RootUser = NonNullable<ReturnType<typeof testRootData>["user"]>;

/** A member on the chat pages with these counts, as the root loader gives them. */
function renderChats(counts: { unreadMessages: number; newLikes: number }) {
  const user = {
    name: "Anna",
    credits: 40,
    paidUser: false,
    staffRole: null,
    status: "confirmed",
    profileStatus: "active",
    notificationsDisabled: [],
    mailsOffAlert: null,
    pushAlert: false,
    photoAlert: false,
    mainPhotoId: null,
    counts,
    newestLike: null,
    timeBonusEndsAt: null,
    timeBonusSecondsLeft: 0,
    timeBonusDismissed: false,
  } as unknown as RootUser;
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => testRootData({ user }),
      HydrateFallback: () => null,
      Component: () => <Outlet />,
      children: [
        {
          path: "chats",
          Component: () => (
            <ChatLayout list={<p>gesprekken</p>} listFillsPhone>
              <p>berichten</p>
            </ChatLayout>
          ),
        },
      ],
    },
  ]);
  return render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/chats"]} />
    </TranslatorProvider>,
  );
}

describe("chat layout tab title", () => {
  it("puts the unread messages plus new likes before the title, as every page does", async () => {
    document.title = "Chats | Hartklop";
    renderChats({ unreadMessages: 2, newLikes: 1 });
    await waitFor(() => expect(document.title).toBe("(3) Chats | Hartklop"));
  });

  it("shows the title without a count when nothing is new", async () => {
    document.title = "(5) Chats | Hartklop";
    const { findByText } = renderChats({ unreadMessages: 0, newLikes: 0 });
    await findByText("berichten");
    // The live counts mount after the page (mountLater).
    await waitFor(() => expect(document.title).toBe("Chats | Hartklop"));
  });
});
