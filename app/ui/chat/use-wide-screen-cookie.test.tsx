import { act, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cookieValue } from "~/lib/browser-cookies";
import { WIDE_SCREEN_COOKIE, WIDE_SCREEN_QUERY } from "~/lib/wide-screen";
import { useWideScreenCookie } from "./use-wide-screen-cookie";

/** The chat layout's loader as the server answers it: the list only with the cookie. */
const layoutLoader = vi.fn(() => ({ list: cookieValue(document.cookie, WIDE_SCREEN_COOKIE) === "1" }));

function Layout() {
  const { list } = useLoaderData<{ list: boolean }>();
  useWideScreenCookie(!list);
  return <p>{list ? "met lijst" : "zonder lijst"}</p>;
}

function renderConversation() {
  const Stub = createRoutesStub([
    { path: "/chats/:id", loader: layoutLoader, HydrateFallback: () => null, Component: Layout },
  ]);
  return render(<Stub initialEntries={["/chats/5"]} />);
}

/** A window of this width; `resize` tells the page's listener, as the browser does. */
function emulateWindow(wide: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: wide,
    media: WIDE_SCREEN_QUERY,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = vi.fn(() => query) as unknown as typeof window.matchMedia;
  return {
    resize(nowWide: boolean) {
      query.matches = nowWide;
      for (const listener of listeners) listener();
    },
  };
}

const originalMatchMedia = window.matchMedia;
beforeEach(() => {
  document.cookie = `${WIDE_SCREEN_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  layoutLoader.mockClear();
});
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe("the wide-window cookie", () => {
  it("in a wide window: sets the cookie and loads the page's data again, now with the list", async () => {
    emulateWindow(true);
    renderConversation();
    expect(await screen.findByText("met lijst")).toBeInTheDocument();
    expect(cookieValue(document.cookie, WIDE_SCREEN_COOKIE)).toBe("1");
    expect(layoutLoader).toHaveBeenCalledTimes(2);
  });

  it("in a narrow window: no cookie, no second load", async () => {
    emulateWindow(false);
    renderConversation();
    expect(await screen.findByText("zonder lijst")).toBeInTheDocument();
    expect(cookieValue(document.cookie, WIDE_SCREEN_COOKIE)).toBeUndefined();
    expect(layoutLoader).toHaveBeenCalledTimes(1);
  });

  it("follows the window: widened, it brings the list; narrowed, it removes the cookie", async () => {
    const browserWindow = emulateWindow(false);
    renderConversation();
    expect(await screen.findByText("zonder lijst")).toBeInTheDocument();
    act(() => browserWindow.resize(true));
    expect(await screen.findByText("met lijst")).toBeInTheDocument();
    expect(cookieValue(document.cookie, WIDE_SCREEN_COOKIE)).toBe("1");
    act(() => browserWindow.resize(false));
    // Removed by Max-Age=0 (jsdom drops it once its clock has moved past that moment).
    await waitFor(() => expect(cookieValue(document.cookie, WIDE_SCREEN_COOKIE)).toBeUndefined());
    // The list already shown stays (the stylesheet hides it in a narrow window); no reload for that.
    expect(layoutLoader).toHaveBeenCalledTimes(2);
  });
});
