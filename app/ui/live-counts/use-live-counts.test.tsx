import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MemberCounts } from "~/domain/accounts/member-counts";
import { REFRESH_MS, useLiveCounts } from "./use-live-counts";

/** The first refresh comes 5 s after the page. */
const FIRST_REFRESH_MS = 5_000;

function Counts({ server }: { server: MemberCounts | null }) {
  const counts = useLiveCounts(server);
  return <p>{counts ? `${counts.unreadMessages}/${counts.newLikes}` : "none"}</p>;
}

const summary = (likes: number) =>
  new Response(JSON.stringify({ summary: { num_unread_messages: 2, num_new_likes: likes } }), {
    headers: { "Content-Type": "application/json" },
  });

describe("useLiveCounts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the server's counts, then refreshes them after 5 s and every 60 s", async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(summary(3)).mockResolvedValueOnce(summary(4));
    vi.stubGlobal("fetch", fetchMock);
    render(<Counts server={{ unreadMessages: 0, newLikes: 1 }} />);
    expect(screen.getByText("0/1")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(FIRST_REFRESH_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledWith("/api/user.php", expect.anything());
    expect(screen.getByText("2/3")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText("2/4")).toBeInTheDocument();
  });

  it("lets a newer page load win over an older poll, and polls nothing for visitors", async () => {
    const fetchMock = vi.fn().mockResolvedValue(summary(3));
    vi.stubGlobal("fetch", fetchMock);
    const { rerender } = render(<Counts server={null} />);
    await act(() => vi.advanceTimersByTimeAsync(FIRST_REFRESH_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();
    rerender(<Counts server={{ unreadMessages: 0, newLikes: 1 }} />);
    await act(() => vi.advanceTimersByTimeAsync(FIRST_REFRESH_MS));
    expect(screen.getByText("2/3")).toBeInTheDocument();
    rerender(<Counts server={{ unreadMessages: 5, newLikes: 0 }} />);
    expect(screen.getByText("5/0")).toBeInTheDocument();
  });
});
