import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAppBadge } from "./use-app-badge";

function Badge({ total }: { total: number }) {
  useAppBadge(total);
  return null;
}

/** A navigator with the Badging API, as an installed app has it. */
function fakeBadgeApi(result: () => Promise<void> = () => Promise.resolve()) {
  const setAppBadge = vi.fn((_count: number) => result());
  const clearAppBadge = vi.fn(() => result());
  Object.defineProperty(navigator, "setAppBadge", { value: setAppBadge, configurable: true });
  Object.defineProperty(navigator, "clearAppBadge", { value: clearAppBadge, configurable: true });
  return { setAppBadge, clearAppBadge };
}

afterEach(() => {
  delete (navigator as { setAppBadge?: unknown }).setAppBadge;
  delete (navigator as { clearAppBadge?: unknown }).clearAppBadge;
});

describe("useAppBadge", () => {
  it("shows the total on the badge, follows it and clears the badge at 0", () => {
    const api = fakeBadgeApi();
    const { rerender } = render(<Badge total={3} />);
    expect(api.setAppBadge).toHaveBeenLastCalledWith(3);
    rerender(<Badge total={5} />);
    expect(api.setAppBadge).toHaveBeenLastCalledWith(5);
    rerender(<Badge total={0} />);
    expect(api.clearAppBadge).toHaveBeenCalledTimes(1);
    expect(api.setAppBadge).toHaveBeenCalledTimes(2);
  });

  it("swallows a refusal (a browser tab, no permission)", async () => {
    const api = fakeBadgeApi(() => Promise.reject(new DOMException("not allowed", "NotAllowedError")));
    render(<Badge total={2} />);
    expect(api.setAppBadge).toHaveBeenCalledWith(2);
    // An unhandled rejection would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("does nothing where the Badging API is missing", () => {
    expect("setAppBadge" in navigator).toBe(false);
    expect(() => render(<Badge total={2} />)).not.toThrow();
  });
});
