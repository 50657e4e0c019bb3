import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useEngaged } from "./use-engaged";

function Offer() {
  return useEngaged() ? <p>offer</p> : null;
}

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
});
