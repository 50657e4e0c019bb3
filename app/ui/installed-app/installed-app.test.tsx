import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { TranslatorProvider } from "~/ui/use-translation";
import { createRoutesStub, Outlet, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testRootData } from "../../../tests/fixtures/root-data";
import { testTranslator } from "../../../tests/setup/render";
import { cookieValue } from "~/lib/browser-cookies";
import type { RootData } from "~/lib/root-data";
import { DefaultLayout } from "../layouts/default-layout";
import { useInstalledAppMode } from "./use-installed-app-mode";

/** The root loader as the server answers it: app mode from the cookie (or ?app=1). */
const rootLoader = vi.fn(({ request }: { request: Request }): RootData => {
  const appQuery = new URL(request.url).searchParams.get("app") === "1";
  return testRootData({ installedApp: appQuery || cookieValue(document.cookie, "installed_app") === "1" });
});

function Root() {
  useInstalledAppMode(useLoaderData<RootData>().installedApp);
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  );
}

function renderSite(...entries: string[]) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: rootLoader,
      HydrateFallback: () => null,
      Component: Root,
      children: [
        { index: true, Component: () => <p>home</p> },
        { path: "members", Component: () => <p>ledenlijst</p> },
        { id: "members-id", path: "members/:id", Component: () => <p>profiel</p> },
        { path: "pages/faq", Component: () => <p>faq</p> },
      ],
    },
  ]);
  return render(
    <TranslatorProvider value={testTranslator()}>
      <Stub initialEntries={entries} initialIndex={entries.length - 1} />
    </TranslatorProvider>,
  );
}

/** The installed app's window: `display-mode: standalone` matches. */
function emulateStandalone(standalone: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: standalone && query === "(display-mode: standalone)",
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

const originalMatchMedia = window.matchMedia;
beforeEach(() => {
  document.cookie = "installed_app=; Path=/; Max-Age=0";
  rootLoader.mockClear();
});
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe("installed-app mode", () => {
  it("in the app's window: sets the cookie, reloads the data once and shows the app footer without entry warning", async () => {
    emulateStandalone(true);
    renderSite("/members/7");
    expect(await screen.findByText("profiel")).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector("footer")).toHaveAttribute("data-variant", "app"));
    expect(cookieValue(document.cookie, "installed_app")).toBe("1");
    expect(rootLoader).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId("entry-warning")).not.toBeInTheDocument();
    expect(screen.getByTestId("app-back")).toHaveAttribute("href", "/members");
  });

  it("in a browser tab: clears a cookie the app left and shows the site's footer and entry warning", async () => {
    emulateStandalone(false);
    document.cookie = "installed_app=1; Path=/";
    renderSite("/pages/faq");
    expect(await screen.findByText("faq")).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector("footer")).toHaveAttribute("data-variant", "public"));
    expect(cookieValue(document.cookie, "installed_app")).toBeUndefined();
    expect(await screen.findByTestId("entry-warning")).toBeInTheDocument();
  });

  it("leaves a tab alone that the server already rendered right", async () => {
    emulateStandalone(false);
    renderSite("/members/7");
    expect(await screen.findByText("profiel")).toBeInTheDocument();
    expect(document.querySelector("footer")).toHaveAttribute("data-variant", "public");
    expect(screen.queryByTestId("app-back")).not.toBeInTheDocument();
    expect(rootLoader).toHaveBeenCalledTimes(1);
    expect(document.cookie).not.toContain("installed_app");
  });
});

describe("the Back button", () => {
  it("shows only on its routes", async () => {
    emulateStandalone(true);
    document.cookie = "installed_app=1; Path=/";
    renderSite("/pages/faq");
    expect(await screen.findByText("faq")).toBeInTheDocument();
    expect(document.querySelector("footer")).toHaveAttribute("data-variant", "app");
    expect(screen.queryByTestId("app-back")).not.toBeInTheDocument();
  });

  it("goes back in history when the app has some, else to the parent page", async () => {
    emulateStandalone(true);
    document.cookie = "installed_app=1; Path=/";
    renderSite("/members/7");
    expect(await screen.findByText("profiel")).toBeInTheDocument();
    // No earlier page: the link to /members.
    fireEvent.click(screen.getByTestId("app-back"));
    expect(await screen.findByText("ledenlijst")).toBeInTheDocument();
  });

  it("with history, goes back rather than to the parent", async () => {
    emulateStandalone(true);
    document.cookie = "installed_app=1; Path=/";
    // A browser router numbers its entries in history.state; the test's memory router does not.
    vi.spyOn(window.history, "state", "get").mockReturnValue({ idx: 1 });
    renderSite("/pages/faq", "/members/7");
    expect(await screen.findByText("profiel")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("app-back"));
    expect(await screen.findByText("faq")).toBeInTheDocument();
  });
});
