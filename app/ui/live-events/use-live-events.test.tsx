import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MemberCounts } from "~/domain/accounts/member-counts";
import { useLiveCounts } from "../live-counts/use-live-counts";
import { FakeEventSource, stubEventSource } from "../../../tests/setup/fake-event-source";
import { liveStreamOpen, subscribeLiveEvents, useLiveEvents } from "./use-live-events";

/** The stream address without this tab's own id (random per tab). */
const withoutTab = (url: string) => url.replace(/tab=[\w-]+&?/, "").replace(/\?$/, "");

function Page({ server }: { server: MemberCounts | null }) {
  useLiveEvents(server !== null);
  const counts = useLiveCounts(server);
  return <p>{counts ? `${counts.unreadMessages}/${counts.newLikes}` : "none"}</p>;
}

describe("useLiveEvents", () => {
  stubEventSource();
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens one stream when logged in, hands events to listeners and shows their totals", () => {
    const { rerender, unmount } = render(<Page server={null} />);
    expect(FakeEventSource.opened).toHaveLength(0);
    rerender(<Page server={{ unreadMessages: 0, newLikes: 1 }} />);
    expect(FakeEventSource.opened.map((s) => withoutTab(s.url))).toEqual(["/api/events"]);
    const [source] = FakeEventSource.opened;
    act(() => source!.open());
    expect(liveStreamOpen()).toBe(true);

    const seen: string[] = [];
    const unsubscribe = subscribeLiveEvents((event) => seen.push(`${event.type}#${event.id}`));
    const totals = { num_unread_messages: 3, num_new_likes: 2 };
    act(() => source!.emit("message", "41", { conversationId: 7, messageId: 9, totals }));
    expect(seen).toEqual(["message#41"]);
    expect(screen.getByText("3/2")).toBeInTheDocument();
    unsubscribe();

    unmount();
    expect(source!.closed).toBe(true);
    expect(liveStreamOpen()).toBe(false);
  });

  it("reloads the page when the server refused the stream because the member is logged out", async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ user: {} }))
      .mockResolvedValueOnce(Response.json({ user: null }));
    vi.stubGlobal("fetch", fetchMock);
    render(<Page server={{ unreadMessages: 0, newLikes: 0 }} />);
    const [first] = FakeEventSource.opened;
    act(() => first!.emit("read", "50", { totals: { num_unread_messages: 0, num_new_likes: 0 } }));

    // A network error: reopened a moment later, resuming after the last event.
    act(() => first!.fail(FakeEventSource.CONNECTING));
    expect(first!.closed).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetchMock).not.toHaveBeenCalled();

    // Refused while still logged in (e.g. 503): reopened later, resuming after the last event.
    await act(async () => FakeEventSource.opened[1]!.fail(FakeEventSource.CLOSED));
    expect(fetchMock).toHaveBeenCalledWith("/api/user.php", expect.anything());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(FakeEventSource.opened.map((s) => withoutTab(s.url))).toEqual([
      "/api/events",
      "/api/events?lastEventId=50",
      "/api/events?lastEventId=50",
    ]);

    // Refused, and logged out: reload.
    await act(async () => FakeEventSource.opened[2]!.fail(FakeEventSource.CLOSED));
    expect(reload).toHaveBeenCalled();
  });

  it("reopens a dropped stream as the tab is now, and a tab opened in the background once looked at", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: vi.fn(() => true) });
    let visibility: DocumentVisibilityState = "hidden";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    render(<Page server={{ unreadMessages: 0, newLikes: 0 }} />);
    const hiddenParam = (index: number) =>
      new URL(FakeEventSource.opened[index]!.url, "http://x").searchParams.get("hidden");
    expect(hiddenParam(0)).toBe("1");
    // Looked at: the stream opened in the background is replaced by one that says so.
    visibility = "visible";
    act(() => FakeEventSource.opened[0]!.open());
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(hiddenParam(1)).toBeNull();
    // Hidden again, then the connection drops (a server restarting): reopened as hidden.
    visibility = "hidden";
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    act(() => FakeEventSource.opened[1]!.fail(FakeEventSource.CONNECTING));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(hiddenParam(2)).toBe("1");
    vi.restoreAllMocks();
  });

  it("reports the page hidden again when it was hidden while its new stream connected", () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: beacon });
    let visibility: DocumentVisibilityState = "hidden";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    render(<Page server={{ unreadMessages: 0, newLikes: 0 }} />);
    // Opened in the background: its address says so, no beacon needed.
    act(() => FakeEventSource.opened[0]!.open());
    expect(beacon).not.toHaveBeenCalled();

    // Looked at: a new stream (visible) starts connecting, and the tab is hidden again at once. The
    // beacon may reach the server before the new stream's row, which then says "visible".
    visibility = "visible";
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    visibility = "hidden";
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(beacon).toHaveBeenCalledTimes(1);
    act(() => FakeEventSource.opened[1]!.open());
    expect(beacon).toHaveBeenCalledTimes(2);

    // A stream that connects while the tab is still visible sends nothing.
    visibility = "visible";
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    act(() => FakeEventSource.opened[2]!.open());
    expect(beacon).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it("names its tab, reports the page hidden by beacon and reopens the stream once visible again", () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: beacon });
    let visibility: DocumentVisibilityState = "visible";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    const { unmount } = render(<Page server={{ unreadMessages: 0, newLikes: 0 }} />);
    const first = FakeEventSource.opened[0]!;
    const tab = new URL(first.url, "http://x").searchParams.get("tab");
    expect(tab).toMatch(/^[\w-]{8,40}$/);
    act(() => first.open());

    visibility = "hidden";
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(beacon).toHaveBeenCalledWith(`/api/page-hidden.php?tab=${tab}`, expect.any(Blob));
    expect(FakeEventSource.opened).toHaveLength(1);

    visibility = "visible";
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(new URL(FakeEventSource.opened[1]!.url, "http://x").searchParams.get("tab")).toBe(tab);
    unmount();
    vi.restoreAllMocks();
  });
});
