import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module: it counts engagement once per document. */
async function freshOffer() {
  vi.resetModules();
  const { useEngaged } = await import("./use-engaged");
  return function Offer() {
    return useEngaged() ? <p>offer</p> : null;
  };
}

let Offer: () => React.ReactNode;
beforeEach(async () => {
  Offer = await freshOffer();
});

describe("useEngaged", () => {
  it("is false until the visitor acts on the page, then true for good", () => {
    const { unmount } = render(<Offer />);
    expect(screen.queryByText("offer")).toBeNull();
    act(() => {
      window.dispatchEvent(new Event("mousemove"));
    });
    expect(screen.queryByText("offer")).toBeNull();
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    });
    expect(screen.getByText("offer")).toBeTruthy();
    unmount();
    render(<Offer />);
    expect(screen.getByText("offer")).toBeTruthy();
  });

  // The click goes to what is under the pointer at its release: an offer appearing at the bottom of
  // the screen in between took a tap on a like button there.
  it("counts a press once it ended, after its click", async () => {
    vi.useFakeTimers();
    try {
      render(<Offer />);
      const button = document.createElement("button");
      document.body.append(button);
      act(() => {
        button.dispatchEvent(new Event("pointerdown", { bubbles: true }));
      });
      expect(screen.queryByText("offer")).toBeNull();
      act(() => {
        button.dispatchEvent(new Event("pointerup", { bubbles: true }));
        button.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      });
      expect(screen.queryByText("offer")).toBeNull();
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      expect(screen.getByText("offer")).toBeTruthy();
      button.remove();
    } finally {
      vi.useRealTimers();
    }
  });
});
