import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ConversationListItem, MessagePreview } from "~/domain/chat/chat-types";
import { renderWithApp } from "../../../tests/setup/render";
import { ConversationListPanel } from "./conversation-list";

function item(conversationId: number, lastMessage: MessagePreview): ConversationListItem {
  return {
    conversationId,
    partner: {
      userId: conversationId,
      profileId: conversationId,
      name: `Lid${conversationId}`,
      mainPhotoId: null,
    },
    unreadCount: 0,
    lastMessageAt: "2026-12-01T12:00:00.000Z",
    lastMessage,
  };
}

function previews(items: ConversationListItem[], locale: "nl" | "en" = "nl") {
  renderWithApp(<ConversationListPanel list={{ items, total: items.length, page: 1, pageCount: 1 }} />, {
    locale,
    path: "/chats",
  });
  // A gift or a photo draws its icon (an SVG, never an emoji) before the text.
  return screen.getAllByTestId("chat-preview").map((preview) => {
    const icon = preview.querySelector("svg use")?.getAttribute("href")?.replace("#icon-", "");
    return icon ? `[${icon}] ${preview.textContent}` : preview.textContent;
  });
}

describe("the chat list's previews", () => {
  it("name the gift of a last gift message, in the member's language", () => {
    const items = [
      item(1, { kind: "gift", giftCode: "rose", own: false }),
      item(2, { kind: "gift", giftCode: "diamond", own: true }),
      item(3, { kind: "gift", giftCode: null, own: false }),
      item(4, { kind: "photo", own: false }),
    ];
    expect(previews(items)).toEqual([
      "[gift] Roos",
      "[gift] Jij: Diamant",
      "[gift] Cadeautje",
      "[camera] Foto",
    ]);
  });

  it("name it in English too, and fall back on the code of a gift without a translation", () => {
    const items = [
      item(1, { kind: "gift", giftCode: "rose", own: false }),
      item(2, { kind: "gift", giftCode: "unicorn", own: false }),
    ];
    expect(previews(items, "en")).toEqual(["[gift] Rose", "[gift] unicorn"]);
  });

  it("show a neutral placeholder for a text an erased member's account no longer has", () => {
    const items = [
      item(1, { kind: "text", body: "", own: false }),
      item(2, { kind: "text", body: "Hallo", own: false }),
    ];
    expect(previews(items)).toEqual(["Bericht verwijderd", "Hallo"]);
  });
});

describe("the chat list's line on credits", () => {
  const list = { items: [item(1, null)], total: 1, page: 1, pageCount: 1 };

  it("says how many messages the credits pay for, in the plural the language needs", () => {
    renderWithApp(<ConversationListPanel list={list} messagesPaidFor={4} />, {
      locale: "pl",
      path: "/chats",
    });
    expect(screen.getByTestId("chat-messages-left")).toHaveTextContent(
      "Twoje kredyty wystarczą na 4 wiadomości",
    );
  });

  it("offers credits when they pay for no message", () => {
    renderWithApp(<ConversationListPanel list={list} messagesPaidFor={0} />, { path: "/chats" });
    expect(screen.getByTestId("chat-messages-left")).toHaveTextContent(
      "Je tegoed is niet genoeg voor een bericht",
    );
    expect(screen.getByRole("link", { name: "Koop credits" })).toHaveAttribute("href", "/credits");
  });

  it("is left out beside a conversation, whose send form says it", () => {
    renderWithApp(<ConversationListPanel list={list} />, { path: "/chats/1" });
    expect(screen.queryByTestId("chat-messages-left")).not.toBeInTheDocument();
  });
});
