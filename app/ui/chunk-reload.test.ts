import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isChunkLoadError, reloadForChunkError, reloadOnPreloadErrors } from "./chunk-reload";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("reloadForChunkError", () => {
  it("reloads once, not again within 60 s, and again once 60 s have passed", () => {
    const reload = vi.fn();
    expect(reloadForChunkError(reload)).toBe(true);
    vi.advanceTimersByTime(60_000 - 1);
    expect(reloadForChunkError(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(reloadForChunkError(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload when session storage is unavailable, so it can never loop", () => {
    // As in browsers that block storage: reading window.sessionStorage throws.
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    const reload = vi.fn();
    expect(reloadForChunkError(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("isChunkLoadError", () => {
  it("knows the browsers' failed-import messages and nothing else", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x-1.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("database on fire"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});

describe("vite:preloadError", () => {
  it("cancels the error while it may reload, and lets it through within the 60 s", () => {
    // window.location.reload cannot be replaced; the guard's record shows that a reload was asked for.
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    reloadOnPreloadErrors();
    const first = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    const second = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
