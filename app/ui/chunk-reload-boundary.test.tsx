import { render, screen } from "@testing-library/react";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub, Outlet } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testTranslator } from "../../tests/setup/render";
import { testRootData } from "../../tests/fixtures/root-data";
import { ErrorBoundary } from "~/root";

const rootData = testRootData({
  installedApp: true,
  site: { ...testRootData().site, enableSiteEntryPopup: "no", fictionalWarning: false },
});

function renderFailingPage(error: Error) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => rootData,
      HydrateFallback: () => null,
      Component: () => <Outlet />,
      ErrorBoundary,
      children: [
        {
          index: true,
          loader: () => {
            throw error;
          },
          Component: () => null,
        },
      ],
    },
  ]);
  return render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={["/"]} />
    </TranslatorProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(console.error).mockImplementation(() => {});
});

describe("the root error boundary and a chunk that failed to load", () => {
  it("reloads the page once; a second failure within 60 s shows the error page", async () => {
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    const chunkError = () => new TypeError("Failed to fetch dynamically imported module: /assets/x-1.js");
    const first = renderFailingPage(chunkError());
    expect(await screen.findByRole("heading", { name: "500" })).toBeInTheDocument();
    // The boundary reloads from an effect, which a busy machine may run after the heading shows.
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();
    renderFailingPage(chunkError());
    expect(await screen.findByRole("heading", { name: "500" })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload for any other error", async () => {
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    renderFailingPage(new Error("database on fire"));
    expect(await screen.findByRole("heading", { name: "500" })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
