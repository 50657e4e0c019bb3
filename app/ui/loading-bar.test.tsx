import { act, render, screen } from "@testing-library/react";
import { createRoutesStub, Link, useRouteError } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testTranslator } from "../../tests/setup/render";
import { RouteErrorPage } from "./error-page";
import { LoadingBar } from "./loading-bar";
import { TranslatorProvider } from "./use-translation";

describe("LoadingBar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("appears only when a navigation takes longer than 200 ms, and goes when it finishes", async () => {
    let finish: () => void = () => {};
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <>
            <LoadingBar />
            <Link to="/slow">slow</Link>
          </>
        ),
      },
      {
        path: "/slow",
        loader: () => new Promise<null>((resolve) => (finish = () => resolve(null))),
        Component: () => <LoadingBar />,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    await act(async () => screen.getByText("slow").click());
    expect(screen.getByTestId("loading-bar")).not.toHaveClass("is-loading");
    await act(async () => vi.advanceTimersByTime(200 + 1));
    expect(screen.getByTestId("loading-bar")).toHaveClass("is-loading");
    await act(async () => finish());
    expect(screen.getByTestId("loading-bar")).not.toHaveClass("is-loading");
  });
});

describe("LoadingBar after a navigation that failed on the network", () => {
  it("turns red with the error page's retry, and clears when the retry loads the page", async () => {
    let online = false;
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <>
            <LoadingBar />
            <Link to="/next">next</Link>
          </>
        ),
      },
      {
        path: "/next",
        loader: () => {
          if (!online) throw new TypeError("Failed to fetch");
          return null;
        },
        Component: () => (
          <>
            <LoadingBar />
            <p>loaded</p>
          </>
        ),
        ErrorBoundary: () => (
          <>
            <LoadingBar />
            <RouteErrorPage error={useRouteError()} />
          </>
        ),
      },
    ]);
    render(
      <TranslatorProvider value={testTranslator("nl")}>
        <Stub initialEntries={["/"]} />
      </TranslatorProvider>,
    );
    await act(async () => screen.getByText("next").click());
    expect(await screen.findByRole("alert")).toHaveTextContent("Geen verbinding");
    expect(screen.getByTestId("loading-bar")).toHaveClass("is-failed");

    online = true;
    await act(async () => screen.getByRole("button", { name: "Opnieuw proberen" }).click());
    expect(await screen.findByText("loaded")).toBeInTheDocument();
    expect(screen.getByTestId("loading-bar")).not.toHaveClass("is-failed");
  });
});
