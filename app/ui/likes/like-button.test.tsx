import { act, fireEvent, render, screen } from "@testing-library/react";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { LikeActionData } from "~/domain/likes/like-action";
import { testTranslator } from "../../../tests/setup/render";
import { MemberCard, MemberCardList } from "~/ui/member-card";
import { LikeButton } from "./like-button";

/** The button on a page whose like action answers `answer` once `release` is called; `onCard`: on a member card. */
function renderButton(answer: LikeActionData, liked = false, onCard = false) {
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  const posted: FormData[] = [];
  const sanne = { id: 7, name: "Sanne", age: 31, city: null, region: null, mainPhotoId: null, liked };
  const Stub = createRoutesStub([
    {
      path: "/members",
      Component: () =>
        onCard ? (
          <MemberCardList testId="cards" members={[sanne]}>
            <MemberCard member={sanne} />
          </MemberCardList>
        ) : (
          <LikeButton profileId={7} name="Sanne" liked={liked} />
        ),
    },
    {
      path: "/members/:id/like",
      action: async ({ request }) => {
        posted.push(await request.formData());
        await answered;
        return answer;
      },
    },
  ]);
  render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/members?page=2"]} />
    </TranslatorProvider>,
  );
  return { release, posted, button: () => screen.getByTestId("like-button") };
}

describe("LikeButton", () => {
  it("flips at once and stays liked when the server agrees", async () => {
    const { release, posted, button } = renderButton({ ok: true, liked: true, matched: false });
    expect(button()).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(button());
    await screen.findByText("Geliked");
    expect(button()).toHaveAttribute("aria-pressed", "true");
    await act(async () => release());
    expect(button()).toHaveAttribute("aria-pressed", "true");
    // The script asks for JSON: no redirectTo, just the intent.
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: "like" });
  });

  it("rolls back with the reason when the server refuses", async () => {
    const { release, button } = renderButton({ ok: false, error: "blocked" });
    fireEvent.click(button());
    await screen.findByText("Geliked");
    await act(async () => release());
    expect(await screen.findByRole("alert")).toHaveTextContent("Je kunt dit lid geen like geven.");
    expect(button()).toHaveAttribute("aria-pressed", "false");
  });

  it("says it is a match when the like was mutual", async () => {
    const { release, button } = renderButton({ ok: true, liked: true, matched: true });
    fireEvent.click(button());
    await act(async () => release());
    expect(await screen.findByRole("status")).toHaveTextContent("Het is een match!");
  });

  it("unlikes a liked member and keeps the page to return to in the plain form", () => {
    const { button } = renderButton({ ok: true, liked: false, matched: false }, true);
    expect(button()).toHaveAttribute("aria-pressed", "true");
    const form = button().closest("form")!;
    expect(form).toHaveAttribute("action", "/members/7/like");
    expect(form.querySelector<HTMLInputElement>('input[name="intent"]')!.value).toBe("unlike");
    expect(form.querySelector<HTMLInputElement>('input[name="redirectTo"]')!.value).toBe("/members?page=2");
  });

  it("on a member card posts through the list's one form, to the member's like route", () => {
    const { button } = renderButton({ ok: true, liked: false, matched: false }, true, true);
    const form = button().closest("form")!;
    expect(screen.getByTestId("cards").closest("form")).toBe(form);
    expect(form.querySelectorAll('input[name="redirectTo"]')).toHaveLength(1);
    expect(form.querySelector<HTMLInputElement>('input[name="redirectTo"]')!.value).toBe("/members?page=2");
    expect(button()).toHaveAttribute("formaction", "/members/7/like");
    expect(button()).toHaveAttribute("name", "intent");
    expect(button()).toHaveAttribute("value", "unlike");
  });

  it("on a member card flips at once and posts only the intent", async () => {
    const { release, posted, button } = renderButton({ ok: true, liked: true, matched: true }, false, true);
    expect(button()).toHaveAttribute("value", "like");
    fireEvent.click(button());
    await screen.findByText("Geliked");
    await act(async () => release());
    expect(await screen.findByRole("status")).toHaveTextContent("Het is een match!");
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: "like" });
  });
});
