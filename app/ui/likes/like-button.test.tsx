import { act, fireEvent, render, screen } from "@testing-library/react";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LikeActionData } from "~/domain/likes/like-action";
import { testTranslator } from "../../../tests/setup/render";
import { MemberCard, MemberCardList } from "~/ui/member-card";
import { answerOrNoAnswer, retryDelay, SEND_RETRIES } from "~/ui/send-retries";
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
    // The script asks for JSON: no redirectTo, just the intent (and the mark of a retried send).
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: "like", retried: "1" });
  });

  it("rolls back with the reason when the server refuses", async () => {
    const { release, button } = renderButton({ ok: false, error: "blocked" });
    fireEvent.click(button());
    await screen.findByText("Geliked");
    await act(async () => release());
    expect(await screen.findByRole("alert")).toHaveTextContent("Je kunt dit lid geen like geven.");
    expect(button()).toHaveAttribute("aria-pressed", "false");
  });

  it("sends the last click's intent when clicked again while the first is on its way", async () => {
    const { release, posted, button } = renderButton({ ok: true, liked: false, matched: false });
    fireEvent.click(button());
    await screen.findByText("Geliked");
    fireEvent.click(button());
    await screen.findByText("Like");
    await act(async () => release());
    expect(posted.map((form) => form.get("intent")).at(-1)).toBe("unlike");
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

  it("on a member card flips at once and posts only the intent (and the mark of a retried send)", async () => {
    const { release, posted, button } = renderButton({ ok: true, liked: true, matched: true }, false, true);
    expect(button()).toHaveAttribute("value", "like");
    fireEvent.click(button());
    await screen.findByText("Geliked");
    await act(async () => release());
    expect(await screen.findByRole("status")).toHaveTextContent("Het is een match!");
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: "like", retried: "1" });
  });
});

describe("LikeButton on a connection that gives no answer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderOffline(connected: () => boolean) {
    vi.useFakeTimers();
    const posted: FormData[] = [];
    const Stub = createRoutesStub([
      { path: "/members", Component: () => <LikeButton profileId={7} name="Sanne" liked={false} /> },
      {
        path: "/members/:id/like",
        action: ({ request }) =>
          answerOrNoAnswer({
            request,
            serverAction: async () => {
              posted.push(await request.formData());
              if (!connected()) throw new TypeError("Failed to fetch");
              return { ok: true, liked: true, matched: false } satisfies LikeActionData;
            },
          }),
      },
    ]);
    render(
      <TranslatorProvider value={testTranslator()}>
        <Stub initialEntries={["/members"]} />
      </TranslatorProvider>,
    );
    fireEvent.click(screen.getByTestId("like-button"));
    return { posted, wait: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)) };
  }

  it("stays liked and says it is sending while it retries the like", async () => {
    let connected = false;
    const { posted, wait } = renderOffline(() => connected);
    await wait(0);
    expect(screen.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Bezig met versturen…");
    connected = true;
    await wait(retryDelay(1));
    expect(posted.map((form) => form.get("intent"))).toEqual(["like", "like"]);
    expect(screen.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("rolls back after the last retry and likes again from its button", async () => {
    let connected = false;
    const { posted, wait } = renderOffline(() => connected);
    await wait(0);
    for (let retry = 1; retry <= SEND_RETRIES; retry++) await wait(retryDelay(retry));
    expect(posted).toHaveLength(1 + SEND_RETRIES);
    expect(screen.getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Niet verstuurd: geen verbinding. Probeer het opnieuw.",
    );
    connected = true;
    fireEvent.click(screen.getByRole("button", { name: "Opnieuw proberen" }));
    await wait(0);
    expect(posted.at(-1)!.get("intent")).toBe("like");
    expect(screen.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
