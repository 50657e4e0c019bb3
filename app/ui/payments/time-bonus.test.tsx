import { act, fireEvent, render, screen } from "@testing-library/react";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub, Link, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testTranslator } from "../../../tests/setup/render";
import type { ComponentProps } from "react";
import { TimeBonus } from "./time-bonus";

const dismissals = vi.fn();

function renderBonus(props: Partial<ComponentProps<typeof TimeBonus>> = {}, path = "/members") {
  const Shell = () => (
    <>
      <TimeBonus secondsLeft={3 * 3600 + 59 * 60 + 58} credits={0} dismissed={false} {...props} />
      <Link to="/profile">profiel</Link> <Link to="/likes">likes</Link>
      <Outlet />
    </>
  );
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: Shell,
      children: [
        { path: "members", Component: () => <p>leden</p> },
        { path: "likes", Component: () => <p>likes-pagina</p> },
        { path: "profile", Component: () => <p>profielpagina</p> },
        { path: "credits", Component: () => <p>credits-pagina</p> },
      ],
    },
    {
      path: "/time-bonus/dismiss",
      action: () => {
        dismissals();
        return { ok: true };
      },
    },
  ]);
  render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={[path]} />
    </TranslatorProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const flush = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers();
  dismissals.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("time bonus banner", () => {
  it("links to /credits with the server's time left, then counts down each second", async () => {
    renderBonus();
    const link = screen.getByTestId("time-bonus-link");
    expect(link).toHaveAttribute("href", "/credits");
    expect(link).toHaveTextContent("25% welkomstbonus op je eerste aankoop, nog 03:59:58");
    await advance(1000);
    expect(screen.getByTestId("time-bonus-countdown")).toHaveTextContent("03:59:57");
    await advance(61_000);
    expect(screen.getByTestId("time-bonus-countdown")).toHaveTextContent("03:58:56");
  });

  it("is gone at zero", async () => {
    renderBonus({ secondsLeft: 2 });
    expect(screen.getByTestId("time-bonus-countdown")).toHaveTextContent("00:00:02");
    await advance(2000);
    expect(screen.queryByTestId("time-bonus-banner")).not.toBeInTheDocument();
  });
});

describe("time bonus modal", () => {
  it("shows 40 s after entering the members area with 0 credits, with the time left", async () => {
    renderBonus();
    await advance(39_000);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await advance(1000);
    const dialog = screen.getByRole("dialog", { name: "25% welkomstbonus!" });
    expect(dialog).toHaveTextContent("Je ontvangt je bonus direct.");
    expect(dialog).toHaveTextContent("Wees er snel bij, deze aanbieding verloopt over 03:59:18");
    expect(screen.getByTestId("time-bonus-modal-link")).toHaveAttribute("href", "/credits");
  });

  it("closing it stores the dismissal", async () => {
    renderBonus();
    await advance(40_000);
    fireEvent.click(screen.getByRole("button", { name: "Sluiten" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await flush();
    await flush();
    expect(dismissals).toHaveBeenCalledTimes(1);
  });

  it("keeps counting while moving inside the area", async () => {
    renderBonus();
    await advance(20_000);
    fireEvent.click(screen.getByRole("link", { name: "likes" }));
    await flush();
    expect(screen.getByText("likes-pagina")).toBeInTheDocument();
    await advance(20_000);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("does not show when the member left the area first", async () => {
    renderBonus();
    await advance(30_000);
    fireEvent.click(screen.getByRole("link", { name: "profiel" }));
    await flush();
    expect(screen.getByText("profielpagina")).toBeInTheDocument();
    await advance(60_000);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it.each([
    ["outside the members area", {}, "/credits"],
    ["with credits", { credits: 5 }, "/members"],
    ["once dismissed", { dismissed: true }, "/members"],
  ])("does not show %s", async (_, props, path) => {
    renderBonus(props, path);
    await advance(60_000);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByTestId("time-bonus-banner")).toBeInTheDocument();
  });
});
