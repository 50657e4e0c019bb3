import { act, render, screen } from "@testing-library/react";
import { createRoutesStub, Link } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoadingBar } from "./loading-bar";

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
